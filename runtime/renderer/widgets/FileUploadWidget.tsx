import DeleteIcon from '@mui/icons-material/Delete';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { callOperation, errorText, thumbnailUrl } from '../../api/client';
import { useHasUnsavedChanges } from '../../shell/leave-guard';
import { useScreenHost } from '../host/ScreenHost';
import { messageHtml } from '../host/sanitize';
import { requiredLabel } from '../labels';
import { EntryStateContext } from './entry-state';
import { defineWidget } from './registration';

const ImageMarkup = lazy(() => import('./lazy/ImageMarkup'));

/** A file as the file calls answer it. */
interface FileView {
  name: string;
  file: string;
  url: string;
  size: number;
  contentType: string;
}

/** The list is read again this long after an upload or delete (form-configuration.md §4). */
export const REREAD_DELAY_MS = 1000;

/** A folder path is skipped when it holds 'undefined' or an all-zero id (administration-data.md file upload). */
export function isUsableFolder(folder: string): boolean {
  return !folder.includes('undefined') && !folder.split('/').some((segment) => /^0+$/.test(segment));
}

function folderOf(file: string): string {
  return file.slice(0, file.lastIndexOf('/'));
}

/**
 * file-upload: the files of the question's folder of this entry, with thumbnails for images, an Upload
 * button (accepted types and multiple configurable), and Delete after 'Are you sure you want to delete
 * {file} file?'; a thumbnail opens the image viewer, Mark up opens the image markup editor (a saved markup
 * is a new version of the image next to it), and an upload shows the progress overlay with Cancel.
 * Leaving the page (pagehide) of a new entry not saved deletes the files uploaded into its folder.
 * The value is the list of the folder's file paths. A failure shows 'Failed to load the
 * files' or 'Failed to delete {file} file'; the list is read again 1 second after a change.
 */
