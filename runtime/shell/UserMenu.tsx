/**
 * The user menu of the top bar (shell-access-navigation.md §2.4): the user's full name and e-mail,
 * Switch Portal (opens the client chooser), Privacy Policy, Help (the external support site) and LOG OUT
 * (/logout). On a phone (below 600 px) the button shows an icon; the name stays its accessible name.
 */
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import type { UserView } from '../api/types';
import { OnceOpened } from '../plain/OnceOpened';

/** The external support site the Help entry opens, in a new tab (shell-access-navigation.md §2.4). */
export const SUPPORT_SITE_URL = 'https://site-forms.dev/support';

export interface UserMenuProps {
  user: UserView;
  onSwitchPortal: () => void;
}

/** The user menu; see the module comment. */
export function UserMenu({ user, onSwitchPortal }: UserMenuProps) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          ml: 'auto',
          flexShrink: 0,
          whiteSpace: 'nowrap',
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
          {user.fullName}
        </Box>
      </Button>
      <OnceOpened open={anchor !== null}>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{user.fullName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {user.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              onSwitchPortal();
            }}
          >
            {message('shell.switchPortal')}
          </MenuItem>
          <MenuItem component={RouterLink} to="/privacy-policy" onClick={close}>
            {message('shell.privacyPolicy')}
          </MenuItem>
          <MenuItem component="a" href={SUPPORT_SITE_URL} target="_blank" rel="noopener noreferrer" onClick={close}>
            {message('shell.help')}
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              navigate('/logout');
            }}
          >
            {message('shell.logout')}
          </MenuItem>
        </Menu>
      </OnceOpened>
    </>
  );
}
