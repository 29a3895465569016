/**
 * The state of a register (administration-data.md "Data table", §4, §9): paging, sorting, column
 * filters, the search, row selection, the reveal delay, reloads and the rows last read. The renderer
 * (runtime/renderer/Register.tsx) sends what the user does and what the API answered; the machine keeps
 * the rules: a new sorting, filter or search goes back to the first page; a reload clears the selection;
 * a single-selection register keeps at most one selected row; the rows stay hidden until the reveal
 * delay has passed (the client switcher's 300 ms, shell-access-navigation.md §9), however fast they arrive.
 *
 * States: `hidden` (before the delay) and `shown`; loading is context (`loading`), since a reload may
 * start in either. Named delay `revealDelay` (from the input), named actions, no React and no I/O.
 */
import { assign, setup } from 'xstate';

export interface RegisterSort {
  id: string;
  desc: boolean;
}
export interface RegisterFilter {
  id: string;
  value: unknown;
}
export type RegisterRow = Record<string, unknown>;

export interface RegisterContext {
  pageIndex: number;
  pageSize: number;
  sorting: RegisterSort[];
  filters: RegisterFilter[];
  globalFilter: string;
  /** Selected row ids. */
  selected: Record<string, boolean>;
  selection: 'none' | 'single' | 'multi';
  rows: RegisterRow[];
  totalRecords: number;
  loading: boolean;
  /** The server's message of the last failed read or action. */
  error: string | null;
  /** Counts reloads: a change asks for the rows again. */
  reloads: number;
  revealDelayMs: number;
}

export interface RegisterInput {
  pageSize: number;
  /** The column filters the register opens with (a document's quick filters' defaults). */
  filters?: RegisterFilter[];
  selection?: 'none' | 'single' | 'multi';
  revealDelayMs?: number;
}

export type RegisterEvent =
  | { type: 'PAGE'; pageIndex: number; pageSize: number }
  | { type: 'SORT'; sorting: RegisterSort[] }
  | { type: 'FILTER'; filters: RegisterFilter[] }
  | { type: 'SEARCH'; globalFilter: string }
  | { type: 'SELECT'; selected: Record<string, boolean> }
  | { type: 'RELOAD' }
  | { type: 'LOADING' }
  | { type: 'LOADED'; rows: RegisterRow[]; totalRecords: number }
  | { type: 'FAILED'; error: string };

/** The register machine; see the module comment. */
export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterInput,
  },
  delays: {
    revealDelay: ({ context }) => context.revealDelayMs,
  },
  guards: {
    hasRevealDelay: ({ context }) => context.revealDelayMs > 0,
  },
  actions: {
    page: assign(({ event }) =>
      event.type === 'PAGE' ? { pageIndex: Math.max(0, event.pageIndex), pageSize: event.pageSize } : {},
    ),
    sort: assign(({ event }) => (event.type === 'SORT' ? { sorting: event.sorting, pageIndex: 0 } : {})),
    filter: assign(({ event }) => (event.type === 'FILTER' ? { filters: event.filters, pageIndex: 0 } : {})),
    search: assign(({ event }) => (event.type === 'SEARCH' ? { globalFilter: event.globalFilter, pageIndex: 0 } : {})),
    select: assign(({ context, event }) => {
      if (event.type !== 'SELECT' || context.selection === 'none') return {};
      const chosen = Object.keys(event.selected).filter((id) => event.selected[id]);
      if (context.selection === 'single' && chosen.length > 1) {
        // Keep the newest choice: the one that was not selected before.
        const added = chosen.find((id) => !context.selected[id]) ?? chosen[chosen.length - 1];
        return { selected: { [added]: true } };
      }
      return { selected: Object.fromEntries(chosen.map((id) => [id, true])) };
    }),
    reload: assign(({ context }) => ({ reloads: context.reloads + 1, selected: {} })),
    loading: assign({ loading: true }),
    loaded: assign(({ event }) =>
      event.type === 'LOADED'
        ? { rows: event.rows, totalRecords: event.totalRecords, loading: false, error: null }
        : {},
    ),
    failed: assign(({ event }) => (event.type === 'FAILED' ? { loading: false, error: event.error } : {})),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    pageIndex: 0,
    pageSize: input.pageSize,
    sorting: [],
    filters: input.filters ?? [],
    globalFilter: '',
    selected: {},
    selection: input.selection ?? 'none',
    rows: [],
    totalRecords: 0,
    loading: true,
    error: null,
    reloads: 0,
    revealDelayMs: input.revealDelayMs ?? 0,
  }),
  initial: 'starting',
  on: {
    PAGE: { actions: 'page' },
    SORT: { actions: 'sort' },
    FILTER: { actions: 'filter' },
    SEARCH: { actions: 'search' },
    SELECT: { actions: 'select' },
    RELOAD: { actions: 'reload' },
    LOADING: { actions: 'loading' },
    LOADED: { actions: 'loaded' },
    FAILED: { actions: 'failed' },
  },
  states: {
    starting: { always: [{ guard: 'hasRevealDelay', target: 'hidden' }, { target: 'shown' }] },
    hidden: { after: { revealDelay: 'shown' } },
    shown: {},
  },
});
