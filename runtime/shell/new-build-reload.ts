/**
 * A page left open across a new build reloads once (docs/decisions.md "A page left open across a new build reloads
 * once"): when a lazy chunk fails to load (Vite's `vite:preloadError` event), the tab reloads into the new build, at
 * most once a minute, but only when the server answers that the chunk is gone. A chunk that failed because the network
 * did (a site's connection dropping as the page loads its code) is no new build: a reload then would trade the page,
 * and what was typed into it, for the browser's error page, the very loss the offline message warns of
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
 * once in {@link RELOAD_INTERVAL_MS}). No reload when the request fails (the network, not the build), nor when the
 * message names no chunk and the browser says it is offline.
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
      return false;
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
