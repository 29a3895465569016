/**
 * The shell's navigation (shell-access-navigation.md §2.3, §2.4): the top-bar menu document
 * (schemas/screens/shell/top-menu.json, kind 'menu'), whose entries are built from the section documents
 * (`itemsFrom: 'sections'`, engine/rules/sections.ts: a group's sections in one drop-down, the Admin entry a
 * drop-down of the settings menu, loaded with it), as buttons, an item with sub-items opening a drop-down; at 550 px and below one Menu button lists them all. Only items the user
 * may see are shown (engine/rules/menus.ts). A label never breaks over two lines: the entries that do not
 * fit beside the client's name and the user menu move, last first, into a More drop-down at the end of the
 * row (issue 19: at 1366 px the labels wrapped; docs/shell.md "Phones").
 */
import MenuIcon from '@mui/icons-material/Menu';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { type MenuUser, visibleMenuItems } from '../../engine/rules/menus';
import { sectionEntries } from '../../engine/rules/sections';
import { OnceOpened } from '../plain/OnceOpened';
import { loadScreen, type MenuDocument, type MenuItemSpec } from '../renderer/documents';
import { firstScreenMedia } from './first-viewport';
import { TOP_MENU_SCREEN } from './top-bar-documents';

export { TOP_MENU_SCREEN };

/** Space between two entries of the top bar, px (the Stack's gap of 1). */
const ENTRY_GAP_PX = 8;

function DropDown({ item }: { item: MenuItemSpec }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {message(item.title)}
      </Button>
      <OnceOpened open={anchor !== null}>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {(item.items ?? []).map((child) => (
            <MenuItem key={child.id} component={RouterLink} to={child.route ?? '/home'} onClick={() => setAnchor(null)}>
              {message(child.title)}
            </MenuItem>
          ))}
        </Menu>
      </OnceOpened>
    </>
  );
}

/** Below this width the top bar folds its entries into one Menu button (shell-access-navigation.md §9). */
export const MOBILE_MENU_MAX_WIDTH = 550;

/** Every entry of `items` as menu items, sub-items indented under their entry; `close` runs on a choice. */
function menuEntries(items: MenuItemSpec[], close: () => void) {
  return items.flatMap((item) => [
    item.route ? (
      <MenuItem key={item.id} component={RouterLink} to={item.route} onClick={close}>
        {message(item.title)}
      </MenuItem>
    ) : (
      <MenuItem key={item.id} disabled>
        {message(item.title)}
      </MenuItem>
    ),
    ...(item.items ?? []).map((child) => (
      <MenuItem
        key={`${item.id}/${child.id}`}
        component={RouterLink}
        to={child.route ?? '/home'}
        onClick={close}
        sx={{ pl: 4 }}
      >
        {message(child.title)}
      </MenuItem>
    )),
  ]);
}

