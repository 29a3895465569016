/**
 * The file browser's modals (administration-data.md §2 "Modals and overlays", §5 "DMS"; issue 23 items 1 and 6):
 * the rename or create modal (also the label's), the Add URL modal, the Select Folder modal of copy and move, the
 * Manage Revisions modal (versions with a Download each, a new revision, the file's history) and the shared link's
 * 'Link Copied' modal. Each is a MUI Dialog, its texts from the message catalogue.
 */
import FolderIcon from '@mui/icons-material/Folder';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import type { DmsClient } from './dms-client';
import {
  breadcrumbs,
  type DmsHistoryLine,
  type DmsNode,
  type DmsVersion,
  formatDate,
  formatSize,
  hasForbiddenCharacter,
  isWebAddress,
  nodeTitle,
  urlFileName,
} from './dms-rules';

/** Props of the name modal: rename, create (a new folder's name) or a label. */
export interface NameDialogProps {
  title: MessageId;
  label: MessageId;
  initial: string;
  /** Create: OK is enabled with the name unchanged (the new folder keeps 'New Folder'). */
  allowUnchanged?: boolean;
  /** A label may hold '/' and may be empty; a name may not. */
  isName?: boolean;
  onOk(value: string): void;
  onCancel(): void;
}

/**
 * The rename or create modal (§5: "The rename OK button is disabled while the name is unchanged"; '/' refused with
 * its text).
 */
