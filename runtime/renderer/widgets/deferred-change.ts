/**
 * The keystroke path of the text widgets (issue "The form runtime", "Speed": typing re-renders only the
 * field typed into and what depends on it). A widget keeps what the user typed in its own state, shown in
 * the keystroke's own frame; the form hears of it in a React transition, so RJSF's form-wide update
 * (deriving its state, conditions, validity) runs after that frame and yields to the next keystroke.
 * Leaving the field or pressing Enter hands the latest value over at once (`flush`), so a blur, a click on
 * Submit or an Enter submission always sees what was typed.
 */
import { useCallback, useRef, useTransition } from 'react';

export interface DeferredChange<T> {
  /** True while a value handed over is not yet the form's. */
  pending: boolean;
  /** Hands a value to the form in a transition. */
  send(value: T): void;
  /** Hands the last value sent to the form now, if it is still on its way. */
  flush(): void;
}

/** See the module comment. `onChange` is the widget's RJSF onChange. */
export function useDeferredChange<T>(onChange: (value: T) => void): DeferredChange<T> {
  const [pending, startTransition] = useTransition();
  const last = useRef<{ value: T } | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const send = useCallback((value: T) => {
    last.current = { value };
    startTransition(() => onChangeRef.current(value));
  }, []);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const flush = useCallback(() => {
    if (last.current && pendingRef.current) onChangeRef.current(last.current.value);
  }, []);
  return { pending, send, flush };
}
