/**
 * The confirmation toast a page asks for through navigation state (FlashState, ./RootLayout): MUI's Snackbar
 * in the MUI root (./MuiRoot), loaded with the first toast (a page that saves has loaded MUI already).
 */
import Snackbar from '@mui/material/Snackbar';
import { MuiRoot } from './MuiRoot';

export interface FlashToastProps {
  open: boolean;
  text: string;
  onClose: () => void;
}

/** The toast; see the module comment. */
export function FlashToast({ open, text, onClose }: FlashToastProps) {
  return (
    <MuiRoot>
      <Snackbar
        open={open}
        autoHideDuration={4000}
        onClose={onClose}
        message={text}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </MuiRoot>
  );
}
