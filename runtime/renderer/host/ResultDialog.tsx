/**
 * The result dialog of an action (`resultDialog` of a call action, schemas/meta/common.schema.json): what a call
 * answered that the user must be able to read and keep, so it stays until closed rather than fading like a toast;
 * e.g. an invitation's one-time set-password link (docs/decisions.md "Employees"). A title, a text, and optionally
 * one value in a read-only field (selected when focused) with 'Copy link', which writes it to the clipboard and
 * says 'Link copied to clipboard' (as the QR code modal's Copy link does).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FocusEvent, useId } from 'react';
import { message } from '../../../engine/messages/catalogue';

/** What the dialog shows: texts already filled from the catalogue. */
export interface ResultRequest {
  title: string;
  text: string;
  /** The value to copy and its field's label. */
  copy?: { label: string; value: string };
}

export default function ResultDialog({
  request,
  onClose,
  toast,
  showError,
}: {
  request: ResultRequest;
  onClose: () => void;
  toast: (text: string) => void;
  showError: (text: string) => void;
}) {
  const titleId = useId();
  const { copy } = request;
  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(copy?.value ?? '');
      toast(message('resultDialog.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field stays there to select by hand.
      showError(message('resultDialog.copyFailed'));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{request.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: copy ? 2 : 0 }}>{request.text}</DialogContentText>
        {copy && (
          <TextField
            label={copy.label}
            value={copy.value}
            fullWidth
            size="small"
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select() },
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {copy && (
          <Button variant="contained" onClick={copyValue}>
            {message('resultDialog.copy')}
          </Button>
        )}
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
