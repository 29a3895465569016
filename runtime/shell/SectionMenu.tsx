/**
 * The section menu (shell-access-navigation.md §2.3, §4): the menu document of the path's section as a
 * row of links, the active page highlighted (aria-current), the active item's sub-items as a second row;
 * the Edit link only with activity Edit, and in an edit menu the link back to the view menu. Items the
 * user may not see are left out (engine/rules/menus.ts). Below {@link SECTION_MENU_COLLAPSE_WIDTH} px (a phone) the
 * rows fold into one button naming the active page, which opens the same links as a menu (docs/shell.md
 * "Phones").
 */
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import MenuIcon from '@mui/icons-material/Menu';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { visibleMenuItems } from '../../engine/rules/menus';
import { activeItem, menuRoute } from '../../engine/rules/section-menu';
import type { UserView } from '../api/types';
import { OnceOpened } from '../plain/OnceOpened';
import type { MenuItemSpec } from '../renderer/documents';
import { firstScreenMedia } from './first-viewport';
import type { SectionData } from './section';

function Links({
  items,
  active,
  projectId,
}: {
  items: MenuItemSpec[];
  active: MenuItemSpec | undefined;
  projectId?: number;
}) {
  return (
    <>
      {items.map((item) => {
        const current = item === active || (item.items ?? []).includes(active as MenuItemSpec);
        return (
          <Button
            key={item.id}
            size="small"
            component={RouterLink}
            to={menuRoute(item.route ?? '/home', projectId)}
            aria-current={item === active ? 'page' : undefined}
            variant={current ? 'contained' : 'text'}
          >
            {message(item.title)}
          </Button>
        );
      })}
    </>
  );
}

/**
 * Below this width, px, the section menu is one button (issue 19 "Phones": its rows of links pushed a phone's
 * page 300 px down). MUI's `sm` breakpoint, 50 px above the top bar's 550 (shell-access-navigation.md §9):
 * two rows of section links no longer fit before the top bar's do (docs/decisions.md).
 */
export const SECTION_MENU_COLLAPSE_WIDTH = 600;

/** An entry of the folded menu: a link, indented one level for a sub-item. */
interface FoldedEntry {
  key: string;
  title: string;
  to: string;
  current: boolean;
  indent: boolean;
}

/** The section menu on a phone: one button naming the active page; its menu lists every link. */
function FoldedMenu({ entries, activeTitle }: { entries: FoldedEntry[]; activeTitle: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MenuIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      >
        {activeTitle}
      </Button>
      <OnceOpened open={anchor !== null}>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          {entries.map((entry) => (
            <MenuItem
              key={entry.key}
              component={RouterLink}
              to={entry.to}
              selected={entry.current}
              aria-current={entry.current ? 'page' : undefined}
              onClick={close}
              sx={entry.indent ? { pl: 4 } : undefined}
            >
              {entry.title}
            </MenuItem>
          ))}
        </Menu>
      </OnceOpened>
    </>
  );
}

/** The section menu of `section` for `user`, or nothing outside a section. */
export function SectionMenu({ section, user }: { section: SectionData | undefined; user: UserView }) {
  const { pathname } = useLocation();
  const folded = useMediaQuery(`(max-width:${SECTION_MENU_COLLAPSE_WIDTH - 0.05}px)`, firstScreenMedia());
  if (!section?.menu || !section.place.menu) return null;
  const { menu, place, activity } = section;
  const spec = section.place.menu;
  const projectId = place.projectId;
  const items = visibleMenuItems(menu.items, user, { area: spec.area, projectId });
  const active = activeItem(items, pathname, projectId, spec.base);
  const parent = items.find((item) => item === active || (item.items ?? []).includes(active as MenuItemSpec));
  if (folded) {
    const link = (item: MenuItemSpec, indent: boolean): FoldedEntry => ({
      key: `${indent ? 'sub/' : ''}${item.id}`,
      title: message(item.title),
      to: menuRoute(item.route ?? '/home', projectId),
      current: item === active,
      indent,
    });
    const entries = items.flatMap((item) => [
      link(item, false),
      ...(item === parent ? (item.items ?? []).map((child) => link(child, true)) : []),
    ]);
    if (spec.editLink && activity === 'Edit')
      entries.push({
        key: 'edit',
        title: message('section.edit'),
        to: menuRoute(spec.editLink, projectId),
        current: false,
        indent: false,
      });
    if (spec.viewLink)
      entries.push({
        key: 'view',
        title: message('section.view'),
        to: menuRoute(spec.viewLink, projectId),
        current: false,
        indent: false,
      });
    return (
      <Stack component="nav" aria-label={message('section.menu')} sx={{ mb: 2 }}>
        <FoldedMenu entries={entries} activeTitle={active ? message(active.title) : message('section.menu')} />
      </Stack>
    );
  }
  return (
    <Stack component="nav" aria-label={message('section.menu')} sx={{ mb: 2 }} gap={1}>
      <Stack direction="row" gap={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Links items={items} active={active} projectId={projectId} />
        {spec.editLink && activity === 'Edit' && (
          <Button size="small" variant="outlined" component={RouterLink} to={menuRoute(spec.editLink, projectId)}>
            {message('section.edit')}
          </Button>
        )}
        {spec.viewLink && (
          <Button size="small" variant="outlined" component={RouterLink} to={menuRoute(spec.viewLink, projectId)}>
            {message('section.view')}
          </Button>
        )}
      </Stack>
      {parent?.items && parent.items.length > 0 && (
        <Stack direction="row" gap={1} sx={{ flexWrap: 'wrap', pl: 2 }}>
          <Links items={parent.items} active={active} projectId={projectId} />
        </Stack>
      )}
    </Stack>
  );
}
