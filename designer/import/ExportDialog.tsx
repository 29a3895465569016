/**
 * Export to SurveyJS from the form creator's toolbar (issue 22 §2 "Export of a definition to SurveyJS JSON ... with
 * the same report for what does not map"): the draft as shown (saved or not) through the SurveyJS exporter, loaded
 * on first use (engine/import/export-surveyjs.ts, a chunk of its own), its report (./ImportReport.tsx) and Download,
 * which saves `<title>.survey.json`. The API's forms.export answers the same for a saved working copy.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import type { ImportFinding, ImportSummary } from '../../engine/import/types';
import { message } from '../../engine/messages/catalogue';
import { saveBody } from '../autosave';
import { useDesigner } from '../store';
import { ImportReport } from './ImportReport';

/** An export as the dialog shows it. */
interface Exported {
  source: unknown;
  report: ImportFinding[];
  summary: ImportSummary;
}

/** A file name from a form's title: letters, digits, spaces and dashes kept, at most 80 characters. */
export function exportFileName(title: string): string {
  const base =
    title
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 80) || 'form';
  return `${base}.survey.json`;
}

/** Saves `text` as a download named `name` (an object URL on a link, clicked). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** @param open shown; each opening exports the draft as it is then */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // Closed, it reads no draft: an edit does not render it again (issue 21 "Speed").
  const draft = useDesigner((s) => (open ? s.history.present : null));
  const ids = { title: useId(), report: useId() };
  const [exported, setExported] = useState<Exported | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft as it is when the dialog opens
  useEffect(() => {
    if (!open || !draft) return;
    let live = true;
    setExported(null);
    setFailed(null);
    import('../../engine/import/export-surveyjs')
      .then(({ exportSurveyJs }) => {
        const result = exportSurveyJs(saveBody(draft) as Parameters<typeof exportSurveyJs>[0]);
        if (live) setExported(result as Exported);
      })
      .catch((error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={ids.title}
      data-testid="export-dialog"
    >
      <DialogTitle id={ids.title}>{message('import.ui.exportTitle')}</DialogTitle>
      <DialogContent dividers>
        {failed && <Alert severity="error">{failed}</Alert>}
        {!exported && !failed && <Typography color="text.secondary">{message('common.loading')}</Typography>}
        {exported && (
          <>
            {exported.report.length === 0 && (
              <Alert severity="success" sx={{ mb: 1 }}>
                {message('import.ui.exportClean')}
              </Alert>
            )}
            <ImportReport
              report={exported.report}
              summary={exported.summary}
              headingId={ids.report}
              heading={message('import.ui.exportReport')}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('import.ui.close')}</Button>
        <Button
          variant="contained"
          disabled={!exported}
          onClick={() =>
            exported && draft && download(exportFileName(draft.title), `${JSON.stringify(exported.source, null, 2)}\n`)
          }
        >
          {message('import.ui.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
