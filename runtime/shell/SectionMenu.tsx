/**
 * The section menu (shell-access-navigation.md §2.3, §4): the menu document of the path's section as a
 * row of links, the active page highlighted (aria-current), the active item's sub-items as a second row;
 * the Edit link only with activity Edit, and in an edit menu the link back to the view menu. Items the
 * user may not see are left out (engine/rules/menus.ts).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { visibleMenuItems } from '../../engine/rules/menus';
import { activeItem, menuRoute } from '../../engine/rules/section-menu';
import type { UserView } from '../api/types';
import type { MenuItemSpec } from '../renderer/documents';
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

/** The section menu of `section` for `user`, or nothing outside a section. */
export function SectionMenu({ section, user }: { section: SectionData | undefined; user: UserView }) {
  const { pathname } = useLocation();
  if (!section?.menu?.section) return null;
  const { menu, place, activity } = section;
  const spec = menu.section!;
  const projectId = place.projectId;
  const items = visibleMenuItems(menu.items, user, { area: spec.area, projectId });
  const active = activeItem(items, pathname, projectId, spec.base);
  const parent = items.find((item) => item === active || (item.items ?? []).includes(active as MenuItemSpec));
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
