/**
 * A page left open across a new build reloads once (docs/decisions.md "A page left open across a new build reloads
 * once"): when a lazy chunk fails to load (Vite's `vite:preloadError` event), the tab reloads into the new build, at
 * most once a minute, but only when the server answers that the chunk is gone, or, with no network, when the page's
 * service worker holds another build (it answers the reload from its precache). A chunk that failed because the
 * network did (a site's connection dropping as the page loads its code) is no new build: a reload then would trade
 * the page, and what was typed into it, for the browser's error page, the very loss the offline message warns of
 * (shell-access-navigation.md §4). The failure goes on to the code that asked for the chunk either way (its own error
 * or retry), so nothing waits on the check.
 */

/** sessionStorage key: when this tab last reloaded for a chunk its build no longer has (ms since the epoch). */
export const RELOADED_AT = 'siteforms.reloadedForNewBuild';

/** At most one reload a tab in this many ms, so a chunk that truly fails shows its error. */
export const RELOAD_INTERVAL_MS = 60_000;

/** What the check needs of the browser (the window's own in the app; stand-ins in tests). */
export interface NewBuildReloadDeps {
  /** Asks the server for the chunk; rejects on a network failure (the Fetch API's `fetch`). */
  fetch: (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;
  reload: () => void;
  /**
   * Whether a service worker controls the page and its caches hold no copy of `url`: a reload would then be answered
   * from the precache of the build that worker holds, with no network (the offline pages after a new worker took
   * over), not with the browser's error page.
   */
  precacheLacks: (url: string) => Promise<boolean>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
}

/**
 * The chunk's address in a failed dynamic import's message ("Failed to fetch dynamically imported module: <url>",
 * Chromium; "Importing a module script failed." names none), or null when the message is not a fetch failure of a
 * module (a chunk whose code threw must show its error, never reload).
 */
export function failedChunk(payload: unknown): string | null | undefined {
  const text = String(payload ?? '');
  if (!/dynamically imported module|Importing a module script failed/i.test(text)) return undefined;
  return /(https?:\/\/\S+?\.js|\/assets\/\S+?\.js)\b/.exec(text)?.[1] ?? null;
}

/**
 * Handles one `vite:preloadError` event's payload: when it is a module's fetch failure, asks the server for the
 * chunk (HEAD, no cache) and reloads the tab when the answer says it is not there (any answer but a success; at most
 * once in {@link RELOAD_INTERVAL_MS}). When the request fails (the network), it reloads only when a service worker
 * controls the page and its caches lack the chunk (`precacheLacks`: the worker took over with another build and will
 * answer the reload from its precache); no reload either when the message names no chunk and the browser says it is
 * offline.
 * @returns whether the tab was reloaded, once the check is done
 */
export async function reloadIfNewBuild(payload: unknown, deps: NewBuildReloadDeps): Promise<boolean> {
  const chunk = failedChunk(payload);
  if (chunk === undefined) return false;
  if (chunk === null) {
    if (globalThis.navigator?.onLine === false) return false;
  } else {
    try {
      const answer = await deps.fetch(chunk, { method: 'HEAD', cache: 'no-store' });
      if (answer.ok) return false;
    } catch {
      // The network failed: a reload helps only when the service worker answers it with a newer build.
      if (!(await deps.precacheLacks(chunk).catch(() => false))) return false;
    }
  }
  try {
    const last = Number(deps.storage.getItem(RELOADED_AT) ?? 0);
    if (deps.now() - last < RELOAD_INTERVAL_MS) return false;
    deps.storage.setItem(RELOADED_AT, String(deps.now()));
  } catch {
    return false;
  }
  deps.reload();
  return true;
}
