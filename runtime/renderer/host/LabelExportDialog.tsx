/**
 * The label preparation export modal (form-configuration.md §2 "Label preparation export modal", §8): the
 * form's active label setups (a choice when there are several), the title 'Label Preparation Setup: {setup
 * name}', the text 'You have selected N entries to be listed for label preparation…', Download CSV and Close.
 * A 400 shows the server's text; any other failure the spec's long download message.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import type { LabelPreparationSetup } from '../../../engine/types/generated';
import { ApiError, callOperation, downloadOperation, errorText, saveFile } from '../../api/client';
import { SetupChooser } from './SetupChooser';

/** The entries whose labels are exported. */
export interface LabelExportRequest {
  formArea: string;
  formId: number;
  /** The project the entries are on (the API asks for Edit on it). */
  projectId: number;
  /** Entry ids (the register rows' id). */
  entryIds: number[];
  /** The menu name of the file name, e.g. 'Quality Assurance'. */
  menuName?: string;
}

export interface LabelExportDialogProps {
  request: LabelExportRequest;
  onClose: () => void;
  showError: (text: string) => void;
}

/** The export modal; see the module comment. */
export default function LabelExportDialog({ request, onClose, showError }: LabelExportDialogProps) {
  const [setups, setSetups] = useState<LabelPreparationSetup[] | null>(null);
  const [setupId, setSetupId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const params = { formArea: request.formArea, formEntryNumber: String(request.formId) };

  // biome-ignore lint/correctness/useExhaustiveDependencies: params stand for the request's form
  useEffect(() => {
    let live = true;
    callOperation<LabelPreparationSetup[]>('labelPreparation.getallactive', { params })
      .then((all) => {
        if (!live) return;
        setSetups(all);
        setSetupId(all[0]?.id ?? null);
      })
      .catch((e: unknown) => {
        onClose();
        showError(errorText(e) || message('common.serverError'));
      });
    return () => {
      live = false;
    };
  }, [request, onClose, showError]);

  const setup = setups?.find((s) => s.id === setupId);
  const download = async () => {
    if (!setup) return;
    setBusy(true);
    try {
      const file = await downloadOperation('labelPreparation.export', {
        params: { ...params, id: String(setup.id) },
        body: {
          projectId: request.projectId,
          exportEntryIds: request.entryIds,
          fileExtension: 'csv',
          ...(request.menuName && { menuName: request.menuName }),
        },
      });
      saveFile(file);
    } catch (e) {
      showError(e instanceof ApiError && e.status === 400 ? errorText(e) : message('labelPreparation.exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {setup ? message('labelPreparation.exportTitle', { name: setup.name }) : message('labelPreparation.title')}
      </DialogTitle>
      <DialogContent>
        <SetupChooser
          setups={setups}
          chosen={setupId}
          onChoose={setSetupId}
          labelId="labelPreparation.setup"
          noneId="labelPreparation.noActiveSetup"
        />
        {setup && (
          <DialogContentText sx={{ mt: 1 }}>
            {message('labelPreparation.exportText', { count: request.entryIds.length })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!setup || busy} onClick={() => void download()}>
          {message('labelPreparation.downloadCsv')}
        </Button>
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
