/**
 * The public link modal (issue 25 §4 "Public forms"; docs/links-and-mail.md "Public forms"): whether the form has a
 * live public link on the project (made when and by whom, expiry, uses: publicLinks.get); Make public / Renew link
 * (publicLinks.issue, with the expiry day chosen, else the server's 365 days) shows the new URL and its QR code, once (only the token's digest is stored), with Copy link and
 * Download; Revoke (publicLinks.revoke) stops the live link. A failed call shows the server's message in the host's
 * error modal.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { callOperation, errorText } from '../../api/client';

/** The form and project the modal is about. */
export interface PublicLinkRequest {
  formArea: string;
  formId: number;
  projectId: number;
}

interface LinkSummary {
  created?: string;
  createdBy?: string;
  expiresAt: string;
  useCount: number;
}

export interface PublicLinkDialogProps {
  request: PublicLinkRequest;
  onClose: () => void;
  showError: (text: string) => void;
  toast: (text: string) => void;
}

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');

/** The public link modal; see the module comment. */
export default function PublicLinkDialog({ request, onClose, showError, toast }: PublicLinkDialogProps) {
  const [link, setLink] = useState<LinkSummary | null | undefined>(undefined);
  const [issued, setIssued] = useState<{ url: string; qrCode: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The chosen expiry day (yyyy-mm-dd), or '' for the default (365 days). */
  const [expiresOn, setExpiresOn] = useState('');
  const params = {
    projectId: String(request.projectId),
    formArea: request.formArea,
    formId: String(request.formId),
  };

  const fail = useCallback((e: unknown) => showError(errorText(e) || message('common.serverError')), [showError]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per request
  useEffect(() => {
    let live = true;
    callOperation<{ link: LinkSummary | null }>('publicLinks.get', { params })
      .then((answer) => live && setLink(answer.link))
      .catch((e: unknown) => {
        onClose();
        fail(e);
      });
    return () => {
      live = false;
    };
  }, [request]);

  const issue = async () => {
    setBusy(true);
    try {
      const answer = await callOperation<{ url: string; qrCode: string; link: LinkSummary }>('publicLinks.issue', {
        params,
        // The end of the chosen day in the browser's zone; without one the server's default.
        body: expiresOn ? { expiresAt: new Date(`${expiresOn}T23:59:59`).toISOString() } : {},
      });
      setIssued({ url: answer.url, qrCode: answer.qrCode });
      setLink(answer.link);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      await callOperation('publicLinks.revoke', { params });
      setIssued(null);
      setLink(null);
      toast(message('linkAccess.revoked'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued?.url ?? '');
      toast(message('qrCode.linkCopied'));
    } catch {
      showError(message('common.serverError'));
    }
  };
  const download = () => {
    const [head, base64] = (issued?.qrCode ?? '').split(',');
    if (!head?.startsWith('data:image/png;base64') || !base64) return showError(message('qrCode.downloadFailed'));
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const anchor = document.createElement('a');
    anchor.href = URL.createObjectURL(new Blob([bytes], { type: 'image/png' }));
    anchor.download = `${message('linkAccess.publicLinkTitle')} ${request.formId}.png`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(anchor.href), 1000);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{message('linkAccess.publicLinkTitle')}</DialogTitle>
      <DialogContent>
        {link === undefined ? null : link === null ? (
          <Typography>{message('linkAccess.notPublic')}</Typography>
        ) : (
          <Typography>
            {message('linkAccess.livePublicLink', {
              created: day(link.created),
              createdBy: link.createdBy ?? '',
              expiresAt: day(link.expiresAt),
              uses: link.useCount,
            })}
          </Typography>
        )}
        {link !== undefined && (
          <TextField
            type="date"
            label={message('linkAccess.expiresOn')}
            helperText={message('linkAccess.expiresOnHelp')}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            margin="normal"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {issued && (
          <Box sx={{ mt: 2 }}>
            <Alert severity="info">{message('linkAccess.shownOnce')}</Alert>
            <TextField
              label={message('linkAccess.publicLinkUrl')}
              value={issued.url}
              fullWidth
              margin="normal"
              slotProps={{ input: { readOnly: true } }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Box
                component="img"
                src={issued.qrCode}
                alt={message('linkAccess.qrCodeAlt')}
                sx={{ width: 240, height: 240 }}
              />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {issued && (
          <>
            <Button onClick={() => void copy()}>{message('qrCode.copyLink')}</Button>
            <Button onClick={download}>{message('qrCode.download')}</Button>
          </>
        )}
        {link && (
          <Button color="error" disabled={busy} onClick={() => void revoke()}>
            {message('linkAccess.revoke')}
          </Button>
        )}
        {link !== undefined && (
          <Button variant="contained" disabled={busy} onClick={() => void issue()}>
            {message(link ? 'linkAccess.renewLink' : 'linkAccess.makePublic')}
          </Button>
        )}
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
