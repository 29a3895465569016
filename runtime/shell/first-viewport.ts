/**
 * The window a form page's first screen is drawn for (issue 21 "Speed", docs/decisions.md "A form page comes with its
 * first screen"). The server cannot know the browser's window, so it draws for a guess from the request (a phone's or
 * a desktop's: engine/rules/first-viewport.ts viewportFor) and writes the guess into the page (`#root data-first-screen="390x844"`); the
 * browser's hydrating render takes the same guess (runtime/main.tsx), so both draw the same elements, and the real
 * window takes over right after (media queries answer it; a long page measures and adds the fields it lacks).
 *
 * What reads it: the media queries of the shell's menus (MUI useMediaQuery's `ssrMatchMedia`, {@link firstScreenMedia})
 * and the first fields of a long page (renderer/widgets/ProgressiveObjectFieldTemplate), through React's server
 * snapshot: read on the server and while the browser hydrates, never in later renders.
 */
import { match } from 'css-mediaquery';
import { useSyncExternalStore } from 'react';

import { DESKTOP_VIEWPORT, type Viewport } from '../../engine/rules/first-viewport';

/** On the server: the window of the render under way (renders are synchronous, one at a time). */
let drawing: Viewport | undefined;
/** In the browser: the window the page's first screen was drawn for, from the page (kept: hydration comes in passes). */
let pageViewport: Viewport | undefined;

/**
 * On the server: runs `draw` (renderToString, synchronous) with the first screen's window set to `viewport`; returns
 * what it returns.
 */
export function drawingFor<T>(viewport: Viewport, draw: () => T): T {
  drawing = viewport;
  try {
    return draw();
  } finally {
    drawing = undefined;
  }
}

/**
 * In the browser, before hydrating: the window the server drew the page's first screen for. It is read only where
 * React asks for a server snapshot (the hydration of each part, which may come in several passes; never afterwards).
 */
export function hydratingFor(viewport: Viewport): void {
  pageViewport = viewport;
}

function current(): Viewport | undefined {
  return drawing ?? pageViewport;
}

const subscribeNever = () => () => undefined;
const none = () => undefined;

/**
 * The window of the first screen while a component is drawn into it (on the server, or hydrated in the browser);
 * undefined in every other render (the browser's window is the one to read then).
 */
export function useFirstScreenViewport(): Viewport | undefined {
  return useSyncExternalStore(subscribeNever, none, current);
}

/** A media query's answer in the first screen's window (MUI's `ssrMatchMedia`). */
function ssrMatchMedia(query: string): { matches: boolean } {
  const viewport = current() ?? DESKTOP_VIEWPORT;
  return { matches: match(query, { width: `${viewport.width}px`, height: `${viewport.height}px` }) };
}

/**
 * useMediaQuery's options for a query the first screen depends on: MUI answers a server snapshot (the server's render,
 * the browser's hydration) with `ssrMatchMedia`, so both answer for the first screen's window; every later render
 * reads the browser's window. None when the page has no first screen.
 */
export function firstScreenMedia(): { ssrMatchMedia?: typeof ssrMatchMedia } {
  return current() ? { ssrMatchMedia } : {};
}
