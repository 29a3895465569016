/**
 * The keystroke path of the text widgets (issue "The form runtime", "Speed": typing re-renders only the
 * field typed into and what depends on it). A widget keeps what the user typed in its own state, shown in
 * the keystroke's own frame; the form hears of it in a React transition, so RJSF's form-wide update
 * (deriving its state, conditions, validity) runs after that frame and yields to the next keystroke. On a
 * long form (LONG_FORM_FIELDS or more on the page) that update costs about a frame, so the form hears of
 * the edits only once typing pauses (LONG_FORM_SETTLE_MS): quick keys never wait for it.
 * Leaving the field or pressing Enter hands the latest value over at once (`flush`), so a blur, a click on
 * Submit or an Enter submission always sees what was typed.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useTransition } from 'react';

/** A page with at least this many fields is a long form: its text fields hand edits over once typing pauses. */
export const LONG_FORM_FIELDS = 50;

/** How long typing must pause on a long form before the form hears of it, ms. */
export const LONG_FORM_SETTLE_MS = 200;

/**
 * The edits of a form's fields that may still be on their way: each field's `flush`, which hands its last
 * edit to the form now if the form does not hold it yet. SchemaForm runs them all before it validates and
 * moves to another page or submits (issue 19: a click on Next right after typing is never lost).
 */
export type PendingEdits = Set<() => void>;

/** What SchemaForm tells its widgets through RJSF's formContext. */
export interface SchemaFormContext {
  /** Edits reach the form once typing pauses this long (0: in a transition at once). */
  settleMs?: number;
  /** The screen's route parameters and inputs (e.g. formArea, id), for fields that call the API. */
  params?: Record<string, string | undefined>;
  /** Where the fields' flushes are kept (see PendingEdits). */
  pendingEdits?: PendingEdits;
}

/** The screen's parameters a field reads from its registry's formContext. */
export function paramsOf(formContext: unknown): Record<string, string | undefined> {
  return (formContext as SchemaFormContext | undefined)?.params ?? {};
}

/** The settle time a widget reads from its registry's formContext. */
export function settleMsOf(formContext: unknown): number {
  const ms = (formContext as SchemaFormContext | undefined)?.settleMs;
  return typeof ms === 'number' && ms > 0 ? ms : 0;
}

/** The pending edits of the form a widget belongs to, if its form keeps them. */
export function pendingEditsOf(formContext: unknown): PendingEdits | undefined {
  return (formContext as SchemaFormContext | undefined)?.pendingEdits;
}

export interface DeferredChange<T> {
  /** True while a value handed over is not yet the form's. */
  pending: boolean;
  /** Hands a value to the form in a transition. */
  send(value: T): void;
  /** Hands the last value sent to the form now, if the form does not hold it yet. */
  flush(): void;
}

export interface DeferredChangeOptions {
  /**
   * The form's value of the field as the widget is given it. When given, `flush` compares the last value
   * sent with the form's value of the last committed render and hands it over only when they differ;
   * without it, `flush` hands over any value sent since the last flush.
   */
  value?: unknown;
  /** The form's pending edits (pendingEditsOf(formContext)): `flush` is kept there while mounted. */
  pendingEdits?: PendingEdits;
}

/** True when two form values are the same (strings, numbers, or JSON-equal objects such as a grid's answer). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * See the module comment. `onChange` is the widget's RJSF onChange. With `settleMs`, the form hears of
 * the edits only once they pause that long (a grid's edits: each of RJSF's updates of a 400-cell value
 * costs more than a frame); `flush` and unmounting hand the last one over at once.
 *
 * Whether the form already holds the last edit is read from what has been committed, never from a render
 * (React may render a transition and throw the render away before it commits): with `options.value`, from
 * the value the last committed render was given; without it, any edit sent since the last flush counts as
 * on its way.
 */
export function useDeferredChange<T>(
  onChange: (value: T) => void,
  settleMs = 0,
  options: DeferredChangeOptions = {},
): DeferredChange<T> {
  const [inTransition, startTransition] = useTransition();
  const last = useRef<{ value: T } | null>(null);
  // True from a send until the next flush.
  const unsent = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const watchesValue = 'value' in options;
  // The form's value as of the last commit (a layout effect: a render React discards never sets it).
  const committed = useRef<unknown>(options.value);
  useLayoutEffect(() => {
    committed.current = options.value;
  });
  const send = useCallback(
    (value: T) => {
      last.current = { value };
      unsent.current = true;
      if (settleMs <= 0) {
        startTransition(() => onChangeRef.current(value));
        return;
      }
      waiting.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        waiting.current = false;
        startTransition(() => onChangeRef.current(value));
      }, settleMs);
    },
    [settleMs],
  );
  const flush = useCallback(() => {
    if (!last.current || !unsent.current) return;
    clearTimeout(timer.current);
    waiting.current = false;
    unsent.current = false;
    if (watchesValue && sameValue(last.current.value, committed.current)) return;
    onChangeRef.current(last.current.value);
  }, [watchesValue]);
  const pendingEdits = options.pendingEdits;
  useEffect(() => {
    if (!pendingEdits) return;
    pendingEdits.add(flush);
    return () => {
      pendingEdits.delete(flush);
    };
  }, [pendingEdits, flush]);
  useEffect(() => () => flush(), [flush]);
  return { pending: inTransition || waiting.current, send, flush };
}
