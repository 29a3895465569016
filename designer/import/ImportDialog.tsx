/**
 * The Import dialog (issue 22 §1 "The form creator offers Import (file chooser or paste), shows the report beside a
 * preview, and opens the draft for editing; nothing is saved until the administrator saves"): the format (picked
 * from a chosen file's extension or content, or a pasted text's shape, where it can be), a file chooser or a paste
 * box, then Import (forms.import: the server reads the source, so the browser never loads an importer) and, beside
 * each other, the report (./ImportReport.tsx) and a preview of the draft in the runtime's form renderer (the same
 * form source and SchemaForm as the creator's preview). "Open in the form creator" hands the answer to `onOpen`.
 * A refused source (400/413) is shown with the server's message; the dialog stays as it was.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { detectFormat, MAX_SOURCE_BYTES } from '../../engine/import/detect';
import { importedDraft } from '../../engine/import/report-view';
import { type ImportFormat, type ImportResult, importFormats } from '../../engine/import/types';
import { message } from '../../engine/messages/catalogue';
import { callOperation, errorText } from '../../runtime/api/client';
import { formSources } from '../../runtime/renderer/functions/form-sources';
import { SchemaForm } from '../../runtime/renderer/SchemaForm';
import { ImportReport } from './ImportReport';

/** What the dialog hands on: the server's answer, and the file it came from. */
export interface ImportOutcome {
  format: ImportFormat;
  result: ImportResult;
  fileName?: string;
}

/** A pasted text this long or longer is looked at for its format only when imported (parsing it on each key). */
const DETECT_PASTE_LIMIT = 200_000;

/** Bytes as base64, in slices (a spread of a whole file's bytes into one call overflows the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A chosen file as the dialog keeps it: its name, size and what is sent (text, or base64 for a spreadsheet). */
interface ChosenFile {
  name: string;
  size: number;
  bytes: Uint8Array;
}

/** Shows the preview's failure instead of the dialog's (a form the renderer cannot draw still has its report). */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: string | null }> {
  override state = { failed: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.failed ? <Alert severity="warning">{this.state.failed}</Alert> : this.props.children;
  }
}

/** The imported draft in the runtime's renderer (its first page; the page buttons step through the rest). */
function DraftPreview({ result, formArea }: { result: ImportResult; formArea: string }) {
  const form = useMemo(
    () => formSources.formDefinition(importedDraft(result.definition, formArea)),
    [result, formArea],
  );
  return (
    <SchemaForm
      schema={form.schema}
      uiSchema={form.uiSchema}
      pages={form.pages}
      formData={{}}
      params={{}}
      idPrefix="import-preview"
    />
  );
}

/**
 * @param open shown
 * @param formArea the area the form is imported into (the path's)
 * @param onOpen "Open in the form creator": the import's answer (the dialog closes)
 */
export function ImportDialog(props: {
  open: boolean;
  onClose: () => void;
  formArea: string;
  onOpen: (outcome: ImportOutcome) => void;
}) {
  const { open, onClose, formArea, onOpen } = props;
  const ids = { title: useId(), report: useId(), preview: useId(), file: useId() };
  const [format, setFormat] = useState<ImportFormat>('surveyjs');
  const [detected, setDetected] = useState<ImportFormat | undefined>();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(null);
    setPasted('');
    setError(null);
    setOutcome(null);
    setDetected(undefined);
  };

  const detect = (name: string | undefined, content: Uint8Array | string) => {
    const found = detectFormat(name, content);
    setDetected(found);
    if (found) setFormat(found);
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    setOutcome(null);
    if (chosen.size > MAX_SOURCE_BYTES) {
      setFile(null);
      setError(
        message('import.ui.fileTooLarge', {
          size: megabytes(chosen.size),
          limit: MAX_SOURCE_BYTES / 1024 / 1024,
        }),
      );
      return;
    }
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    setFile({ name: chosen.name, size: chosen.size, bytes });
    setPasted('');
    detect(chosen.name, bytes);
  };

  const run = async () => {
    setError(null);
    let source: string;
    if (file) source = format === 'xlsform' ? toBase64(file.bytes) : new TextDecoder().decode(file.bytes);
    else if (pasted.trim() !== '' && format !== 'xlsform') source = pasted;
    else {
      setError(message(format === 'xlsform' ? 'import.ui.xlsxFile' : 'import.ui.nothing'));
      return;
    }
    setBusy(true);
    try {
      const result = await callOperation<ImportResult>('forms.import', {
        params: { formArea },
        body: { format, source, ...(file && { fileName: file.name }) },
      });
      setOutcome({ format, result, fileName: file?.name });
    } catch (refused) {
      setOutcome(null);
      setError(errorText(refused));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby={ids.title}
      data-testid="import-dialog"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id={ids.title}>{message('import.ui.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={message('import.ui.format')}
              value={format}
              onChange={(event) => {
                setFormat(event.target.value as ImportFormat);
                setOutcome(null);
              }}
              sx={{ minWidth: 260 }}
            >
              {importFormats.map((name) => (
                <MenuItem key={name} value={name}>
                  {message(`import.format.${name}`)}
                </MenuItem>
              ))}
            </TextField>
            <input
              ref={input}
              id={ids.file}
              type="file"
              accept=".json,.xlsx,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="import-file"
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button variant="outlined" onClick={() => input.current?.click()}>
              {message('import.ui.chooseFile')}
            </Button>
            <Typography variant="body2" color="text.secondary" role="status" data-testid="import-file-name">
              {file
                ? message('import.ui.file', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })
                : message('import.ui.noFile')}
              {detected && ` ${message('import.ui.detected', { format: message(`import.format.${detected}`) })}`}
            </Typography>
          </Stack>
          <TextField
            label={message('import.ui.paste')}
            multiline
            minRows={3}
            maxRows={8}
            value={pasted}
            disabled={format === 'xlsform' && !pasted}
            helperText={format === 'xlsform' ? message('import.ui.xlsxFile') : undefined}
            onChange={(event) => {
              const text = event.target.value;
              setPasted(text);
              setFile(null);
              setOutcome(null);
              if (text.length < DETECT_PASTE_LIMIT) detect(undefined, text);
            }}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 12 } } }}
          />
          {error && (
            <Alert severity="error" role="alert" data-testid="import-error">
              {error}
            </Alert>
          )}
          {outcome && (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
                alignItems: 'start',
              }}
            >
              <Box sx={{ maxHeight: { md: '55vh' }, overflowY: 'auto' }}>
                <ImportReport report={outcome.result.report} summary={outcome.result.summary} headingId={ids.report} />
              </Box>
              <Box
                component="section"
                aria-labelledby={ids.preview}
                data-testid="import-preview"
                sx={{ maxHeight: { md: '55vh' }, overflowY: 'auto', p: 2, bgcolor: 'grey.100', borderRadius: 1 }}
              >
                <Typography id={ids.preview} variant="subtitle1" component="h2" gutterBottom>
                  {message('import.ui.preview', { title: outcome.result.definition.title })}
                </Typography>
                <Box sx={{ bgcolor: 'background.paper', p: 2 }}>
                  <PreviewBoundary>
                    <DraftPreview result={outcome.result} formArea={formArea} />
                  </PreviewBoundary>
                </Box>
              </Box>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('import.ui.cancel')}</Button>
        <Button onClick={run} disabled={busy}>
          {message(busy ? 'import.ui.running' : 'import.ui.run')}
        </Button>
        <Button variant="contained" disabled={!outcome} onClick={() => outcome && onOpen(outcome)}>
          {message('import.ui.open')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
