/**
 * The confirmation toast a page asks for through navigation state (FlashState, ./RootLayout): MUI's Snackbar
 * in the MUI root (./MuiRoot), loaded with the first toast (a page that saves has loaded MUI already). An id
 * that is not in the catalogue shows nothing.
 */
import Snackbar from '@mui/material/Snackbar';
import { isMessageId, message } from '../../engine/messages/catalogue';
import { MuiRoot } from './MuiRoot';

export interface FlashToastProps {
  /** The message id to show; null closes the toast. */
  messageId: string | null;
  onClose: () => void;
}

/** The toast; see the module comment. */
export function FlashToast({ messageId, onClose }: FlashToastProps) {
  const open = messageId !== null && isMessageId(messageId);
  return (
    <MuiRoot>
      <Snackbar
        open={open}
        autoHideDuration={4000}
        onClose={onClose}
        message={open ? message(messageId) : ''}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </MuiRoot>
  );
}
