/**
 * Set-up of the jsdom test projects (vitest.config.ts): jest-dom matchers, the mock API (MSW over the real
 * app, imported on first use: before the first test of a file that names it, else at the first request; any
 * request it has no handler for fails the test), fresh data before and a clean DOM (no MUI styles
 * either) after each test.
 *
 * Where jsdom files share their worker's module graph and jsdom window (`isolate: false`, the next step of
 * docs/testing.md "How long the suite takes"), this file runs again before each of them; it puts back at the end of
 * each file what a file may leave in the window that the next would see: the
 * window's own functions and objects a test replaces by assignment (matchMedia, the clipboard, URL.createObjectURL,
 * fetch...), web storage and the address. A file starts as it would in a window of its own.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { resetStyleCache } from '../shell/style-cache';
import { installFastComputedStyle } from './computed-style';
import { installFastLabelControl } from './label-control';
import { mockApi, server } from './mock-api';

// jsdom's getComputedStyle with a cheap check before each style rule's selector match: the same answers, a fraction
// of the CPU time of role queries over MUI pages (runtime/test/computed-style.ts).
installFastComputedStyle();
// A label's `for` control from the document's id index, not a walk of the page (runtime/test/label-control.ts).
installFastLabelControl();

// React's development build captures a stack (an Error, for the "owner stack" of its warnings and DevTools) for each
// element it creates, up to 10,000 a second: 7-10% of a heavy jsdom file's CPU and much of its garbage. The tests do
// not read owner stacks, so the count it checks against its limit always reads as reached (docs/testing.md
// "React's owner stacks"). Warnings and errors still print, with the component stack instead of the owner's.
const reactInternals = (React as unknown as Record<string, object>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals)
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => Number.POSITIVE_INFINITY,
    set: () => {},
  });

// jsdom has no 2D canvas (it would log 'Not implemented' each time): the signature pad sees none.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// jsdom does no layout; the rich-text editor (ProseMirror) asks for positions. Nothing is at any point.
if (!document.elementFromPoint) document.elementFromPoint = () => null;
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

// Requests go out through Node's fetch, which only reads Node's own FormData: jsdom's would lose the
// names of uploaded files. Uploads are built with Node's FormData, File and Blob (as a browser's are its own).
const NodeFormData = (await new Response(new URLSearchParams('a=b')).formData()).constructor as typeof FormData;
globalThis.FormData = NodeFormData;
globalThis.File = NodeFile as unknown as typeof File;
globalThis.Blob = NodeBlob as unknown as typeof Blob;

// Sections and renderers are loaded on demand; the first load of a chunk takes a while under jsdom.
configure({ asyncUtilTimeout: 10000, getElementError });

/**
 * testing-library's error for a query that found nothing, as its own (the message, then the page printed), except
 * inside an attempt of `waitFor` or a `findBy` query, which it marks with `_disableExpensiveErrorDiagnostics`: an
 * attempt's error is thrown away unless it is the last, and `waitFor` adds the page to that one when it times out
 * (its `onTimeout` calls this again, outside any attempt). Printing the whole page at every failed attempt (each DOM
 * change and every 50 ms while a screen loads) was a share of the jsdom files' CPU (docs/testing.md).
 */
function getElementError(message: string | null, container: Element): Error {
  const config = getConfig() as ReturnType<typeof getConfig> & { _disableExpensiveErrorDiagnostics?: boolean };
  const text = config._disableExpensiveErrorDiagnostics
    ? (message ?? '')
    : [message, `Ignored nodes: comments, ${config.defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n');
  const error = new Error(text);
  error.name = 'TestingLibraryElementError';
  return error;
}

/**
 * What tests replace by assignment or `Object.defineProperty` (vitest's restoreAllMocks puts back only spies), as
 * this file first found them in the worker's window: each file gets them back at its end.
 */
const replaceable: Array<[object, string]> = [
  [window, 'matchMedia'],
  [window, 'opener'],
  [window, 'close'],
  [globalThis, 'fetch'],
  [globalThis, 'Function'],
  [navigator, 'clipboard'],
  [URL, 'createObjectURL'],
  [URL, 'revokeObjectURL'],
];
type Original = { owner: object; key: string; descriptor: PropertyDescriptor | undefined; value: unknown };
const kept = globalThis as { __setupOriginals?: Original[] };
kept.__setupOriginals ??= replaceable.map(([owner, key]) => ({
  owner,
  key,
  descriptor: Object.getOwnPropertyDescriptor(owner, key),
  value: (owner as Record<string, unknown>)[key],
}));
const originals = kept.__setupOriginals;

function putBackWindow(): void {
  for (const { owner, key, descriptor, value } of originals) {
    const now = Object.getOwnPropertyDescriptor(owner, key);
    if (descriptor === undefined) {
      if (now) delete (owner as Record<string, unknown>)[key];
    } else if (now?.value !== descriptor.value || now?.get !== descriptor.get) {
      Object.defineProperty(owner, key, descriptor);
    }
    // A value assigned through the global's accessors can outlive the delete above (window.matchMedia set and
    // deleted by a test still answered afterwards, and MUI's useMediaQuery then saw a phone): the value itself is put
    // back.
    if ((owner as Record<string, unknown>)[key] !== value)
      Object.defineProperty(owner, key, { value, writable: true, configurable: true, enumerable: true });
  }
  localStorage.clear();
  sessionStorage.clear();
  if (location.pathname !== '/' || location.search || location.hash) history.replaceState(null, '', '/');
  document.body.innerHTML = '';
}

/**
 * Whether a test file names the mock API (mockApi, its MSW server or handlers): such a file gets the API imported and
 * the seed copied before its first test, as every file did before the mock API was made lazy; a file that does not
 * pays nothing unless a screen it renders calls the API (fixtures/msw/handlers.ts).
 */
function usesMockApi(file: string | undefined): boolean {
  return file !== undefined && /mockApi|server\.use|msw/.test(readFileSync(file, 'utf8'));
}

// The first use imports the API and copies the seed: several seconds on a loaded machine, hence the hook's own limit.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  if (usesMockApi(expect.getState().testPath)) await mockApi.ready();
}, 120000);

beforeEach(() => mockApi.reset());

afterEach(() => {
  cleanup();
  // Each test starts with no MUI styles on the page, as a page load does (runtime/shell/style-cache.ts).
  resetStyleCache();
  server.resetHandlers();
});

afterAll(() => {
  server.close();
  // A spy a file left on a shared module, or fake timers left on, would reach the files after it in the worker.
  vi.restoreAllMocks();
  vi.useRealTimers();
  putBackWindow();
});
