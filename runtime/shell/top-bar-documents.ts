/**
 * The top bar's documents (shell-access-navigation.md §2.3): the bar's menu document (TOP_MENU_SCREEN) and the menus
 * its section entries open as drop-downs (the Admin entry's settings menu), asked for together when a page inside the
 * shell starts loading, beside the session's call (the shell route's `code`, ./route-loaders.ts). TopMenu.tsx reads
 * them when its code has run; before, it asked for the bar's document then, and for the settings menu only once that
 * had come: two round trips one after the other, the second answered while the form's first render was under way,
 * and the bar drawn again after it (issue 21 "Speed", docs/performance.md "What a form page parses").
 */
import { sectionEntries } from '../../engine/rules/sections';
import { loadScreen } from '../renderer/documents';

/** Id of the top-bar menu document. */
export const TOP_MENU_SCREEN = 'shell/top-menu';

let started = false;

/**
 * Starts loading the top bar's documents, once per page; a failure (offline, a closing page) is left for TopMenu,
 * which asks again.
 * @param load the document loader (runtime/renderer/documents.ts loadScreen; a test passes its own)
 * @returns the ids asked for (none after the first call)
 */
export function startTopBarDocuments(load: (id: string) => Promise<unknown> = loadScreen): string[] {
  if (started) return [];
  started = true;
  const ids = [TOP_MENU_SCREEN, ...sectionEntries('topBar').flatMap((entry) => (entry.menu ? [entry.menu] : []))];
  for (const id of ids) load(id).catch(() => undefined);
  return ids;
}
