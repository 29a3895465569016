import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';

/** The footer: copyright with the current year and a Privacy Policy link (shell-access-navigation.md §2.4). */
export function Footer() {
  return (
    <Box component="footer" sx={{ py: 2, px: 3, display: 'flex', gap: 2, justifyContent: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {message('shell.copyright', { year: new Date().getFullYear() })}
      </Typography>
      <Link component={RouterLink} to="/privacy-policy" variant="body2">
        {message('shell.privacyPolicy')}
      </Link>
    </Box>
  );
}
