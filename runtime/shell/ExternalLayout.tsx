/**
 * The external shell (administration-data.md §2 "External shell and unauthorized page"; issue 25 §2): what an
 * external party sees at /external/{token}, signed out: the client's logo and name (in the client's colours), a
 * title (the form's), the project and whom the form is for, and the form below, with no menus, breadcrumbs or user
 * menu. The data is the `externalLink` route loader's (./route-loaders.ts). There is no link to /home: the
 * recipient has no account (docs/decisions.md "External forms").
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { Outlet, useLoaderData } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { routeFileCallsThrough } from '../api/client';
import { Footer } from './Footer';
import type { ExternalPageData, SharedFolderPageData } from './route-loaders';
import { makeTheme } from './theme';

/** The external shell; see the module comment. */
export function ExternalLayout() {
  const data = useLoaderData() as ExternalPageData;
  const theme = useMemo(() => makeTheme(data.client), [data.client]);
  // The file calls go through the link while the page is open (the loader routed them); not after it.
  useEffect(() => () => routeFileCallsThrough(null), []);
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-testid="external-shell">
        <AppBar position="static">
          <Toolbar sx={{ gap: 1 }}>
            {data.client.logoUrl && (
              <Box component="img" src={data.client.logoUrl} alt="" sx={{ height: 40, maxWidth: 160, flexShrink: 0 }} />
            )}
            <Typography variant="h6" component="span" noWrap>
              {data.client.name}
            </Typography>
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, sm: 3 } }}>
          <Box sx={{ mb: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {message('externalForms.project', { project: data.projectName })}
            </Typography>
            {data.recipientName !== '' && (
              <Typography variant="body2" color="text.secondary">
                {message('externalForms.recipient', {
                  recipient: data.recipientOrganisation
                    ? `${data.recipientName} (${data.recipientOrganisation})`
                    : data.recipientName,
                })}
              </Typography>
            )}
            {data.repliesTo && (
              <Typography variant="body2" color="text.secondary">
                {message('externalForms.repliesTo', {
                  entryNumber: data.repliesTo.entryNumber,
                  enteredBy: data.repliesTo.enteredBy,
                })}
              </Typography>
            )}
          </Box>
          <Outlet />
        </Container>
        <Footer primary={theme.palette.primary.main} />
      </Box>
    </ThemeProvider>
  );
}

/**
 * The shared folder page's shell (issue 23 item 3; administration-data.md §2 "External shell"): the external shell's
 * bar and footer over the read-only folder, signed out. When the loader's data names the client (its logo, name and
 * colours), the bar shows them; the folder's name is the page's line.
 */
export function SharedFolderLayout() {
  const data = useLoaderData() as SharedFolderPageData & { client?: ExternalPageData['client'] };
  const theme = useMemo(() => makeTheme(data.client), [data.client]);
  const folderName = data.folder.slice(data.folder.lastIndexOf('/') + 1);
  return (
    <ThemeProvider theme={theme}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }} data-testid="external-shell">
        <AppBar position="static">
          <Toolbar sx={{ gap: 1 }}>
            {data.client?.logoUrl && (
              <Box component="img" src={data.client.logoUrl} alt="" sx={{ height: 40, maxWidth: 160, flexShrink: 0 }} />
            )}
            <Typography variant="h6" component="span" noWrap>
              {data.client?.name ?? message('fileBrowser.sharedTitle')}
            </Typography>
          </Toolbar>
        </AppBar>
        <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, sm: 3 } }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {folderName}
          </Typography>
          <Outlet />
        </Container>
        <Footer primary={theme.palette.primary.main} />
      </Box>
    </ThemeProvider>
  );
}
