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
import { useCallback, useEffect, useRef, useTransition } from 'react';

/** A page with at least this many fields is a long form: its text fields hand edits over once typing pauses. */
export const LONG_FORM_FIELDS = 50;

/** How long typing must pause on a long form before the form hears of it, ms. */
export const LONG_FORM_SETTLE_MS = 200;

/** What SchemaForm tells its widgets through RJSF's formContext. */
export interface SchemaFormContext {
  /** Edits reach the form once typing pauses this long (0: in a transition at once). */
  settleMs?: number;
  /** The screen's route parameters and inputs (e.g. formArea, id), for fields that call the API. */
  params?: Record<string, string | undefined>;
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

export interface DeferredChange<T> {
  /** True while a value handed over is not yet the form's. */
  pending: boolean;
  /** Hands a value to the form in a transition. */
  send(value: T): void;
  /** Hands the last value sent to the form now, if it is still on its way. */
  flush(): void;
}

/**
 * See the module comment. `onChange` is the widget's RJSF onChange. With `settleMs`, the form hears of
 * the edits only once they pause that long (a grid's edits: each of RJSF's updates of a 400-cell value
 * costs more than a frame); `flush` and unmounting hand the last one over at once.
 */
export function useDeferredChange<T>(onChange: (value: T) => void, settleMs = 0): DeferredChange<T> {
  const [inTransition, startTransition] = useTransition();
  const last = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const send = useCallback(
    (value: T) => {
      last.current = { value };
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
  const pendingRef = useRef(inTransition);
  pendingRef.current = inTransition;
  const flush = useCallback(() => {
    if (!last.current || (!pendingRef.current && !waiting.current)) return;
    clearTimeout(timer.current);
    waiting.current = false;
    onChangeRef.current(last.current.value);
  }, []);
  useEffect(() => () => flush(), [flush]);
  return { pending: inTransition || waiting.current, send, flush };
}
