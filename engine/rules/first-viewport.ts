/**
 * The windows the server draws a form page's first screen for, and how it chooses one from a request (docs/decisions.md
 * "A form page comes with its first screen"; runtime/shell/first-viewport.ts draws for it on both sides). Pure.
 */

/** A window's size, CSS px. */
export interface Viewport {
  width: number;
  height: number;
}

/** The phone the server draws for when the request says it comes from one (a 6.1-inch phone's window). */
export const PHONE_VIEWPORT: Viewport = { width: 390, height: 844 };

/** The window the server draws for otherwise (a laptop's browser window). */
export const DESKTOP_VIEWPORT: Viewport = { width: 1280, height: 900 };

/**
 * The window to draw for, from the request's headers: a phone when the browser says it is on one (the
 * `Sec-CH-UA-Mobile: ?1` client hint, or a phone's user agent), else a desktop. A wrong guess costs the browser a
 * render after hydration, nothing more.
 */
export function viewportFor(headers: { mobileHint?: string; userAgent?: string }): Viewport {
  if (headers.mobileHint === '?1') return PHONE_VIEWPORT;
  if (/\b(iPhone|iPod|Mobile|Mobi)\b|Android.+Mobile/i.test(headers.userAgent ?? '')) return PHONE_VIEWPORT;
  return DESKTOP_VIEWPORT;
}

/** A viewport as the page carries it (`390x844`). */
export function viewportText(viewport: Viewport): string {
  return `${viewport.width}x${viewport.height}`;
}

/** The viewport of a page's `data-first-screen` value; the desktop's for a value that is not one. */
export function parseViewport(text: string | null): Viewport {
  const found = /^(\d{2,5})x(\d{2,5})$/.exec(text ?? '');
  return found ? { width: Number(found[1]), height: Number(found[2]) } : DESKTOP_VIEWPORT;
}
