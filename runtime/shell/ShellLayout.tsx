/**
 * The logged-in shell (shell-access-navigation.md §2.4): a top bar with the client's logo (linking
 * to /home) and name and the user menu, breadcrumbs, the page, and the footer; themed with the
 * client's colours. With no client chosen yet, or on Switch Portal, the client chooser opens
 * (schemas/screens/shell/client-chooser.json in a ScreenDialog); after a choice the page stays or
 * goes home by the client-switch rule (./client-switch). A skip link leads past the navigation to the page
 * (WCAG 2.4.1); on a phone the client name is one line ending in an ellipsis (docs/shell.md "Phones").
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ScreenDialog } from '../renderer/ScreenDialog';
import { Breadcrumbs } from './Breadcrumbs';
import { useBackgroundSync } from './background-sync';
import {
  announceClientSwitch,
  CLIENT_CHOOSER_SCREEN,
  pathAfterClientSwitch,
  useClientSwitchEvents,
} from './client-switch';
import { Footer } from './Footer';
import type { ShellData } from './guards';
import { IdleWatcher } from './IdleWatcher';
import { LeaveGuard } from './leave-guard';
import { SectionMenu } from './SectionMenu';
import { TopMenu } from './TopMenu';
import { makeTheme } from './theme';
import { UserMenu } from './UserMenu';

/** Id of the shell route, whose loader data (ShellData) every logged-in page can read. */
export const SHELL_ROUTE_ID = 'shell';

/** Id of the page's own content, after the breadcrumbs and the section menu: where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to main content' (WCAG 2.4.1): the shell's first focusable element, off-screen until focused; it
 * moves focus to the page's content, past the top bar, breadcrumbs and section menu.
 */
function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus (which scrolls to it) without a hash in the address (a history entry the router would see).
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -100,
        zIndex: (t) => t.zIndex.appBar + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {message('shell.skipToContent')}
    </Link>
  );
}

/**
 * The logged-in shell; see the module comment. It shows the matched child route, or the not-found page when the
 * shell loader found the path is none (issue 19); a page outside the shell's routes that shows itself in the shell
 * for a logged-in user (/unauthorized) passes the session and itself.
 */
export function ShellLayout({ data, children }: { data?: ShellData; children?: ReactNode } = {}) {
  const loaded = useRouteLoaderData(SHELL_ROUTE_ID) as ShellData | undefined;
  const { user, client, section } = (data ?? loaded) as ShellData;
  const theme = useMemo(() => makeTheme(client), [client]);
  const clientName = client?.name ?? message('app.title');
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [chooserOpen, setChooserOpen] = useState(user.currentClient === null);
  /** After a client change, here or in another tab: the page stays (reloaded) or goes home (§2.4). */
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const followClientSwitch = useCallback(() => {
    const target = pathAfterClientSwitch(pathname.current);
    if (target === pathname.current) void revalidator.revalidate();
    else navigate(target);
  }, [navigate, revalidator]);
  useClientSwitchEvents(followClientSwitch);
  useBackgroundSync(user.id, user.currentClient);

  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <SkipLink />
        <AppBar position="static">
          <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
            <Link
              component={RouterLink}
              to="/home"
              color="inherit"
              underline="none"
              title={clientName}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexShrink: 1 }}
            >
              {client?.logoUrl && (
                // The name follows: the logo is decoration to a screen reader.
                <Box component="img" src={client.logoUrl} alt="" sx={{ height: 40, maxWidth: 160, flexShrink: 0 }} />
              )}
              {/* One line: on a phone the name ends in an ellipsis (the link's title and text keep it whole). */}
              <Typography variant="h6" component="span" noWrap>
                {clientName}
              </Typography>
            </Link>
            <TopMenu user={user} />
            <UserMenu user={user} onSwitchPortal={() => setChooserOpen(true)} />
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth="xl" sx={{ flexGrow: 1, py: { xs: 2, sm: 3 } }}>
          <Breadcrumbs />
          <SectionMenu section={section} user={user} />
          <Box key={client?.id ?? 'none'} id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
            <LeaveGuard>{children ?? (section?.notFound ? <NotFoundPage /> : <Outlet />)}</LeaveGuard>
          </Box>
        </Container>
        <Footer primary={theme.palette.primary.main} />
      </Box>
      <IdleWatcher key={client?.id ?? 'none'} idleTimeMinutes={client?.idleTime} />
      <ScreenDialog
        screenId={CLIENT_CHOOSER_SCREEN}
        open={chooserOpen}
        onClose={() => setChooserOpen(false)}
        onResult={(answer) => {
          setChooserOpen(false);
          announceClientSwitch((answer as { currentClient?: number } | undefined)?.currentClient ?? null);
          followClientSwitch();
        }}
      />
    </ThemeProvider>
  );
}
