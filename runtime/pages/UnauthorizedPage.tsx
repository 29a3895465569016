/**
 * The unauthorised page (shell-access-navigation.md §2.2): 'You are not authorised to access this
 * page. Contact your administrator for assistance.' with a link to log in.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';

/** The unauthorised page; see the module comment. */
export function UnauthorizedPage() {
  return (
    <>
      <Typography sx={{ mb: 2 }}>{message('unauthorized.text')}</Typography>
      <Link component={RouterLink} to="/login">
        {message('unauthorized.login')}
      </Link>
    </>
  );
}

export default UnauthorizedPage;
