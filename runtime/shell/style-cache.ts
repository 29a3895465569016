/**
 * Emotion's style cache of the MUI root (./MuiRoot): MUI's styles go into <style> elements carrying the page's
 * CSP nonce (the server writes it into index.html as <meta name="csp-nonce">; api/middleware/security.ts).
 */
import createCache from '@emotion/cache';

const nonce = globalThis.document?.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;

/** The cache every MuiRoot provides. */
export const styleCache = createCache({ key: 'css', nonce });

/**
 * Removes every <style> element the cache has written and forgets that it wrote them, so that the next render
 * writes what it needs afresh, as a newly loaded page would. The jsdom tests call it after each test
 * (runtime/test/setup.ts): jsdom's getComputedStyle reads every rule of the page for every element it is asked
 * about, and a thousand rules left over from the tests before made a test five times slower.
 */
export function resetStyleCache(): void {
  styleCache.sheet.flush();
  forgetInsertedStyles();
}

/**
 * Forgets which rules the cache has written, so that the next render writes each rule it uses again: on the server
 * (runtime/server/render.tsx), where each page's render writes its rules inline, before every page.
 */
export function forgetInsertedStyles(): void {
  for (const key of Object.keys(styleCache.inserted)) delete styleCache.inserted[key];
}