/** The mobile menu: one button listing every entry, sub-items indented under their entry. */
function MobileMenu({ items, label }: { items: MenuItemSpec[]; label: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <nav aria-label={label}>
      <IconButton
        color="inherit"
        aria-label={message('shell.menu')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <OnceOpened open={anchor !== null}>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          {menuEntries(items, close)}
        </Menu>
      </OnceOpened>
    </nav>
  );
}

/** The More drop-down of the desktop row: the entries that did not fit. */
function MoreMenu({ items }: { items: MenuItemSpec[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        data-menu-more=""
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {message('shell.more')}
      </Button>
      <OnceOpened open={anchor !== null}>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          {menuEntries(items, close)}
        </Menu>
      </OnceOpened>
    </>
  );
}

/**
 * How many of the entries whose widths are `widths` (px, in order) fit in `available` px with a gap of
 * {@link ENTRY_GAP_PX} between them; when not all do, room is kept for the More button (`moreWidth` px).
 */
export function entriesThatFit(widths: number[], available: number, moreWidth: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0) + ENTRY_GAP_PX * Math.max(0, widths.length - 1);
  if (total <= available) return widths.length;
  let used = moreWidth;
  for (const [index, width] of widths.entries()) {
    used += width + ENTRY_GAP_PX;
    if (used > available) return index;
  }
  return widths.length;
}

/**
 * The desktop row: every entry as a button while they fit; the ones that do not go into More. Each entry's
 * width is measured once, when it is shown; a change of the row's width (ResizeObserver) counts again.
 */
function DesktopMenu({ items, label }: { items: MenuItemSpec[]; label: string }) {
  const nav = useRef<HTMLElement>(null);
  const widths = useRef(new Map<string, number>());
  const moreWidth = useRef(80);
  const [shown, setShown] = useState(items.length);

  useLayoutEffect(() => {
    const row = nav.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    const count = () => {
      for (const entry of row.querySelectorAll<HTMLElement>('[data-menu-id]'))
        widths.current.set(entry.dataset.menuId as string, entry.offsetWidth);
      const more = row.querySelector<HTMLElement>('[data-menu-more]');
      if (more) moreWidth.current = more.offsetWidth;
      const known = items.map((item) => widths.current.get(item.id));
      // An entry not measured yet is shown, so the next count knows its width.
      if (known.some((width) => width === undefined)) return setShown(items.length);
      setShown(entriesThatFit(known as number[], row.clientWidth, moreWidth.current));
    };
    // Counted when the browser observes the row (its first observation comes in the frame's own layout, before the
    // paint), not here: a read of widths in this effect forced a layout of the whole page in the middle of React's
    // commit (30-59 ms of the form creator's open). flushSync: the count's result is in that same frame's paint.
    const observer = new ResizeObserver(() => flushSync(count));
    observer.observe(row);
    return () => observer.disconnect();
  }, [items]);

  const inRow = items.slice(0, shown);
  const inMore = items.slice(shown);
  return (
    <Stack
      ref={nav}
      direction="row"
      component="nav"
      aria-label={label}
      gap={1}
      sx={{ flex: '1 1 0', minWidth: 0, overflow: 'hidden' }}
    >
      {inRow.map((item) =>
        item.items ? (
          <span key={item.id} data-menu-id={item.id} style={{ display: 'flex', flexShrink: 0 }}>
            <DropDown item={item} />
          </span>
        ) : (
          <Button
            key={item.id}
            data-menu-id={item.id}
            color="inherit"
            component={RouterLink}
            to={item.route ?? '/home'}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {message(item.title)}
          </Button>
        ),
      )}
      {inMore.length > 0 && <MoreMenu items={inMore} />}
    </Stack>
  );
}

/**
 * The top bar's items: the document's own, then (`itemsFrom: 'sections'`) the sections' entries, an entry that is a
 * drop-down of a section's menu (the Admin entry: the settings menu) holding that menu's items.
 */
export async function topBarItems(doc: MenuDocument): Promise<MenuItemSpec[]> {
  const entries = doc.itemsFrom === 'sections' ? sectionEntries('topBar') : [];
  const built = await Promise.all(
    entries.map(async ({ menu, ...entry }): Promise<MenuItemSpec> => {
      if (!menu) return entry;
      const list = (await loadScreen(menu)) as MenuDocument;
      return { ...entry, items: list.items };
    }),
  );
  return [...doc.items, ...built];
}

/** The top bar's title and items, as {@link loadTopBar} gives them. */
export interface TopBar {
  title: MenuDocument['title'];
  items: MenuItemSpec[];
}

let topBarLoad: Promise<TopBar> | null = null;
let topBarLoaded: TopBar | null = null;

/**
 * The top bar's document (TOP_MENU_SCREEN) and its items ({@link topBarItems}), loaded once per page: the same for
 * every user (TopMenu filters them by the session's user). Asked for when this module is evaluated (the documents
 * themselves already on their way: ./top-bar-documents.ts), not in TopMenu's first effect: on a page opened afresh the bar's two small document chunks
 * came after the shell's first commit, one after the other, and its entries appeared some 200-400 ms after the page
 * (docs/performance.md "The top bar at the first paint"). A failed load (offline, a closing page) is forgotten, so
 * the next mount asks again.
 * @returns the bar's title and items; rejects when a document's chunk cannot be loaded
 */
export function loadTopBar(): Promise<TopBar> {
  topBarLoad ??= loadScreen(TOP_MENU_SCREEN)
    .then(async (loaded) => {
      const menu = loaded as MenuDocument;
      topBarLoaded = { title: menu.title, items: await topBarItems(menu) };
      return topBarLoaded;
    })
    .catch((error: unknown) => {
      topBarLoad = null;
      throw error;
    });
  return topBarLoad;
}

// Every page of the shell shows the bar: its documents are asked for as soon as the shell's code runs.
if (typeof window !== 'undefined') loadTopBar().catch(() => undefined);

/**
 * The top-bar navigation for `user`: buttons on the desktop, one Menu button at 550 px and below. Once the bar is
 * loaded ({@link loadTopBar}) a new mount shows its entries in its first render.
 */
export function TopMenu({ user }: { user: MenuUser }) {
  const [doc, setDoc] = useState<TopBar | null>(topBarLoaded);
  const mobile = useMediaQuery(`(max-width:${MOBILE_MENU_MAX_WIDTH}px)`, firstScreenMedia());
  useEffect(() => {
    if (doc) return;
    let live = true;
    loadTopBar()
      .then((loaded) => {
        if (live) setDoc(loaded);
      })
      // A failed chunk load (offline, a closing page) leaves the bar without its menu; the next page retries.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [doc]);
  const visible = useMemo(() => (doc ? visibleMenuItems(doc.items, user) : []), [doc, user]);
  // The same entries keep the same array: the session (and `user` with it) is answered anew on every navigation, and
  // a new array made the desktop row measure every entry again (a forced layout, 13 ms of a navigation's script).
  const same = useRef<{ text: string; items: MenuItemSpec[] }>({ text: '[]', items: [] });
  const text = JSON.stringify(visible);
  if (text !== same.current.text) same.current = { text, items: visible };
  const items = same.current.items;
  if (!doc) return null;
  if (mobile) return <MobileMenu items={items} label={message(doc.title)} />;
  // Other entries (another user, another client) start again with every entry shown, to be measured.
  return <DesktopMenu key={items.map((item) => item.id).join()} items={items} label={message(doc.title)} />;
}
