/**
 * dms-buttons: the document picker (form-configuration.md §2 "Document picker and drawing register
 * picker"): a button under the label (with the question's tooltip) opens a modal with the project's
 * documents as a tree of folders (the file store's `projects/{projectId}/documents`, read with
 * `recursive=true`); a tick per document (one, or several with `multiple`); Add is disabled until something
 * is selected; Close leaves the answer as it was. The chosen documents are listed under the button, each
 * opening in a new tab, with a remove button.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useParams } from 'react-router';
import { projectDocumentsFolder } from '../../../engine/forms/field-types/document-picker';
import { message } from '../../../engine/messages/catalogue';
import { callOperation } from '../../api/client';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

interface Document {
  name: string;
  file: string;
  url: string;
}

/** The documents grouped by their folder below the project's documents folder ('' for the top), in order. */
export function documentTree(documents: readonly Document[], root: string): Array<[string, Document[]]> {
  const folders = new Map<string, Document[]>();
  for (const document of documents) {
    const relative = document.file.slice(root.length + 1);
    const folder = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '';
    folders.set(folder, [...(folders.get(folder) ?? []), document]);
  }
  return [...folders.entries()].sort(([a], [b]) => a.localeCompare(b));
}

const nameOf = (file: string) => file.slice(file.lastIndexOf('/') + 1);

export default function DocumentPickerWidget(props: WidgetProps) {
  const { id, value, label, required, disabled, readonly, onChange, options, rawErrors = [] } = props;
  const { projectId } = useParams();
  const root = projectDocumentsFolder(projectId ?? '0');
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const multiple = options.multiple !== false;
  const locked = Boolean(disabled || readonly);
  const [open, setOpen] = useState(false);
  const [documents, setDocuments] = useState<Document[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [closed, setClosed] = useState<Set<string>>(new Set());

  const openPicker = async () => {
    setSelected([]);
    setOpen(true);
    try {
      setDocuments(await callOperation<Document[]>('files.list', { query: { folder: root, recursive: 'true' } }));
      setError(null);
    } catch {
      setError(message('files.loadFailed'));
    }
  };
  const toggle = (file: string) =>
    setSelected((now) => (now.includes(file) ? now.filter((f) => f !== file) : multiple ? [...now, file] : [file]));
  const add = () => {
    const next = multiple ? [...chosen, ...selected.filter((f) => !chosen.includes(f))] : selected.slice(0, 1);
    onChange(next.length > 0 ? next : undefined);
    setOpen(false);
  };
  const tooltip = typeof options.tooltip === 'string' ? options.tooltip : '';

  return (
    <Box sx={{ my: 1 }}>
      <FormLabel error={rawErrors.length > 0} id={`${id}-label`}>
        {requiredLabel(label, required)}
      </FormLabel>
      <Box>
        <Tooltip title={tooltip}>
          <span>
            <Button id={id} variant="outlined" size="small" disabled={locked} onClick={() => void openPicker()}>
              {message('documents.choose')}
            </Button>
          </span>
        </Tooltip>
      </Box>
      {chosen.length > 0 && (
        <List dense aria-label={label}>
          {chosen.map((file) => (
            <ListItem
              key={file}
              secondaryAction={
                !locked && (
                  <IconButton
                    edge="end"
                    aria-label={message('documents.remove', { file: nameOf(file) })}
                    onClick={() => {
                      const next = chosen.filter((f) => f !== file);
                      onChange(next.length > 0 ? next : undefined);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <Link href={`/api/files/download?file=${encodeURIComponent(file)}`} target="_blank" rel="noopener">
                {nameOf(file)}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>{label || message('documents.title')}</DialogTitle>
        <DialogContent dividers>
          {error && <Alert severity="error">{error}</Alert>}
          {documents && documents.length === 0 && <Alert severity="info">{message('documents.none')}</Alert>}
          {documents && documents.length > 0 && (
            <List dense aria-label={message('documents.title')}>
              {documentTree(documents, root).map(([folder, files]) => {
                const shut = closed.has(folder);
                const rows = files.map((document) => (
                  <ListItemButton key={document.file} sx={{ pl: folder ? 4 : 2 }} onClick={() => toggle(document.file)}>
                    <ListItemIcon>
                      <Checkbox
                        edge="start"
                        tabIndex={-1}
                        checked={selected.includes(document.file)}
                        slotProps={{ input: { 'aria-label': document.name } }}
                      />
                    </ListItemIcon>
                    <ListItemText primary={document.name} />
                  </ListItemButton>
                ));
                if (!folder) return rows;
                return (
                  <Box key={folder}>
                    <ListItemButton
                      aria-expanded={!shut}
                      onClick={() =>
                        setClosed((now) => {
                          const next = new Set(now);
                          if (shut) next.delete(folder);
                          else next.add(folder);
                          return next;
                        })
                      }
                    >
                      <ListItemIcon>
                        <FolderIcon />
                      </ListItemIcon>
                      <ListItemText primary={folder} />
                      {shut ? <ExpandMore /> : <ExpandLess />}
                    </ListItemButton>
                    <Collapse in={!shut}>{rows}</Collapse>
                  </Box>
                );
              })}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" disabled={selected.length === 0} onClick={add}>
            {message('documents.add')}
          </Button>
          <Button onClick={() => setOpen(false)}>{message('documents.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('dms-buttons', DocumentPickerWidget);