export function NameDialog({ title, label, initial, allowUnchanged, isName = true, onOk, onCancel }: NameDialogProps) {
  const [value, setValue] = useState(initial);
  const trimmed = value.trim();
  const slash = isName && hasForbiddenCharacter(value);
  const disabled = slash || (isName && trimmed === '') || (!allowUnchanged && trimmed === initial.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onOk(isName ? trimmed : value);
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{message(title)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={message(label)}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onFocus={(event) => event.target.select()}
            error={slash}
            helperText={slash ? message('fileBrowser.slashNotAllowed') : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{message('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={disabled}>
            {message('fileBrowser.ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The Add URL modal (§5: the saved name strips http(s):// and turns slashes into spaces, as a .url file). */
export function AddUrlDialog({
  onOk,
  onCancel,
}: {
  onOk(url: string, filename: string | undefined): void;
  onCancel(): void;
}) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = isWebAddress(url);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) onOk(url.trim(), name.trim() === '' ? undefined : urlFileName(url, name));
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{message('fileBrowser.addUrlTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="url"
            label={message('fileBrowser.url')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !valid}
            helperText={touched && !valid ? message('fileBrowser.urlInvalid') : ' '}
            required
          />
          <TextField
            fullWidth
            margin="dense"
            label={message('fileBrowser.urlName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {valid && (
            <Typography variant="body2" color="text.secondary" data-testid="url-file-name">
              {message('fileBrowser.urlSavedAs', { name: urlFileName(url, name) })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{message('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid}>
            {message('fileBrowser.ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The Select Folder modal of copy and move (§2): the folders below `root`, browsed from `start` by their
 * breadcrumbs and sub-folders; OK chooses the folder shown. Folders in `excluded` (a moved folder itself) are not
 * offered.
 */
export function SelectFolderDialog({
  root,
  start,
  excluded,
  list,
  onOk,
  onCancel,
}: {
  root: string;
  start: string;
  excluded: readonly string[];
  list(folder: string): Promise<DmsNode[]>;
  onOk(folder: string): void;
  onCancel(): void;
}) {
  const [folder, setFolder] = useState(start);
  const [folders, setFolders] = useState<DmsNode[] | null>(null);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  useEffect(() => {
    let live = true;
    setFolders(null);
    setFailed(false);
    list(folder)
      .then((nodes) => {
        if (live) setFolders(nodes.filter((n) => n.type === 'Folder' && !excluded.includes(n.path)));
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [folder, list, excluded]);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{message('fileBrowser.selectFolder')}</DialogTitle>
      <DialogContent>
        <Breadcrumbs aria-label={message('fileBrowser.breadcrumbs')} sx={{ mb: 1 }}>
          {breadcrumbs(root, folder).map((crumb, index) =>
            'collapsed' in crumb ? (
              <span key="collapsed">{message('fileBrowser.collapsed')}</span>
            ) : (
              <Link key={crumb.path || index} component="button" type="button" onClick={() => setFolder(crumb.path)}>
                {crumb.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
        {failed && <Alert severity="error">{message('fileBrowser.loadFailed')}</Alert>}
        {!failed && folders === null && <CircularProgress size={24} aria-label={message('common.loading')} />}
        {folders !== null && folders.length === 0 && (
          <Typography color="text.secondary">{message('fileBrowser.noFolders')}</Typography>
        )}
        {folders !== null && folders.length > 0 && (
          <List dense aria-label={message('fileBrowser.selectFolder')}>
            {folders.map((node) => (
              <ListItemButton key={node.path} onClick={() => setFolder(node.path)}>
                <ListItemIcon>
                  <FolderIcon />
                </ListItemIcon>
                <ListItemText primary={nodeTitle(node)} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{message('common.cancel')}</Button>
        <Button variant="contained" onClick={() => onOk(folder)}>
          {message('fileBrowser.selectFolderHere')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const HISTORY_ACTIONS: Record<DmsHistoryLine['action'], MessageId> = {
  upload: 'fileBrowser.history.upload',
  replace: 'fileBrowser.history.replace',
  rename: 'fileBrowser.history.rename',
  move: 'fileBrowser.history.move',
  copy: 'fileBrowser.history.copy',
  delete: 'fileBrowser.history.delete',
  label: 'fileBrowser.history.label',
  createFolder: 'fileBrowser.history.createFolder',
};

/** A history line for people: 'Renamed by Ann Byrne on 2026-11-26 from a.pdf to b.pdf'. */
export function historyText(line: DmsHistoryLine): string {
  const action = HISTORY_ACTIONS[line.action] ? message(HISTORY_ACTIONS[line.action]) : line.action;
  const head = message('fileBrowser.historyLine', { action, by: line.by, at: formatDate(line.at) });
  return line.from !== undefined && line.to !== undefined
    ? `${head} ${message('fileBrowser.historyFromTo', { from: line.from, to: line.to })}`
    : head;
}

/**
 * The Manage Revisions modal (§2; §7 "Revision download opens the file url with ?versionId="; issue 23 item 6):
 * every version newest first with a Download each, a new revision (edit users), and the file's history.
 */
export function RevisionsDialog({
  node,
  client,
  canEdit,
  onReplace,
  onClose,
}: {
  node: DmsNode;
  client: DmsClient;
  canEdit: boolean;
  onReplace(file: File): Promise<void>;
  onClose(): void;
}) {
  const [versions, setVersions] = useState<DmsVersion[] | null>(null);
  const [history, setHistory] = useState<DmsHistoryLine[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const inputId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` reloads after a new revision
  useEffect(() => {
    let live = true;
    Promise.all([client.versions(node.path), client.history(node.path).catch(() => [])])
      .then(([v, h]) => {
        if (!live) return;
        setVersions(v);
        setHistory(h);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [client, node.path, round]);
  const name = nodeTitle(node);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{message('fileBrowser.revisionsTitle', { name })}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">{message('fileBrowser.loadFailed')}</Alert>}
        {!failed && versions === null && <CircularProgress size={24} aria-label={message('common.loading')} />}
        {versions !== null && (
          <Table size="small" aria-label={message('fileBrowser.revisions')}>
            <TableHead>
              <TableRow>
                <TableCell>{message('fileBrowser.column.revision')}</TableCell>
                <TableCell>{message('fileBrowser.column.modifiedDate')}</TableCell>
                <TableCell>{message('fileBrowser.column.modifiedBy')}</TableCell>
                <TableCell>{message('fileBrowser.column.size')}</TableCell>
                <TableCell>{message('fileBrowser.column.options')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.map((version) => (
                <TableRow key={version.versionId}>
                  <TableCell>{message('fileBrowser.revision', { n: version.revisionNumber })}</TableCell>
                  <TableCell>{formatDate(version.lastModified)}</TableCell>
                  <TableCell>{version.modifiedBy}</TableCell>
                  <TableCell>{formatSize(version.size)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      href={client.downloadUrl(node.path, version.versionId)}
                      download
                      aria-label={`${message('fileBrowser.download')} ${message('fileBrowser.revision', { n: version.revisionNumber })}`}
                    >
                      {message('fileBrowser.download')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {canEdit && (
          <Stack direction="row" sx={{ mt: 2 }}>
            <Button component="label" htmlFor={inputId} variant="outlined">
              {message('fileBrowser.uploadRevision')}
              <input
                id={inputId}
                type="file"
                hidden
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (!file) return;
                  await onReplace(file);
                  setRound((r) => r + 1);
                }}
              />
            </Button>
          </Stack>
        )}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {message('fileBrowser.history')}
        </Typography>
        {history !== null && history.length === 0 && (
          <Typography color="text.secondary">{message('fileBrowser.noHistory')}</Typography>
        )}
        {history !== null && history.length > 0 && (
          <List dense aria-label={message('fileBrowser.history')}>
            {history.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: history lines have no id and never reorder
              <ListItemText key={index} primary={historyText(line)} />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The shared link's modal (§8: 'Link Copied / Link copied to clipboard'), with the link to copy by hand. */
export function LinkDialog({ link, onClose }: { link: string; onClose(): void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{message('fileBrowser.linkCopiedTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{message('fileBrowser.linkCopied')}</Typography>
        <TextField
          fullWidth
          value={link}
          label={message('fileBrowser.shareLink')}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
