/**
 * A page left open across a new build reloads once, and only when the server says the chunk is gone: a chunk that
 * failed for the network (the connection dropped as the page loaded its code) leaves the page as it is
 * (runtime/shell/new-build-reload.ts; docs/decisions.md "A page left open across a new build reloads once").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failedChunk, RELOAD_INTERVAL_MS, RELOADED_AT, reloadIfNewBuild } from './new-build-reload';

const CHUNK = 'http://127.0.0.1:4000/assets/top-menu-U0xzxDuz.js';
const FETCH_FAILED = new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

function browser(answer: () => Promise<{ ok: boolean; status: number }>) {
  const stored = new Map<string, string>();
  const deps = {
    fetch: vi.fn((_url: string, _init: RequestInit) => answer()),
    reload: vi.fn(),
    precacheLacks: vi.fn(async (_url: string) => false),
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, v: string) => stored.set(key, v),
    },
    now: vi.fn(() => 1_000_000),
  };
  return { deps, stored };
}

describe('the reload for a new build', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the chunk from a failed import, and nothing from a chunk whose code threw', () => {
    expect(failedChunk(FETCH_FAILED)).toBe(CHUNK);
    expect(failedChunk('TypeError: Importing a module script failed.')).toBeNull();
    expect(failedChunk(new SyntaxError('Unexpected token <'))).toBeUndefined();
  });

  it('reloads once when the server answers that the chunk is not there, and not again within a minute', async () => {
    const { deps, stored } = browser(async () => ({ ok: false, status: 404 }));
    expect(await reloadIfNewBuild(FETCH_FAILED, deps)).toBe(true);
    expect(deps.fetch).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(stored.get(RELOADED_AT)).toBe('1000000');
    deps.now.mockReturnValue(1_000_000 + RELOAD_INTERVAL_MS - 1);
    expect(await reloadIfNewBuild(FETCH_FAILED, deps)).toBe(false);
    deps.now.mockReturnValue(1_000_000 + RELOAD_INTERVAL_MS);
    expect(await reloadIfNewBuild(FETCH_FAILED, deps)).toBe(true);
    expect(deps.reload).toHaveBeenCalledTimes(2);
  });

  it('leaves the page when the network failed, or when the chunk is there after all', async () => {
    const offline = browser(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await reloadIfNewBuild(FETCH_FAILED, offline.deps)).toBe(false);
    expect(offline.deps.reload).not.toHaveBeenCalled();
    expect(offline.stored.size).toBe(0);
    expect(offline.deps.precacheLacks).toHaveBeenCalledWith(CHUNK);
    const there = browser(async () => ({ ok: true, status: 200 }));
    expect(await reloadIfNewBuild(FETCH_FAILED, there.deps)).toBe(false);
    expect(there.deps.reload).not.toHaveBeenCalled();
  });

  it('with no network, reloads when a service worker holds another build (its precache lacks the chunk)', async () => {
    const { deps } = browser(() => Promise.reject(new TypeError('Failed to fetch')));
    deps.precacheLacks.mockResolvedValue(true);
    expect(await reloadIfNewBuild(FETCH_FAILED, deps)).toBe(true);
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads for a chunk whose code threw', async () => {
    const { deps } = browser(async () => ({ ok: false, status: 404 }));
    expect(await reloadIfNewBuild(new SyntaxError('Unexpected token <'), deps)).toBe(false);
    expect(deps.fetch).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('with no chunk named, reloads only while the browser says it is online', async () => {
    const { deps } = browser(async () => ({ ok: false, status: 404 }));
    vi.stubGlobal('navigator', { onLine: false });
    expect(await reloadIfNewBuild('TypeError: Importing a module script failed.', deps)).toBe(false);
    vi.stubGlobal('navigator', { onLine: true });
    expect(await reloadIfNewBuild('TypeError: Importing a module script failed.', deps)).toBe(true);
    expect(deps.fetch).not.toHaveBeenCalled();
  });
});
