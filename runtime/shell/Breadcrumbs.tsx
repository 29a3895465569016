/**
 * Breadcrumbs built from route titles (shell-access-navigation.md §2.1): every matched route with a
 * `crumb` in its handle adds one, linking to the route's path; the last is plain text. Above four
 * levels they collapse (administration-data.md §9).
 */

import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, type UIMatch, useMatches } from 'react-router';
import { type MessageId, message } from '../../engine/messages/catalogue';
import { MIN_TARGET_PX } from './theme';

/**
 * The handle of a route: its breadcrumb title, a message id or a function of the match and of the catalogue's
 * `message` (handed over here, so the route table, which the first page loads, needs no catalogue).
 */
export interface RouteHandle {
  crumb?: MessageId | ((match: UIMatch<unknown, RouteHandle>, text: typeof message) => string);
  /** Where the crumb links to, when not the route's own path (a pathless layout route). */
  to?: string;
  /** Name of the route's loader: its data reaches the screen as loaderData[name]. */
  loader?: string;
  /** Fixed route parameters (routes.json `params`) of the route and its parents. */
  params?: Record<string, string>;
}

/** The breadcrumb titles and paths of the current matches. */
export function useCrumbs(): Array<{ path: string; title: string }> {
  const matches = useMatches() as Array<UIMatch<unknown, RouteHandle | undefined>>;
  return matches.flatMap((match) => {
    const crumb = match.handle?.crumb;
    if (!crumb) return [];
    const title = typeof crumb === 'function' ? crumb(match as UIMatch<unknown, RouteHandle>, message) : message(crumb);
    return title ? [{ path: match.handle?.to ?? match.pathname, title }] : [];
  });
}

/** The breadcrumb trail; see the module comment. */
export function Breadcrumbs() {
  const crumbs = useCrumbs();
  if (crumbs.length === 0) return null;
  return (
    <MuiBreadcrumbs
      maxItems={4}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={2}
      expandText={message('shell.showPath')}
      aria-label={message('shell.breadcrumbs')}
      sx={{ mb: 2 }}
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.path} color="text.primary">
            {crumb.title}
          </Typography>
        ) : (
          <Link
            key={crumb.path}
            component={RouterLink}
            to={crumb.path}
            underline="hover"
            color="inherit"
            // A target at least 24 px tall (WCAG 2.5.8; the line alone gave 19).
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: MIN_TARGET_PX }}
          >
            {crumb.title}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
