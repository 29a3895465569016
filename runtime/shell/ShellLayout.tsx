/**
 * The logged-in shell (shell-access-navigation.md §2.4): a top bar with the client's logo (linking
 * to /home) and name and the user menu, breadcrumbs, the page, and the footer; themed with the
 * client's colours. With no client chosen yet, or on Switch Portal, the client chooser opens
 * (schemas/screens/shell/client-chooser.json in a ScreenDialog); after a choice the page stays or
 * goes home by the client-switch rule (./client-switch).
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

/**
 * The logged-in shell; see the module comment. It shows the matched child route, or the not-found page when the
 * shell loader found the path is none (issue 19); a page outside the shell's routes that shows itself in the shell
 * for a logged-in user (/unauthorized) passes the session and itself.
 */
export function ShellLayout({ data, children }: { data?: ShellData; children?: ReactNode } = {}) {
  const loaded = useRouteLoaderData(SHELL_ROUTE_ID) as ShellData | undefined;
  const { user, client, section } = (data ?? loaded) as ShellData;
  const theme = useMemo(() => makeTheme(client), [client]);
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

  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
        <AppBar position="static">
          <Toolbar sx={{ gap: 2 }}>
            <Link
              component={RouterLink}
              to="/home"
              color="inherit"
              underline="none"
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
            >
              {client?.logoUrl && (
                <Box component="img" src={client.logoUrl} alt={client.name} sx={{ height: 40, maxWidth: 160 }} />
              )}
              <Typography variant="h6" component="span">
                {client?.name ?? message('app.title')}
              </Typography>
            </Link>
            <TopMenu user={user} />
            <Box sx={{ flexGrow: 1 }} />
            <UserMenu user={user} onSwitchPortal={() => setChooserOpen(true)} />
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth="xl" sx={{ flexGrow: 1, py: 3 }}>
          <Breadcrumbs />
          <SectionMenu section={section} user={user} />
          <Box key={client?.id ?? 'none'}>
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
