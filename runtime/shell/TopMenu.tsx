/**
 * The shell's navigation (shell-access-navigation.md §2.3, §2.4): the top-bar menu document
 * (schemas/screens/shell/top-menu.json, kind 'menu', placement 'topBar') as buttons, an item with
 * sub-items opening a drop-down; at 550 px and below one Menu button lists them all. Only items the user may see are shown (engine/rules/menus.ts).
 */
import MenuIcon from '@mui/icons-material/Menu';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { type MenuUser, visibleMenuItems } from '../../engine/rules/menus';
import { loadScreen, type MenuDocument, type MenuItemSpec } from '../renderer/documents';

/** Id of the top-bar menu document. */
export const TOP_MENU_SCREEN = 'shell/top-menu';

function DropDown({ item }: { item: MenuItemSpec }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button color="inherit" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        {message(item.title)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {(item.items ?? []).map((child) => (
          <MenuItem key={child.id} component={RouterLink} to={child.route ?? '/home'} onClick={() => setAnchor(null)}>
            {message(child.title)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Below this width the top bar folds its entries into one Menu button (shell-access-navigation.md §9). */
export const MOBILE_MENU_MAX_WIDTH = 550;

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
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {items.flatMap((item) => [
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
        ])}
      </Menu>
    </nav>
  );
}

/** The top-bar navigation for `user`: buttons on the desktop, one Menu button at 550 px and below. */
export function TopMenu({ user }: { user: MenuUser }) {
  const [doc, setDoc] = useState<MenuDocument | null>(null);
  const mobile = useMediaQuery(`(max-width:${MOBILE_MENU_MAX_WIDTH}px)`);
  useEffect(() => {
    let live = true;
    loadScreen(TOP_MENU_SCREEN)
      .then((loaded) => live && setDoc(loaded as MenuDocument))
      // A failed chunk load (offline, a closing page) leaves the bar without its menu; the next page retries.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!doc) return null;
  if (mobile) return <MobileMenu items={visibleMenuItems(doc.items, user)} label={message(doc.title)} />;
  return (
    <Stack direction="row" component="nav" aria-label={message(doc.title)} gap={1}>
      {visibleMenuItems(doc.items, user).map((item) =>
        item.items ? (
          <DropDown key={item.id} item={item} />
        ) : (
          <Button key={item.id} color="inherit" component={RouterLink} to={item.route ?? '/home'}>
            {message(item.title)}
          </Button>
        ),
      )}
    </Stack>
  );
}
