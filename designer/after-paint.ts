/**
 * Work after the next paint (issue 21 "Speed": "every edit's next frame p95 <= 16 ms"). React's `useDeferredValue`
 * renders the deferred part in the scheduler's tasks right after the edit's commit, so on a fast key or click most
 * of it still runs before the browser's next frame and that frame waits for it. {@link useAfterPaint} hands a value
 * on only once the frame after the change has been produced (a `requestAnimationFrame`, then a task after it: the
 * pattern browsers document for "yield until after the next paint"), and then as a transition, so that a later
 * input still interrupts it. Used for what an edit changes besides what it shows: the property panel of a new
 * selection, the widgets of a row just mounted.
 */
import { startTransition, useEffect, useState } from 'react';

/** Longest wait for a frame (ms): a hidden tab draws none, and its work must not wait for the tab to show. */
const FRAME_WAIT_MS = 100;

/**
 * Calls `run` in a task after the next frame (or after {@link FRAME_WAIT_MS} when no frame comes).
 * @returns a function that cancels the call
 */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  const fallback = setTimeout(once, FRAME_WAIT_MS);
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          timer = setTimeout(once, 0);
        })
      : undefined;
  return () => {
    done = true;
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}

/**
 * `value`, handed on after the next paint (see the module comment): the first render gets `initial` (by default
 * `value` itself); after that, a new `value` shows in a transition started after the frame that followed its
 * render. A value that changes again before then replaces the waiting one (only the latest is rendered).
 * @example const shown = useAfterPaint(selection); // the panel follows the selection one frame later
 */
export function useAfterPaint<T>(value: T, ...initial: [] | [T]): T {
  const [shown, setShown] = useState<T>(initial.length > 0 ? (initial[0] as T) : value);
  // Only a new value starts a wait (`shown` is read as it was when the value came).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see the line above
  useEffect(() => {
    if (Object.is(shown, value)) return;
    return afterNextPaint(() => startTransition(() => setShown(() => value)));
  }, [value]);
  return shown;
}
