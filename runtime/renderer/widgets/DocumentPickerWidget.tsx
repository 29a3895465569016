/**
 * dms-buttons: the document picker and attachment picker (form-configuration.md §2 "Document picker and drawing
 * register picker"; administration-data.md §2 "Document picker dialog", "Document Register dialog"; issue 23 item
 * 5). A button under the label (with the question's tooltip) opens the document browser: a tab per document folder
 * of the project (the DMS base folders Vault, Quality Assurance, Health and Safety, Quantity Surveying of
 * contract.md §A), each a file tree read folder by folder through the DMS (GET …/dms/getall/?folder=; a folder the
 * user may not read shows the server's permission text); a tick per file (one, or several with `multiple`); Add is
 * disabled until something is ticked; Close leaves the answer as it was; Document Register opens the drawing
 * register's pick dialog (./DocumentRegisterDialog.tsx).
 *
 * Add keeps each file with the revision it has now (its current DMS version, GET …/dms/versions?path=; a drawing's
 * register item and revision), so the answer refers to that revision even after a newer one is uploaded
 * (engine/forms/field-types/document-picker.ts pickedDocumentValue). The chosen files are listed under the button
 * as 'name (Rev. n)', each opening that revision in a new tab, with a remove button; picking a file again replaces
 * its earlier pick.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
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
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useParams } from 'react-router';
import {
  parsePickedDocument,
  pickedDocumentName,
  pickedDocumentText,
  pickedDocumentUrl,
  pickedDocumentValue,
  projectDocumentsFolder,
  projectDrawingRegisterFolder,
} from '../../../engine/forms/field-types/document-picker';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import type { RegisterPick } from '../../../engine/rules/drawing-register-picker';
import { errorText } from '../../api/client';
import { requiredLabel } from '../labels';
import DocumentRegisterDialog from './DocumentRegisterDialog';
import { type DmsNode, dmsFolder, dmsVersions } from './picker-calls';
import { defineWidget } from './registration';

/** The document folders offered as tabs: the DMS base folders of a project (contract.md §A), with their titles. */
export const DOCUMENT_FOLDER_TABS: ReadonlyArray<{ folder: string; title: MessageId }> = [
  { folder: 'Vault', title: 'pickers.folder.Vault' },
  { folder: 'Quality Assurance', title: 'pickers.folder.QualityAssurance' },
  { folder: 'Health and Safety', title: 'pickers.folder.HealthAndSafety' },
  { folder: 'Quantity Surveying', title: 'pickers.folder.QuantitySurveying' },
];

/**
 * The answer after picking `values`: each replaces an earlier pick of the same file (at another revision), the
 * others are added after the chosen ones; a question that takes one keeps only the last.
 */
export function withPicked(chosen: readonly string[], values: readonly string[], multiple: boolean): string[] {
  if (!multiple) return values.slice(-1);
  const paths = new Set(values.map((v) => parsePickedDocument(v).path));
  return [...chosen.filter((v) => !paths.has(parsePickedDocument(v).path)), ...values];
}

type FolderState = DmsNode[] | { error: string } | 'loading';

