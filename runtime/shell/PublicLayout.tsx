/**
 * The shell outside the logged-in area (login, unauthorised page): the platform's name linking to
 * /login, the page and the footer; no breadcrumbs (shell-access-navigation.md §2.1).
 */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { Footer } from './Footer';

/** The public shell; see the module comment. */
export function PublicLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="static">
        <Toolbar>
          <Link component={RouterLink} to="/login" color="inherit" underline="none">
            <Typography variant="h6" component="span">
              {message('app.title')}
            </Typography>
          </Link>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="sm" sx={{ flexGrow: 1, py: 4 }}>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}
