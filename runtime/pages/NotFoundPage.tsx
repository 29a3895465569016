/**
 * The not-found page inside the logged-in shell (issue 19): a path no route knows, a path that is no page of its
 * section's menu, or a project that is not there (none of that id, or another client's: the API answers 404). The
 * shell's branding, menus and breadcrumbs stay; Home leads back. A logged-out user on an unknown path goes to
 * login with an error parameter instead (shell-access-navigation.md §2.1; runtime/shell/guards.ts loggedIn).
 */
import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';

/** The not-found page; see the module comment. */
export function NotFoundPage() {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {message('notFound.pageTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{message('notFound.page')}</Typography>
      <Button variant="contained" component={RouterLink} to="/home" startIcon={<HomeIcon />}>
        {message('shell.home')}
      </Button>
    </>
  );
}

export default NotFoundPage;
