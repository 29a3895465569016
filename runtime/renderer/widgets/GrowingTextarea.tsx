/**
 * The textarea of the multi-line text widget (HzTextareaWidget, as MUI's `inputComponent`): at least `rows`
 * lines high, growing with its text, as MUI's TextareaAutosize - without its cost on a long page (issue 21
 * "Speed"). TextareaAutosize measures every textarea in a layout effect on every render, each reading the layout
 * the one before it had just changed: a page of 100 questions with 10 long texts laid the page out once per
 * textarea before its first paint (57 ms of a 195 ms render in the form-page benchmark's profile). Here an empty
 * textarea is its `rows` high by itself (nothing to measure), textareas that open with text are measured
 * together once before the next frame (every height cleared, every height read, every height set: one layout),
 * and a textarea is measured on its own only when its text changes (typing) or its width does (a resize).
 * Where the browser sizes a textarea to its text itself (CSS `field-sizing: content`: Chromium, Edge, Safari 26),
 * nothing is measured at all: a key typed into a long text (or the form creator's label) forces no layout.
 */
import { forwardRef, type TextareaHTMLAttributes, useCallback, useLayoutEffect, useRef } from 'react';

/** The props MUI's InputBase gives its input component (its `ownerState` is not a DOM attribute). */
type GrowingTextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ownerState?: unknown };

/**
 * Sets each textarea's height to its text's: all cleared first, then all read (one layout for them all),
 * then all set. A textarea with no layout (not shown, or a test's DOM) keeps its `rows` height.
 */
function fitHeights(textareas: readonly HTMLTextAreaElement[]): void {
  const shown = textareas.filter((textarea) => textarea.isConnected);
  for (const textarea of shown) textarea.style.height = 'auto';
  const heights = shown.map((textarea) => textarea.scrollHeight);
  shown.forEach((textarea, i) => {
    textarea.style.height = heights[i] > 0 ? `${heights[i]}px` : '';
  });
}

/** Textareas to measure before the next frame, together. */
const waiting = new Set<HTMLTextAreaElement>();
let frame = 0;

/** Measures a textarea with the others waiting, before the next frame (at once where there are no frames). */
function fitSoon(textarea: HTMLTextAreaElement): void {
  if (typeof requestAnimationFrame !== 'function') {
    fitHeights([textarea]);
    return;
  }
  waiting.add(textarea);
  if (frame !== 0) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    const batch = [...waiting];
    waiting.clear();
    fitHeights(batch);
  });
}

/** The width each textarea was last seen at: only a change of width changes how its text wraps. */
const widths = new WeakMap<HTMLTextAreaElement, number>();
let resizes: ResizeObserver | undefined;

/** One observer for every textarea; a textarea whose width changed is measured again before the next frame. */
function observeWidth(textarea: HTMLTextAreaElement): () => void {
  if (typeof ResizeObserver !== 'function') return () => undefined;
  resizes ??= new ResizeObserver((entries) => {
    for (const entry of entries) {
      const target = entry.target as HTMLTextAreaElement;
      const width = entry.contentRect.width;
      const before = widths.get(target);
      widths.set(target, width);
      // Measured in the next frame, not here: a height set in the observer's callback is a change it would
      // have to report again in the same frame.
      if (before !== undefined && before !== width && target.value !== '') fitSoon(target);
    }
  });
  resizes.observe(textarea);
  return () => resizes?.unobserve(textarea);
}

/**
 * A textarea the browser sizes to its text (CSS `field-sizing: content`, Chromium 123 and later): nothing to
 * measure, no layout forced by a key typed; at least `rows` lines high (`rows` does not size such a textarea).
 */
const SizedTextarea = forwardRef<HTMLTextAreaElement, GrowingTextareaProps>(function SizedTextarea(
  { ownerState: _ownerState, style, ...props },
  forwardedRef,
) {
  const rows = props.rows ?? 2;
  return (
    <textarea
      ref={forwardedRef}
      style={{ overflow: 'hidden', fieldSizing: 'content', minHeight: `${rows}lh`, ...style }}
      {...props}
    />
  );
});

/** A textarea measured to grow with its text, where the browser does not size it; see the module comment. */
const MeasuredTextarea = forwardRef<HTMLTextAreaElement, GrowingTextareaProps>(function MeasuredTextarea(
  { ownerState: _ownerState, style, ...props },
  forwardedRef,
) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const mounted = useRef(false);
  const setRef = useCallback(
    (element: HTMLTextAreaElement | null) => {
      own.current = element;
      if (typeof forwardedRef === 'function') forwardedRef(element);
      else if (forwardedRef) forwardedRef.current = element;
    },
    [forwardedRef],
  );
  useLayoutEffect(() => {
    const textarea = own.current;
    if (!textarea) return;
    return observeWidth(textarea);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is the moment to measure
  useLayoutEffect(() => {
    const textarea = own.current;
    if (!textarea) return;
    if (!mounted.current) {
      mounted.current = true;
      // An empty textarea is already its `rows` high.
      if (textarea.value !== '') fitSoon(textarea);
      return;
    }
    fitHeights([textarea]);
  }, [props.value]);
  return <textarea ref={setRef} style={{ overflow: 'hidden', ...style }} {...props} />;
});

/** Whether the browser sizes a textarea to its text itself (CSS `field-sizing`; jsdom and older browsers do not). */
const sizesItself =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** A textarea growing with its text (see the module comment): sized by the browser where it can, else measured. */
export const GrowingTextarea = sizesItself ? SizedTextarea : MeasuredTextarea;
