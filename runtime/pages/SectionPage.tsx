/**
 * A page of a section menu whose screen a later issue builds (issue "The whole application shell" §1):
 * its title (the active menu item, else the menu's title) and a clear empty state, under the shell's
 * breadcrumbs and section menu: no dead link and no blank page.
 */
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useLocation, useRouteLoaderData } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { activeItem } from '../../engine/rules/section-menu';
import type { ShellData } from '../shell/guards';

/** The placeholder page of a section; see the module comment. */
export function SectionPage() {
  const { section } = useRouteLoaderData('shell') as ShellData;
  const menu = section?.menu;
  const { pathname } = useLocation();
  const item = menu ? activeItem(menu.items, pathname, section?.place.projectId, section?.place.menu?.base) : undefined;
  const title = item?.title ?? menu?.title;
  return (
    <>
      {title && (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {message(title)}
        </Typography>
      )}
      <Alert severity="info">{message('section.empty')}</Alert>
    </>
  );
}

export default SectionPage;