export default function DocumentPickerWidget(props: WidgetProps) {
  const { id, value, label, required, disabled, readonly, onChange, options, rawErrors = [] } = props;
  const { projectId = '0' } = useParams();
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const multiple = options.multiple !== false;
  const locked = Boolean(disabled || readonly);
  const [open, setOpen] = useState(false);
  const [registerOpen, setRegisterOpen] = useState(false);
  const [tab, setTab] = useState(0);
  const [folders, setFolders] = useState<Map<string, FolderState>>(new Map());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<DmsNode[]>([]);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = (folder: string) => {
    setFolders((now) => new Map(now).set(folder, 'loading'));
    dmsFolder(projectId, folder).then(
      (nodes) => setFolders((now) => new Map(now).set(folder, nodes)),
      (failure: unknown) => setFolders((now) => new Map(now).set(folder, { error: errorText(failure) })),
    );
  };
  const openPicker = () => {
    setSelected([]);
    setError(null);
    setExpanded(new Set());
    setFolders(new Map());
    setTab(0);
    setOpen(true);
    load(DOCUMENT_FOLDER_TABS[0].folder);
  };
  const showTab = (index: number) => {
    setTab(index);
    const folder = DOCUMENT_FOLDER_TABS[index].folder;
    if (!folders.has(folder)) load(folder);
  };
  const toggleFolder = (folder: string) => {
    const shut = !expanded.has(folder);
    setExpanded((now) => {
      const next = new Set(now);
      if (shut) next.add(folder);
      else next.delete(folder);
      return next;
    });
    if (shut && !folders.has(folder)) load(folder);
  };
  const toggleFile = (node: DmsNode) =>
    setSelected((now) =>
      now.some((n) => n.path === node.path)
        ? now.filter((n) => n.path !== node.path)
        : multiple
          ? [...now, node]
          : [node],
    );
  const commit = (values: string[]) => {
    const next = withPicked(chosen, values, multiple);
    onChange(next.length > 0 ? next : undefined);
  };
  const add = async () => {
    setAdding(true);
    setError(null);
    try {
      const root = projectDocumentsFolder(projectId);
      const values = await Promise.all(
        selected.map(async (node) => {
          const [current] = await dmsVersions(projectId, node.path);
          return pickedDocumentValue({
            path: `${root}/${node.path}`,
            versionId: current?.versionId,
            revision: String(current?.revisionNumber ?? node.revisionNumber ?? 1),
          });
        }),
      );
      commit(values);
      setOpen(false);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setAdding(false);
    }
  };
  const addFromRegister = (picks: RegisterPick[]) => {
    const root = projectDrawingRegisterFolder(projectId);
    commit(
      picks.map(({ row, fileName }) =>
        pickedDocumentValue({ path: `${root}/${row.id}/${fileName}`, revision: String(row.revision) }),
      ),
    );
    setRegisterOpen(false);
    setOpen(false);
  };
  const tooltip = typeof options.tooltip === 'string' ? options.tooltip : '';

  const folderList = (folder: string, depth: number) => {
    const state = folders.get(folder);
    if (state === undefined || state === 'loading')
      return <CircularProgress size={20} sx={{ ml: 2 + depth * 2, my: 1 }} aria-label={folder} />;
    if (!Array.isArray(state))
      return (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {state.error}
        </Alert>
      );
    if (state.length === 0)
      return (
        <ListItem sx={{ pl: 2 + depth * 2 }}>
          <ListItemText secondary={message('pickers.emptyFolder')} />
        </ListItem>
      );
    return state.map((node) => {
      // The DMS id prefix of a stored name is not shown (administration-data.md §3 "DMS node").
      const name = pickedDocumentName(node.label || node.fileName || node.path);
      if (node.type === 'Folder') {
        const isOpen = expanded.has(node.path);
        return (
          <Box key={node.path}>
            <ListItemButton
              sx={{ pl: 2 + depth * 2 }}
              aria-expanded={isOpen}
              aria-label={message('pickers.openFolder', { folder: name })}
              onClick={() => toggleFolder(node.path)}
            >
              <ListItemIcon>
                <FolderIcon />
              </ListItemIcon>
              <ListItemText primary={name} />
              {isOpen ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            {isOpen && <List disablePadding>{folderList(node.path, depth + 1)}</List>}
          </Box>
        );
      }
      return (
        <ListItemButton key={node.path} sx={{ pl: 2 + depth * 2 }} onClick={() => toggleFile(node)}>
          <ListItemIcon>
            <Checkbox
              edge="start"
              tabIndex={-1}
              checked={selected.some((n) => n.path === node.path)}
              slotProps={{ input: { 'aria-label': name } }}
            />
          </ListItemIcon>
          <ListItemText primary={name} />
        </ListItemButton>
      );
    });
  };

  const current = DOCUMENT_FOLDER_TABS[tab];
  return (
    <Box sx={{ my: 1 }}>
      <FormLabel error={rawErrors.length > 0} id={`${id}-label`}>
        {requiredLabel(label, required)}
      </FormLabel>
      <Box>
        <Tooltip title={tooltip}>
          <span>
            <Button id={id} variant="outlined" size="small" disabled={locked} onClick={openPicker}>
              {message('documents.choose')}
            </Button>
          </span>
        </Tooltip>
      </Box>
      {chosen.length > 0 && (
        <List dense aria-label={label}>
          {chosen.map((picked) => {
            const text = pickedDocumentText(picked);
            return (
              <ListItem
                key={picked}
                secondaryAction={
                  !locked && (
                    <IconButton
                      edge="end"
                      aria-label={message('documents.remove', { file: text })}
                      onClick={() => {
                        const next = chosen.filter((v) => v !== picked);
                        onChange(next.length > 0 ? next : undefined);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  )
                }
              >
                <Link href={pickedDocumentUrl(picked, projectId)} target="_blank" rel="noopener">
                  {text}
                </Link>
              </ListItem>
            );
          })}
        </List>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
        <DialogTitle id={`${id}-title`}>{label || message('documents.title')}</DialogTitle>
        <Tabs
          value={tab}
          onChange={(_event, index: number) => showTab(index)}
          variant="scrollable"
          aria-label={message('pickers.tabs')}
        >
          {DOCUMENT_FOLDER_TABS.map((t) => (
            <Tab key={t.folder} label={message(t.title)} />
          ))}
        </Tabs>
        <DialogContent dividers sx={{ minHeight: 240 }}>
          {error && (
            <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
              {error}
            </Alert>
          )}
          <List dense aria-label={message(current.title)}>
            {folderList(current.folder, 0)}
          </List>
        </DialogContent>
        <DialogActions>
          <Button sx={{ mr: 'auto' }} onClick={() => setRegisterOpen(true)}>
            {message('pickers.register')}
          </Button>
          <Button variant="contained" disabled={selected.length === 0 || adding} onClick={() => void add()}>
            {message('documents.add')}
          </Button>
          <Button onClick={() => setOpen(false)}>{message('documents.close')}</Button>
        </DialogActions>
      </Dialog>
      <DocumentRegisterDialog
        projectId={projectId}
        open={registerOpen}
        single={!multiple}
        onAdd={addFromRegister}
        onClose={() => setRegisterOpen(false)}
      />
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('dms-buttons', DocumentPickerWidget);
