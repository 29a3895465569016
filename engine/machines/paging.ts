/**
 * The multi-page form renderer's paging flow (form-configuration.md §2 "Multi-page form renderer",
 * §4, §5 "Multi-page renderer"): page links and Next/Previous move between pages; going forward is
 * blocked while the current page has errors, except in view state where the checks are skipped.
 *
 * Pure XState v5: the renderer validates the current page itself and sends the result with the event
 * (`pageValid`), so the machine stays free of React and of any validator.
 */
import { and, assign, setup } from 'xstate';

/** Message ids the machine may show when forward movement is stopped (schemas/messages/en.json). */
export type PagingBlockedMessageId = 'form.requiredOnPage' | 'form.allOnPage';

export interface PagingContext {
  /** Number of pages, at least 1. */
  pageCount: number;
  /** Index of the page shown, 0-based. */
  current: number;
  /** View state: moving needs no checks. */
  readonly: boolean;
  /** Text shown while blocked. */
  blockedMessageId: PagingBlockedMessageId;
}

export interface PagingInput {
  pageCount: number;
  /** View state: no checks when moving. */
  readonly?: boolean;
  /** First page shown, 0-based; default 0. */
  start?: number;
  blockedMessageId?: PagingBlockedMessageId;
}

export type PagingEvent =
  /** Forward one page; `pageValid` is whether the current page has no errors. */
  | { type: 'NEXT'; pageValid: boolean }
  | { type: 'PREVIOUS' }
  /** A page link: `page` is 0-based; moving backward or staying never needs `pageValid`. */
  | { type: 'GOTO'; page: number; pageValid: boolean }
  /** The user changed the current page; the blocked message goes away. */
  | { type: 'EDITED' };

function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(0, Math.trunc(page)), Math.max(0, pageCount - 1));
}

/**
 * The paging machine. States: `editing.ready`, `editing.blocked` (the blocked message shows) and
 * `viewing` (read-only: no checks). Named guards: hasNext, hasPrevious, pageValid, isTargetBackward,
 * isTargetForward, isTargetOnForm, isReadonly; named actions: goNext, goPrevious, goTo.
 */
export const pagingMachine = setup({
  types: {
    context: {} as PagingContext,
    events: {} as PagingEvent,
    input: {} as PagingInput,
  },
  guards: {
    isReadonly: ({ context }) => context.readonly,
    hasNext: ({ context }) => context.current < context.pageCount - 1,
    hasPrevious: ({ context }) => context.current > 0,
    pageValid: ({ event }) => 'pageValid' in event && event.pageValid,
    isTargetBackward: ({ context, event }) =>
      event.type === 'GOTO' && event.page >= 0 && event.page < context.pageCount && event.page <= context.current,
    isTargetForward: ({ context, event }) =>
      event.type === 'GOTO' && event.page < context.pageCount && event.page > context.current,
    isTargetOnForm: ({ context, event }) => event.type === 'GOTO' && event.page >= 0 && event.page < context.pageCount,
  },
  actions: {
    goNext: assign({ current: ({ context }) => clampPage(context.current + 1, context.pageCount) }),
    goPrevious: assign({ current: ({ context }) => clampPage(context.current - 1, context.pageCount) }),
    goTo: assign({
      current: ({ context, event }) =>
        event.type === 'GOTO' ? clampPage(event.page, context.pageCount) : context.current,
    }),
  },
}).createMachine({
  id: 'paging',
  context: ({ input }) => {
    const pageCount = Math.max(1, Math.trunc(input.pageCount));
    return {
      pageCount,
      current: clampPage(input.start ?? 0, pageCount),
      readonly: input.readonly ?? false,
      blockedMessageId: input.blockedMessageId ?? 'form.requiredOnPage',
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isReadonly', target: 'viewing' }, { target: 'editing' }],
    },
    editing: {
      initial: 'ready',
      states: { ready: {}, blocked: {} },
      on: {
        NEXT: [
          { guard: and(['hasNext', 'pageValid']), actions: 'goNext', target: '.ready' },
          { guard: 'hasNext', target: '.blocked' },
        ],
        PREVIOUS: { guard: 'hasPrevious', actions: 'goPrevious', target: '.ready' },
        GOTO: [
          { guard: 'isTargetBackward', actions: 'goTo', target: '.ready' },
          { guard: and(['isTargetForward', 'pageValid']), actions: 'goTo', target: '.ready' },
          { guard: 'isTargetForward', target: '.blocked' },
        ],
        EDITED: { target: '.ready' },
      },
    },
    viewing: {
      on: {
        NEXT: { guard: 'hasNext', actions: 'goNext' },
        PREVIOUS: { guard: 'hasPrevious', actions: 'goPrevious' },
        GOTO: { guard: 'isTargetOnForm', actions: 'goTo' },
      },
    },
  },
});
