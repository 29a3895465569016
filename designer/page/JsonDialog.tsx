/**
 * The JSON view of the draft (issue 21 part 9 "JSON view of the draft (read-only, with copy), for implementers"):
 * the form definition as the API stores it, read-only in a monospace block, with Copy (navigator.clipboard).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState } from 'react';
import { message } from '../../engine/messages/catalogue';
import { useDesigner } from '../store';

/** The dialog; its text is made when it opens (not on every edit). */
export function JsonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Closed, it reads no draft: an edit does not render it again (issue 21 "Speed").
  const draft = useDesigner((s) => (open ? s.history.present : null));
  const titleId = useId();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = useMemo(() => (open ? JSON.stringify(draft, null, 2) : ''), [open, draft]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{message('formCreator.jsonTitle')}</DialogTitle>
      <DialogContent>
        {copied && (
          <Alert severity={copied === 'copied' ? 'success' : 'warning'} sx={{ mb: 1 }}>
            {message(copied === 'copied' ? 'formCreator.copied' : 'formCreator.copyFailed')}
          </Alert>
        )}
        <Box
          component="pre"
          data-testid="designer-json"
          aria-label={message('formCreator.jsonTitle')}
          // Focusable so keyboard users can scroll it and select its text.
          tabIndex={0}
          sx={{
            fontFamily: 'monospace',
            fontSize: 13,
            m: 0,
            p: 1,
            bgcolor: 'grey.100',
            overflow: 'auto',
            maxHeight: '60vh',
          }}
        >
          {text}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{message('formCreator.copy')}</Button>
        <Button onClick={close} variant="contained">
          {message('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