export default function FileUploadWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, options } = props;
  const { rawErrors = [] } = props;
  const locked = Boolean(disabled || readonly);
  const stored = Array.isArray(value) ? (value as string[]) : [];
  // The entry's folder: the one its files are in, else a new one for this entry.
  const draft = useRef(Math.random().toString(36).slice(2, 10));
  const folder = useMemo(
    () => (stored.length > 0 ? folderOf(stored[0]) : `${String(options.folder ?? 'files')}/${draft.current}`),
    [stored, options.folder],
  );
  const [files, setFiles] = useState<FileView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<FileView | null>(null);
  const [markup, setMarkup] = useState<FileView | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const host = useScreenHost();
  // A new entry's files are deleted when the page is left without saving it (form-configuration.md §4); once a
  // page save made it a draft, they are the draft's and stay.
  const isUnsaved = useHasUnsavedChanges();
  const entry = useContext(EntryStateContext);
  const newEntry = useRef(stored.length === 0);
  const uploadedHere = useRef(false);
  const folderRef = useRef(folder);
  folderRef.current = folder;
  useEffect(() => {
    const onLeave = () => {
      if (!newEntry.current || !uploadedHere.current || !isUnsaved() || entry.saved()) return;
      void callOperation('files.deleteFolder', { query: { folder: folderRef.current }, keepalive: true }).catch(
        () => undefined,
      );
    };
    window.addEventListener('pagehide', onLeave);
    return () => window.removeEventListener('pagehide', onLeave);
  }, [isUnsaved, entry]);

  const load = useCallback(async () => {
    if (!isUsableFolder(folder)) return;
    try {
      const listed = await callOperation<FileView[]>('files.list', { query: { folder } });
      setFiles(listed);
      setError(null);
      const paths = listed.map((f) => f.file);
      if (paths.join('\n') !== stored.join('\n')) onChange(paths.length > 0 ? paths : undefined);
    } catch {
      setError(message('files.loadFailed'));
    }
  }, [folder, stored, onChange]);

  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    void loadRef.current();
  }, []);

  const reread = () => setTimeout(() => void loadRef.current(), REREAD_DELAY_MS);

  const upload = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const form = new FormData();
    for (const file of Array.from(chosen)) form.append('uploads[]', file, file.name);
    const abort = new AbortController();
    host?.progress(messageHtml('files.uploading', { count: chosen.length }), () => abort.abort());
    try {
      const added = await callOperation<FileView[]>('files.upload', {
        query: { folder },
        body: form,
        signal: abort.signal,
      });
      const next = [...files.filter((f) => !added.some((a) => a.file === f.file)), ...added];
      uploadedHere.current = true;
      setFiles(next);
      onChange(next.map((f) => f.file));
      setError(null);
    } catch (e) {
      if (!abort.signal.aborted) setError(errorText(e));
    } finally {
      host?.progress(null);
    }
    if (input.current) input.current.value = '';
    reread();
  };

  const remove = async (file: FileView) => {
    setToDelete(null);
    try {
      await callOperation('files.delete', { query: { file: file.file } });
      const next = files.filter((f) => f.file !== file.file);
      setFiles(next);
      onChange(next.length > 0 ? next.map((f) => f.file) : undefined);
    } catch {
      setError(message('files.deleteFailed', { file: file.name }));
    }
    reread();
  };

  return (
    <FormControl fullWidth margin="dense" error={rawErrors.length > 0}>
      {!hideLabel && <FormLabel htmlFor={`${id}-input`}>{requiredLabel(label, required)}</FormLabel>}
      {error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      <List dense aria-label={label}>
        {files.map((file) => (
          <ListItem
            key={file.file}
            secondaryAction={
              !locked && (
                <IconButton
                  edge="end"
                  aria-label={message('files.delete', { file: file.name })}
                  onClick={() => setToDelete(file)}
                >
                  <DeleteIcon />
                </IconButton>
              )
            }
          >
            {file.contentType.startsWith('image/') && (
              <Box
                component="img"
                alt={message('files.view', { file: file.name })}
                src={thumbnailUrl(file.file, 80, 80)}
                onClick={() => host?.viewImage(file.url, file.name)}
                sx={{
                  width: 48,
                  height: 48,
                  objectFit: 'cover',
                  mr: 1,
                  borderRadius: 0.5,
                  cursor: host ? 'zoom-in' : undefined,
                }}
              />
            )}
            <ListItemText
              primary={
                <Link href={file.url} target="_blank" rel="noopener">
                  {file.name}
                </Link>
              }
            />
            {file.contentType.startsWith('image/') && !locked && (
              <Button size="small" onClick={() => setMarkup(file)} sx={{ mr: 4 }}>
                {message('files.markUp', { file: file.name })}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {!locked && (
        <Box>
          <input
            ref={input}
            id={`${id}-input`}
            type="file"
            hidden
            accept={String(options.accept ?? '') || undefined}
            multiple={options.multiple !== false}
            onChange={(event) => void upload(event.target.files)}
          />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
            {message('files.upload')}
          </Button>
        </Box>
      )}
      {markup && (
        <Suspense fallback={null}>
          <ImageMarkup
            open
            src={markup.url}
            title={markup.name}
            onCancel={() => setMarkup(null)}
            onSave={async (png) => {
              // A new version next to the original: <name>-v<n>.png
              const base = markup.name.replace(/\.[^.]+$/, '');
              const versions = files.filter((f) => f.name.startsWith(`${base}-v`)).length;
              const form = new FormData();
              form.append('uploads[]', png, `${base}-v${versions + 1}.png`);
              try {
                const added = await callOperation<FileView[]>('files.upload', { query: { folder }, body: form });
                const next = [...files, ...added];
                setFiles(next);
                onChange(next.map((f) => f.file));
                setMarkup(null);
              } catch (e) {
                setError(errorText(e));
              }
              reread();
            }}
          />
        </Suspense>
      )}
      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)}>
        <DialogContent>{toDelete && message('files.confirmDelete', { file: toDelete.name })}</DialogContent>
        <DialogActions>
          <Button onClick={() => toDelete && void remove(toDelete)}>{message('common.yes')}</Button>
          <Button variant="contained" onClick={() => setToDelete(null)}>
            {message('common.no')}
          </Button>
        </DialogActions>
      </Dialog>
    </FormControl>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('file-upload', FileUploadWidget);
