/**
 * The QR image modal (form-configuration.md §2, §4, §8; issue "Form configuration" §3): the form's active QR code
 * setups to choose from (Role Based only for a Create type code), the chosen setup's code as a PNG made by
 * the API (qrCodes.generate), Download and Copy link. canDownload and canCopy stay false until the image has
 * loaded; a failed download shows 'Failed to Download QR Code'; a copied link 'Link copied to clipboard'; a
 * failed generation closes the modal and shows the server's error.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import type { QrCodeSetup } from '../../../engine/types/generated';
import { callOperation, callOperationWithHeaders, errorText } from '../../api/client';
import { SetupChooser } from './SetupChooser';

/** What the modal shows a code for: a Create type code of the form on a project, or an entry's code. */
export interface QrCodeRequest {
  formArea: string;
  formId: number;
  projectId: number;
  /** The entry's number; absent for a Create type code. */
  entryNumber?: number;
}

export interface QrCodeDialogProps {
  request: QrCodeRequest;
  onClose: () => void;
  /** Shows an error in the host's modal. */
  showError: (text: string) => void;
  toast: (text: string) => void;
}

/** The QR image modal; see the module comment. */
export default function QrCodeDialog({ request, onClose, showError, toast }: QrCodeDialogProps) {
  const [setups, setSetups] = useState<QrCodeSetup[] | null>(null);
  const [setupId, setSetupId] = useState<number | null>(null);
  const [image, setImage] = useState<{ src: string; url: string } | null>(null);
  const [ready, setReady] = useState(false); // canCopy and canDownload
  const create = request.entryNumber === undefined;

  useEffect(() => {
    let live = true;
    callOperation<QrCodeSetup[]>('qrCodes.getallactive', {
      params: { formArea: request.formArea, entryNumber: String(request.formId) },
    })
      .then((all) => {
        if (!live) return;
        const offered = all.filter((s) => !create || s.roleAccessType === 'RoleBased');
        setSetups(offered);
        setSetupId(offered[0]?.id ?? null);
      })
      .catch((e: unknown) => {
        onClose();
        showError(errorText(e) || message('common.serverError'));
      });
    return () => {
      live = false;
    };
  }, [request, create, onClose, showError]);

  useEffect(() => {
    if (setupId === null) return;
    let live = true;
    setImage(null);
    setReady(false);
    callOperationWithHeaders('qrCodes.generate', {
      params: { formArea: request.formArea, entryNumber: String(request.formId) },
      body: {
        projectId: request.projectId,
        qrCodeEntryNumber: setupId,
        isCreateTypeQRCode: create,
        ...(create ? {} : { fcEntryNumber: request.entryNumber }),
      },
    })
      .then(({ text, headers }) => live && setImage({ src: text, url: headers.get('X-Scan-Url') ?? '' }))
      .catch((e: unknown) => {
        onClose();
        showError(errorText(e) || message('common.serverError'));
      });
    return () => {
      live = false;
    };
  }, [setupId, request, create, onClose, showError]);

  const setup = setups?.find((s) => s.id === setupId);
  const download = () => {
    try {
      // The data URL decoded here (a fetch of data: is refused by the page's connect-src policy).
      const [head, base64] = (image?.src ?? '').split(',');
      if (!head?.startsWith('data:image/png;base64') || !base64) throw new Error('no image');
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const blob = new Blob([bytes], { type: 'image/png' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${setup?.name ?? message('qrCode.formTitle')}${create ? '' : ` ${request.entryNumber}`}.png`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    } catch {
      showError(message('qrCode.downloadFailed'));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(image?.url ?? '');
      toast(message('qrCode.linkCopied'));
    } catch {
      showError(message('common.serverError'));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {setup ? message('qrCode.formTitleNamed', { name: setup.name }) : message('qrCode.formTitle')}
      </DialogTitle>
      <DialogContent>
        <SetupChooser
          setups={setups}
          chosen={setupId}
          onChoose={setSetupId}
          labelId="qrCode.setup"
          noneId="qrCode.noActiveSetup"
        />
        {image && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}>
            <Box
              component="img"
              src={image.src}
              alt={message('qrCode.imageAlt', { name: setup?.name ?? '' })}
              onLoad={() => setReady(true)}
              sx={{ width: 240, height: 240 }}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button disabled={!ready} onClick={() => void copy()}>
          {message('qrCode.copyLink')}
        </Button>
        <Button disabled={!ready} variant="contained" onClick={download}>
          {message('qrCode.download')}
        </Button>
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
