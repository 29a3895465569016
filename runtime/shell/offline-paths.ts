/**
 * The offline pages' paths (issue 26; shell-access-navigation.md §2.3 "offline, offline/{id}/qa,
 * offline/{id}/photos", §2.4 "A sync action goes to /qa/access"): `/offline`, everything under it, and `/qa/access`.
 * They are offline-first: the service worker (runtime/sw.ts) answers them from its precache at once, and the
 * blocking offline spinner (./ConnectivityOverlay) is not shown on them (their sync banner speaks instead).
 * Plain and tiny: the first page's entry and the service worker both import it.
 */

const OFFLINE_PATH = /^\/(offline|qa\/access)(\/|$)/;

/** True when `pathname` (a URL's path, e.g. `/offline/1/qa`) is one of the offline pages. */
export function isOfflinePath(pathname: string): boolean {
  return OFFLINE_PATH.test(pathname);
}
