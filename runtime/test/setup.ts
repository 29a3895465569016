/**
 * Set-up of the jsdom test project (vitest.config.ts): jest-dom matchers, the mock API (MSW over the real
 * app; any request it has no handler for fails the test), fresh data before and a clean DOM (no MUI styles
 * either) after each test.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetStyleCache } from '../shell/style-cache';
import { mockApi, server } from './mock-api';

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
configure({ asyncUtilTimeout: 10000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => mockApi.reset());

afterEach(() => {
  cleanup();
  // Each test starts with no MUI styles on the page, as a page load does (runtime/shell/style-cache.ts).
  resetStyleCache();
  server.resetHandlers();
});

afterAll(() => server.close());
