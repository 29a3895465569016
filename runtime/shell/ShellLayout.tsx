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
import { useMemo, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { ScreenDialog } from '../renderer/ScreenDialog';
import { Breadcrumbs } from './Breadcrumbs';
import { CLIENT_CHOOSER_SCREEN, pathAfterClientSwitch } from './client-switch';
import { Footer } from './Footer';
import type { ShellData } from './guards';
import { TopMenu } from './TopMenu';
import { makeTheme } from './theme';
import { UserMenu } from './UserMenu';

/** Id of the shell route, whose loader data (ShellData) every logged-in page can read. */
export const SHELL_ROUTE_ID = 'shell';

/** The logged-in shell; see the module comment. */
export function ShellLayout() {
  const { user, client } = useRouteLoaderData(SHELL_ROUTE_ID) as ShellData;
  const theme = useMemo(() => makeTheme(client), [client]);
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [chooserOpen, setChooserOpen] = useState(user.currentClient === null);

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
          <Box key={client?.id ?? 'none'}>
            <Outlet />
          </Box>
        </Container>
        <Footer />
      </Box>
      <ScreenDialog
        screenId={CLIENT_CHOOSER_SCREEN}
        open={chooserOpen}
        onClose={() => setChooserOpen(false)}
        onResult={() => {
          setChooserOpen(false);
          const target = pathAfterClientSwitch(location.pathname);
          if (target === location.pathname) void revalidator.revalidate();
          else navigate(target);
        }}
      />
    </ThemeProvider>
  );
}
