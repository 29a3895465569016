/**
 * The file browser (administration-data.md §2 "File browser (per project)", §4 "DMS browser", §5 "DMS", §6 "Other
 * rules", §8, §9; issue 23 items 1, 3 and 6): the screen of a `file-browser` document (schemas/meta/
 * file-browser.schema.json) over the DMS calls of contract.md §C (./dms-client.ts).
 *
 * - The root is the document's base folder (the shared page: the link's folder); the breadcrumb trail collapses
 *   above 4 levels; search below the folder with Back and Clear; a column chooser; Name sorts (folders first).
 * - An Actions menu (Add URL, Upload Files, Upload Folder, Enable Multi-Select, then Copy, Move, Delete of the
 *   checked rows), Create Folder (a new folder opens in rename; Cancel deletes it), a context menu per row (right
 *   click, or its Options button for the keyboard).
 * - Drag and drop upload with its overlay, folders read recursively, progress per file, the duplicate prompt.
 * - A user who may not change (the document's `edit` access; a view user) sees no changing action; the API's 403
 *   shows §6's permission text. The shared page is read-only.
 * Rows are paged (100 a page by default) so a folder of 5,000 files renders its first screen at once.
 */
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import LinkIcon from '@mui/icons-material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type DragEvent,
  type FormEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { type AccessSubject, can } from '../../../engine/rules/access';
import type { FileBrowserScreen } from '../../../engine/types/generated/screen-documents';
import { ApiError, saveFile, thumbnailUrl } from '../../api/client';
import { useScreenHost } from '../host/ScreenHost';
import { useSessionUser } from '../user';
import { AddUrlDialog, LinkDialog, NameDialog, RevisionsDialog, SelectFolderDialog } from './dialogs';
import { type DmsClient, dmsClient, type OnDuplicate, sharedDms, type UploadItem } from './dms-client';
import {
  breadcrumbs,
  type DmsNode,
  duplicateDecision,
  formatDate,
  formatSize,
  joinPath,
  lastSegment,
  nextFreeName,
  nodeTitle,
  parentOf,
  sortNodes,
} from './dms-rules';
import { inputFiles, readDrop } from './dropped-files';

export interface FileBrowserProps {
  document: FileBrowserScreen;
  /** Route parameters: projectId (project pages, the shared page) and token (the shared page). */
  params: Record<string, string | undefined>;
}

/** The thumbnail width of the DMS (§9). */
export const DMS_THUMBNAIL_WIDTH = 300;
/** Below this width the browser shows the narrow layout (§9: the DMS mobile breakpoint is 550px). */
export const DMS_MOBILE_BREAKPOINT = 550;
/** Uploads sent at once. */
const UPLOAD_CONCURRENCY = 3;

type OptionalColumn = 'label' | 'modifiedBy' | 'modifiedDate' | 'revision' | 'size';
const OPTIONAL_COLUMNS: { id: OptionalColumn; title: MessageId }[] = [
  { id: 'label', title: 'fileBrowser.column.label' },
  { id: 'modifiedBy', title: 'fileBrowser.column.modifiedBy' },
  { id: 'modifiedDate', title: 'fileBrowser.column.modifiedDate' },
  { id: 'revision', title: 'fileBrowser.column.revision' },
  { id: 'size', title: 'fileBrowser.column.size' },
];
/** §9: "Default visible DMS columns: Modified By, Date Modified and {product} rev"; size shows too (decisions.md). */
const DEFAULT_COLUMNS: OptionalColumn[] = ['modifiedBy', 'modifiedDate', 'revision', 'size'];

/** One file of the upload panel. */
interface UploadRow {
  id: number;
  name: string;
  sent: number;
  total: number;
  state: 'sending' | 'done' | 'failed';
}

type Dialog =
  | { kind: 'rename'; node: DmsNode }
  | { kind: 'create'; path: string }
  | { kind: 'label'; node: DmsNode }
  | { kind: 'addUrl' }
  | { kind: 'select'; nodes: DmsNode[]; isCopy: boolean }
  | { kind: 'revisions'; node: DmsNode }
  | { kind: 'link'; link: string };

interface OpenMenu {
  node: DmsNode;
  anchor?: HTMLElement;
  position?: { top: number; left: number };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The client-relative path of a DMS path (the thumbnails read client files: api/operations/named/files.ts). */
function clientPath(projectId: number, path: string): string {
  return projectId === 0 ? `documents/${path}` : `projects/${projectId}/documents/${path}`;
}

/** May the session user change documents here (the document's `edit`; without a session user the API decides)? */
function mayEdit(doc: FileBrowserScreen, user: AccessSubject | undefined, projectId: number): boolean {
  if (doc.shared) return false;
  if (!user || !doc.edit) return true;
  const { area, code } = doc.edit;
  return projectId === 0 ? can(user, 'admin', { area }) : can(user, 'edit', { area, projectId, code });
}

/** Renders a file-browser document; see the module comment. */
export function FileBrowser({ document: doc, params }: FileBrowserProps) {
  const projectId = doc.project === 'company' ? 0 : Number(params.projectId ?? 0);
  const token = params.token ?? '';
  const shared = doc.shared === true;
  const host = useScreenHost();
  const user = useSessionUser() as AccessSubject | undefined;
  const canEdit = mayEdit(doc, user, projectId);
  const narrow = useMediaQuery(`(max-width:${DMS_MOBILE_BREAKPOINT - 0.05}px)`);
  const client = useMemo<DmsClient>(() => dmsClient(projectId), [projectId]);
  const sharedClient = useMemo(() => (shared ? sharedDms(projectId, token) : null), [shared, projectId, token]);

  const [root, setRoot] = useState<string | null>(shared ? null : (doc.baseFolder ?? ''));
  const [folder, setFolder] = useState<string>(doc.baseFolder ?? '');
  const [nodes, setNodes] = useState<DmsNode[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [columns, setColumns] = useState<OptionalColumn[]>(DEFAULT_COLUMNS);
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);
  const [actionsAnchor, setActionsAnchor] = useState<HTMLElement | null>(null);
  const [searchText, setSearchText] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [results, setResults] = useState<{ text: string; nodes: DmsNode[] } | null>(null);
  const [multiSelect, setMultiSelect] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(100);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const uploadIds = useRef(0);
  const searchId = useId();

  // The shared page's root is the link's folder.
  useEffect(() => {
    if (!sharedClient) return;
    let live = true;
    sharedClient
      .sharedPath()
      .then((path) => {
        if (!live) return;
        setRoot(path);
        setFolder(path);
      })
      .catch(() => live && setLoadError(message('fileBrowser.loadFailed')));
    return () => {
      live = false;
    };
  }, [sharedClient]);

  const list = useCallback(
    (path: string) => (sharedClient ? sharedClient.list(path) : client.list(path)),
    [client, sharedClient],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` re-reads the folder after a change
  useEffect(() => {
    if (root === null) return;
    let live = true;
    setLoadError(null);
    list(folder)
      .then((found) => {
        if (live) setNodes(found);
      })
      .catch((error) => {
        if (!live) return;
        setNodes([]);
        setLoadError(
          error instanceof ApiError && error.status === 403
            ? message('auth.forbidden')
            : message('fileBrowser.loadFailed'),
        );
      });
    return () => {
      live = false;
    };
  }, [folder, list, root, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);

  const openFolder = useCallback((path: string) => {
    setFolder(path);
    setResults(null);
    setSearchError(null);
    setSelected(new Set());
    setPage(0);
  }, []);

  const downloadUrl = useCallback(
    (node: DmsNode) => (sharedClient ? sharedClient.downloadUrl(node.path) : node.url || client.downloadUrl(node.path)),
    [client, sharedClient],
  );

  /** Shows a failed change: §6's permission text for a 403, the API's text for a refusal, else `fallback`. */
  const showFailure = useCallback(
    (error: unknown, fallback: string) => {
      let text = fallback;
      if (error instanceof ApiError) {
        if (error.status === 403) text = message('auth.forbidden');
        else if (error.status >= 400 && error.status < 500 && error.messageId !== 'common.serverError')
          text = error.message;
      }
      host?.showError(escapeHtml(text).replaceAll('\n', '<br>'));
    },
    [host],
  );

  const confirm = useCallback(
    (text: string) => (host ? host.confirm(escapeHtml(text).replaceAll('\n', '<br>')) : Promise.resolve(false)),
    [host],
  );

  const shown = useMemo(() => {
    const source = results ? results.nodes : (nodes ?? []);
    const direct = source.filter((node) => !node.hidden);
    // Sorting is by name only (§2); search results keep the API's order within folders-first.
    return results ? direct : sortNodes(direct, direction);
  }, [nodes, results, direction]);
  const pageRows = useMemo(
    () => shown.slice(page * rowsPerPage, page * rowsPerPage + rowsPerPage),
    [shown, page, rowsPerPage],
  );
  const namesHere = useMemo(() => (nodes ?? []).map((n) => lastSegment(n.path)), [nodes]);

  // ---- search ----
  const runSearch = async (event: FormEvent) => {
    event.preventDefault();
    const text = searchText.trim();
    if (text === '') {
      setSearchError(message('fileBrowser.searchEmpty'));
      return;
    }
    setSearchError(null);
    try {
      const found = await client.search(text, folder);
      setResults({ text, nodes: found });
      setPage(0);
    } catch (error) {
      showFailure(error, message('fileBrowser.loadFailed'));
    }
  };
  const clearSearch = () => {
    setSearchText('');
    setSearchError(null);
    setResults(null);
  };

  // ---- changes ----
  /** Copies or moves one node into `dest`, asking on a clash (§5: a folder merges, a file keeps separate or replaces). */
  const transfer = async (node: DmsNode, dest: string, isCopy: boolean, newName?: string): Promise<void> => {
    const name = newName ?? lastSegment(node.path);
    if (node.type === 'Folder') {
      const body = { oldPath: node.path, newPath: joinPath(dest, name), isCopy, isReplace: false };
      try {
        await client.renameFolder(body);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        if (!(await confirm(message('fileBrowser.mergeFolders', { name })))) return;
        await client.renameFolder({ ...body, isReplace: true });
      }
      return;
    }
    const body = { oldPath: node.path, newPath: dest, isCopy, newFileName: name, isReplace: false };
    try {
      await client.renameFile(body);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      if (await confirm(message('fileBrowser.keepSeparate', { name }))) {
        const taken = (await client.list(dest)).map((n) => lastSegment(n.path));
        await client.renameFile({ ...body, newFileName: nextFreeName(name, taken, true) });
      } else {
        await client.renameFile({ ...body, isReplace: true });
      }
    }
  };

  const guarded = async (work: () => Promise<void>, fallback: string) => {
    try {
      await work();
    } catch (error) {
      showFailure(error, fallback);
    } finally {
      reload();
    }
  };

  const remove = async (targets: DmsNode[]) => {
    const names = targets.map(nodeTitle).join(', ');
    if (!(await confirm(message('fileBrowser.deleteConfirm', { file: names })))) return;
    for (const node of targets) {
      try {
        if (node.type === 'Folder') await client.deleteFolder(node.path);
        else await client.deleteFile(node.path);
      } catch (error) {
        showFailure(error, message('fileBrowser.deleteFailed', { file: nodeTitle(node) }));
        break;
      }
    }
    setSelected(new Set());
    reload();
  };

  const createFolder = async () => {
    try {
      const created = await client.createDirectory(
        joinPath(folder, nextFreeName(message('fileBrowser.newFolder'), namesHere)),
      );
      reload();
      setDialog({ kind: 'create', path: created.trim().replace(/^"|"$/g, '') });
    } catch (error) {
      showFailure(error, message('common.serverError'));
    }
  };

  const rename = (node: DmsNode, name: string) =>
    guarded(async () => {
      if (node.type === 'Folder') {
        const body = {
          oldPath: node.path,
          newPath: joinPath(parentOf(node.path), name),
          isCopy: false,
          isReplace: false,
        };
        try {
          await client.renameFolder(body);
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) throw error;
          if (await confirm(message('fileBrowser.mergeFolders', { name })))
            await client.renameFolder({ ...body, isReplace: true });
        }
        return;
      }
      const body = {
        oldPath: node.path,
        newPath: parentOf(node.path),
        isCopy: false,
        newFileName: name,
        isReplace: false,
      };
      try {
        await client.renameFile(body);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        if (await confirm(message('fileBrowser.keepSeparate', { name })))
          await client.renameFile({ ...body, newFileName: nextFreeName(name, namesHere, true) });
        else await client.renameFile({ ...body, isReplace: true });
      }
    }, message('common.serverError'));

  const share = async (node: DmsNode) => {
    try {
      const link = (await client.sharedFolderLink(node.path)).trim().replace(/^"|"$/g, '');
      await navigator.clipboard?.writeText(link).catch(() => undefined);
      setDialog({ kind: 'link', link });
    } catch (error) {
      showFailure(error, message('common.serverError'));
    }
  };

  const downloadFolder = async (node: DmsNode) => {
    try {
      const name = `${message('mail.productName')}-${nodeTitle(node)}.zip`;
      saveFile({ blob: await client.downloadFolder(node.path, name), fileName: name });
    } catch (error) {
      showFailure(error, message('common.serverError'));
    }
  };

  // ---- uploads ----
  /** Asks about duplicates (§5); undefined when the upload stops. */
  const askDuplicates = async (names: string[]): Promise<OnDuplicate | 'stop'> => {
    const keep = await confirm(`${message('fileBrowser.duplicates')}\n${names.join('\n')}`);
    const decision = duplicateDecision(keep, names.length);
    if (decision === 'tooMany') {
      host?.showError(escapeHtml(message('fileBrowser.tooManyDuplicates')));
      return 'stop';
    }
    return decision;
  };

  const sendAll = async (
    target: string,
    items: UploadItem[],
    onDuplicate: OnDuplicate,
  ): Promise<{ duplicates: UploadItem[]; error: unknown }> => {
    const rows = items.map((item) => ({
      id: ++uploadIds.current,
      name: item.relativePath,
      sent: 0,
      total: item.file.size,
      state: 'sending' as const,
    }));
    setUploads((current) => [...current.filter((row) => row.state === 'sending'), ...rows]);
    const update = (id: number, change: Partial<UploadRow>) =>
      setUploads((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
    const duplicates: UploadItem[] = [];
    let failure: unknown = null;
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const index = next++;
        const { id } = rows[index];
        try {
          await client.upload(target, items[index], onDuplicate, (sent) => update(id, { sent }));
          update(id, { state: 'done', sent: items[index].file.size });
        } catch (error) {
          update(id, { state: 'failed' });
          if (error instanceof ApiError && error.status === 409) duplicates.push(items[index]);
          else failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, items.length) }, worker));
    return { duplicates, error: failure };
  };

  const upload = async (items: UploadItem[]) => {
    if (items.length === 0 || !canEdit) return;
    const target = folder;
    const existing = new Set(
      (nodes ?? []).filter((n) => n.type !== 'Folder').map((n) => lastSegment(n.path).toLowerCase()),
    );
    const known = items.filter((i) => !i.relativePath.includes('/') && existing.has(i.relativePath.toLowerCase()));
    let onDuplicate: OnDuplicate;
    if (known.length > 0) {
      const answer = await askDuplicates(known.map((i) => i.relativePath));
      if (answer === 'stop') return;
      onDuplicate = answer;
    }
    let { duplicates, error } = await sendAll(target, items, onDuplicate);
    if (duplicates.length > 0 && !error) {
      const answer = await askDuplicates(duplicates.map((i) => i.relativePath));
      if (answer !== 'stop') ({ error } = await sendAll(target, duplicates, answer));
    }
    if (error) showFailure(error, message('fileBrowser.uploadError'));
    reload();
  };

  // ---- drag and drop ----
  const hasFiles = (event: DragEvent) => [...(event.dataTransfer?.types ?? [])].includes('Files');
  const onDragOver = (event: DragEvent) => {
    if (!canEdit || results || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !(event.currentTarget as Node).contains(next)) setDragging(false);
  };
  const onDrop = async (event: DragEvent) => {
    if (!canEdit || results) return;
    event.preventDefault();
    setDragging(false);
    const read = await readDrop(event.dataTransfer);
    if (read.failed) {
      host?.showError(escapeHtml(message('fileBrowser.readFailed')));
      return;
    }
    await upload(read.items);
  };

  // ---- menus ----
  const menuEntries = (node: DmsNode): { id: string; label: MessageId; run: () => void }[] => {
    const entries: { id: string; label: MessageId; run: () => void }[] = [];
    if (node.type === 'Folder')
      entries.push({ id: 'open', label: 'fileBrowser.open', run: () => openFolder(node.path) });
    if (node.type === 'Folder' && !shared)
      entries.push({ id: 'download', label: 'fileBrowser.download', run: () => downloadFolder(node) });
    if (node.type !== 'Folder')
      entries.push({
        id: 'download',
        label: 'fileBrowser.download',
        run: () => {
          globalThis.location.assign(downloadUrl(node));
        },
      });
    if (shared) return entries;
    if (canEdit) {
      entries.push({ id: 'rename', label: 'fileBrowser.rename', run: () => setDialog({ kind: 'rename', node }) });
      entries.push({
        id: 'copy',
        label: 'fileBrowser.copy',
        run: () => setDialog({ kind: 'select', nodes: [node], isCopy: true }),
      });
      entries.push({
        id: 'move',
        label: 'fileBrowser.move',
        run: () => setDialog({ kind: 'select', nodes: [node], isCopy: false }),
      });
      // §6: a view user gets no Delete (canEdit is false for them).
      entries.push({ id: 'delete', label: 'fileBrowser.delete', run: () => remove([node]) });
    }
    if (node.type !== 'Folder') {
      entries.push({
        id: 'revisions',
        label: 'fileBrowser.manageRevisions',
        run: () => setDialog({ kind: 'revisions', node }),
      });
      if (canEdit)
        entries.push({ id: 'label', label: 'fileBrowser.editLabel', run: () => setDialog({ kind: 'label', node }) });
    } else if (canEdit) {
      entries.push({ id: 'share', label: 'fileBrowser.shareLink', run: () => share(node) });
    }
    return entries;
  };

  const onRowContextMenu = (event: MouseEvent, node: DmsNode) => {
    event.preventDefault();
    setMenu({ node, position: { top: event.clientY, left: event.clientX } });
  };

  const toggleMultiSelect = () => {
    setMultiSelect((on) => !on);
    // §4: turning multi-select off clears the selection.
    setSelected(new Set());
    setActionsAnchor(null);
  };
  const selectedNodes = shown.filter((node) => selected.has(node.path));
  const excluded = useMemo(
    () =>
      dialog?.kind === 'select' && !dialog.isCopy
        ? dialog.nodes.filter((n) => n.type === 'Folder').map((n) => n.path)
        : [],
    [dialog],
  );

  const crumbs = root === null ? [] : breadcrumbs(root, folder);
  const visible = (id: OptionalColumn) => columns.includes(id) && (!narrow || id === 'size');
  const folderShown = folder;

  return (
    <Box
      sx={{ position: 'relative' }}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="file-browser"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} sx={{ mb: 1 }} alignItems={{ sm: 'center' }}>
        <Breadcrumbs aria-label={message('fileBrowser.breadcrumbs')} sx={{ flexGrow: 1 }}>
          {crumbs.map((crumb, index) => {
            if ('collapsed' in crumb) return <span key="collapsed">{message('fileBrowser.collapsed')}</span>;
            const last = index === crumbs.length - 1 && !results;
            return last ? (
              <Typography key={crumb.path} color="text.primary" aria-current="page">
                {crumb.name}
              </Typography>
            ) : (
              <Link key={crumb.path} component="button" type="button" onClick={() => openFolder(crumb.path)}>
                {crumb.name}
              </Link>
            );
          })}
        </Breadcrumbs>
        {!shared && (
          <Box
            component="form"
            onSubmit={runSearch}
            role="search"
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <TextField
              id={searchId}
              size="small"
              label={message('fileBrowser.search')}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              error={searchError !== null}
              helperText={searchError ?? undefined}
            />
            <IconButton type="submit" aria-label={message('fileBrowser.search')}>
              <SearchIcon />
            </IconButton>
            {(searchText !== '' || results) && <Button onClick={clearSearch}>{message('fileBrowser.clear')}</Button>}
          </Box>
        )}
      </Stack>

      <Stack direction="row" gap={1} sx={{ mb: 1 }} flexWrap="wrap" alignItems="center">
        {results && (
          <Button onClick={() => setResults(null)} variant="outlined">
            {message('fileBrowser.back')}
          </Button>
        )}
        {canEdit && !results && (
          <>
            <Button variant="outlined" aria-haspopup="menu" onClick={(event) => setActionsAnchor(event.currentTarget)}>
              {message('fileBrowser.actions')}
            </Button>
            <Button variant="outlined" startIcon={<CreateNewFolderIcon />} onClick={createFolder}>
              {message('fileBrowser.createFolder')}
            </Button>
          </>
        )}
        <Tooltip title={message('fileBrowser.columns')}>
          <IconButton
            aria-label={message('fileBrowser.columns')}
            aria-haspopup="menu"
            onClick={(event) => setColumnsAnchor(event.currentTarget)}
          >
            <ViewColumnIcon />
          </IconButton>
        </Tooltip>
        {multiSelect && (
          <Typography variant="body2" color="text.secondary">
            {message('fileBrowser.itemsSelected', { count: selected.size })}
          </Typography>
        )}
        {results && (
          <Typography variant="body2" color="text.secondary">
            {message('fileBrowser.searchResults', { text: results.text })}
          </Typography>
        )}
      </Stack>

      <Menu anchorEl={actionsAnchor} open={actionsAnchor !== null} onClose={() => setActionsAnchor(null)}>
        <MenuItem
          onClick={() => {
            setActionsAnchor(null);
            setDialog({ kind: 'addUrl' });
          }}
        >
          {message('fileBrowser.addUrl')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setActionsAnchor(null);
            fileInput.current?.click();
          }}
        >
          {message('fileBrowser.upload')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setActionsAnchor(null);
            folderInput.current?.click();
          }}
        >
          {message('fileBrowser.uploadFolder')}
        </MenuItem>
        <MenuItem onClick={toggleMultiSelect}>
          {message(multiSelect ? 'fileBrowser.disableMultiSelect' : 'fileBrowser.enableMultiSelect')}
        </MenuItem>
        {multiSelect && <Divider />}
        {multiSelect && (
          <MenuItem
            disabled={selectedNodes.length === 0}
            onClick={() => {
              setActionsAnchor(null);
              setDialog({ kind: 'select', nodes: selectedNodes, isCopy: true });
            }}
          >
            {message('fileBrowser.copy')}
          </MenuItem>
        )}
        {multiSelect && (
          <MenuItem
            disabled={selectedNodes.length === 0}
            onClick={() => {
              setActionsAnchor(null);
              setDialog({ kind: 'select', nodes: selectedNodes, isCopy: false });
            }}
          >
            {message('fileBrowser.move')}
          </MenuItem>
        )}
        {multiSelect && (
          <MenuItem
            disabled={selectedNodes.length === 0}
            onClick={() => {
              setActionsAnchor(null);
              void remove(selectedNodes);
            }}
          >
            {message('fileBrowser.delete')}
          </MenuItem>
        )}
      </Menu>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="upload-files"
        onChange={(event) => {
          const items = inputFiles(event.target.files);
          event.target.value = '';
          void upload(items);
        }}
      />
      <input
        ref={(element) => {
          folderInput.current = element;
          // React has no prop for these attributes (Upload Folder: the chosen folder's files with their paths).
          element?.setAttribute('webkitdirectory', '');
          element?.setAttribute('directory', '');
        }}
        type="file"
        multiple
        hidden
        data-testid="upload-folder"
        onChange={(event) => {
          const items = inputFiles(event.target.files);
          event.target.value = '';
          void upload(items);
        }}
      />

      <Menu anchorEl={columnsAnchor} open={columnsAnchor !== null} onClose={() => setColumnsAnchor(null)}>
        {OPTIONAL_COLUMNS.map((column) => (
          <MenuItem
            key={column.id}
            role="menuitemcheckbox"
            aria-checked={columns.includes(column.id)}
            onClick={() =>
              setColumns((current) =>
                current.includes(column.id) ? current.filter((c) => c !== column.id) : [...current, column.id],
              )
            }
          >
            <FormControlLabel
              control={<Checkbox checked={columns.includes(column.id)} tabIndex={-1} size="small" />}
              label={message(column.title)}
              sx={{ pointerEvents: 'none', m: 0 }}
            />
          </MenuItem>
        ))}
      </Menu>

      {loadError && (
        <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
          {loadError}
        </Alert>
      )}

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={message(doc.title)}>
          <TableHead>
            <TableRow>
              {multiSelect && (
                <TableCell padding="checkbox">
                  <Checkbox
                    inputProps={{ 'aria-label': message('fileBrowser.column.select') }}
                    checked={pageRows.length > 0 && pageRows.every((n) => selected.has(n.path))}
                    indeterminate={
                      pageRows.some((n) => selected.has(n.path)) && !pageRows.every((n) => selected.has(n.path))
                    }
                    onChange={(event) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        for (const node of pageRows) {
                          if (event.target.checked) next.add(node.path);
                          else next.delete(node.path);
                        }
                        return next;
                      })
                    }
                  />
                </TableCell>
              )}
              <TableCell sortDirection={results ? false : direction}>
                {results ? (
                  message('fileBrowser.column.name')
                ) : (
                  <TableSortLabel
                    active
                    direction={direction}
                    onClick={() => setDirection((d) => (d === 'asc' ? 'desc' : 'asc'))}
                  >
                    {message('fileBrowser.column.name')}
                  </TableSortLabel>
                )}
              </TableCell>
              {OPTIONAL_COLUMNS.filter((c) => visible(c.id)).map((column) => (
                <TableCell key={column.id}>{message(column.title)}</TableCell>
              ))}
              <TableCell sx={{ width: 50 }}>{message('fileBrowser.column.options')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {nodes === null && !loadError && (
              <TableRow>
                <TableCell colSpan={8}>
                  <CircularProgress size={24} aria-label={message('common.loading')} />
                </TableCell>
              </TableRow>
            )}
            {nodes !== null && shown.length === 0 && !loadError && (
              <TableRow>
                <TableCell colSpan={8}>{message(results ? 'common.noResults' : 'common.noRecords')}</TableCell>
              </TableRow>
            )}
            {pageRows.map((node) => {
              const name = nodeTitle(node);
              return (
                <TableRow
                  key={node.path}
                  hover
                  selected={selected.has(node.path)}
                  onContextMenu={(event) => onRowContextMenu(event, node)}
                  data-path={node.path}
                >
                  {multiSelect && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        inputProps={{ 'aria-label': message('fileBrowser.selectRow', { name }) }}
                        checked={selected.has(node.path)}
                        onChange={(event) =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (event.target.checked) next.add(node.path);
                            else next.delete(node.path);
                            return next;
                          })
                        }
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Stack direction="row" gap={1} alignItems="center">
                      <NodeIcon node={node} projectId={projectId} shared={shared} />
                      <Box sx={{ minWidth: 0 }}>
                        {node.type === 'Folder' ? (
                          <Link
                            component="button"
                            type="button"
                            onClick={() => openFolder(node.path)}
                            sx={{ textAlign: 'left' }}
                          >
                            {name}
                          </Link>
                        ) : (
                          <Link href={downloadUrl(node)} download={name} sx={{ wordBreak: 'break-word' }}>
                            {name}
                          </Link>
                        )}
                        {results && parentOf(node.path) !== folder && (
                          <Typography variant="caption" color="text.secondary" component="div">
                            {message('fileBrowser.inFolder', { folder: parentOf(node.path) })}
                          </Typography>
                        )}
                      </Box>
                    </Stack>
                  </TableCell>
                  {visible('label') && <TableCell>{node.label !== node.fileName ? node.label : ''}</TableCell>}
                  {visible('modifiedBy') && <TableCell>{node.modifiedBy}</TableCell>}
                  {visible('modifiedDate') && <TableCell>{formatDate(node.modifiedDate)}</TableCell>}
                  {visible('revision') && (
                    <TableCell>{node.type === 'Folder' ? '' : (node.revisionNumber ?? 1)}</TableCell>
                  )}
                  {visible('size') && <TableCell>{node.type === 'Folder' ? '' : formatSize(node.size)}</TableCell>}
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={message('fileBrowser.optionsOf', { name })}
                      aria-haspopup="menu"
                      onClick={(event) => setMenu({ node, anchor: event.currentTarget })}
                    >
                      <MoreVertIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length > 25 && (
        <TablePagination
          component="div"
          count={shown.length}
          page={Math.min(page, Math.max(0, Math.ceil(shown.length / rowsPerPage) - 1))}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[25, 50, 100, 500]}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}

      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorEl={menu?.anchor ?? null}
        anchorReference={menu?.position ? 'anchorPosition' : 'anchorEl'}
        anchorPosition={menu?.position}
      >
        {menu &&
          menuEntries(menu.node).map((entry) => (
            <MenuItem
              key={entry.id}
              onClick={() => {
                setMenu(null);
                entry.run();
              }}
            >
              {message(entry.label)}
            </MenuItem>
          ))}
      </Menu>

      {uploads.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 2, p: 1 }} aria-label={message('fileBrowser.uploadProgress')} role="region">
          <Typography variant="subtitle2" component="h2">
            {message('fileBrowser.uploadProgress')}
          </Typography>
          {uploads.map((row) => (
            <Box key={row.id} sx={{ my: 0.5 }} data-testid="upload-row">
              <Typography variant="body2">
                {row.name}
                {row.state === 'done' && ` · ${message('fileBrowser.uploadDone')}`}
                {row.state === 'failed' && ` · ${message('fileBrowser.uploadFailed')}`}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={
                  row.total === 0 ? (row.state === 'sending' ? 0 : 100) : Math.min(100, (row.sent / row.total) * 100)
                }
                color={row.state === 'failed' ? 'error' : 'primary'}
                aria-label={message('fileBrowser.uploading', { name: row.name })}
              />
            </Box>
          ))}
        </Paper>
      )}

      {dragging && (
        <Box
          role="status"
          data-testid="drop-overlay"
          sx={{
            position: 'absolute',
            inset: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'rgba(25, 118, 210, 0.12)',
            border: '2px dashed',
            borderColor: 'primary.main',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h6" component="p" sx={{ bgcolor: 'background.paper', p: 2, borderRadius: 1 }}>
            {message('fileBrowser.dropOverlay', { folder: folderShown })}
          </Typography>
        </Box>
      )}

      {dialog?.kind === 'rename' && (
        <NameDialog
          title="fileBrowser.renameTitle"
          label="fileBrowser.name"
          initial={nodeTitle(dialog.node)}
          onCancel={() => setDialog(null)}
          onOk={(name) => {
            setDialog(null);
            void rename(dialog.node, name);
          }}
        />
      )}
      {dialog?.kind === 'create' && (
        <NameDialog
          title="fileBrowser.createTitle"
          label="fileBrowser.name"
          initial={lastSegment(dialog.path)}
          allowUnchanged
          onCancel={() => {
            setDialog(null);
            // §4: cancelling a new folder's rename deletes the folder.
            void guarded(() => client.deleteFolder(dialog.path), message('common.serverError'));
          }}
          onOk={(name) => {
            setDialog(null);
            if (name !== lastSegment(dialog.path))
              void rename({ type: 'Folder', path: dialog.path, fileName: lastSegment(dialog.path) } as DmsNode, name);
          }}
        />
      )}
      {dialog?.kind === 'label' && (
        <NameDialog
          title="fileBrowser.labelTitle"
          label="fileBrowser.label"
          initial={dialog.node.label === dialog.node.fileName ? '' : dialog.node.label}
          isName={false}
          onCancel={() => setDialog(null)}
          onOk={(label) => {
            setDialog(null);
            void guarded(async () => {
              await client.updateLabel(dialog.node.path, label);
            }, message('common.serverError'));
          }}
        />
      )}
      {dialog?.kind === 'addUrl' && (
        <AddUrlDialog
          onCancel={() => setDialog(null)}
          onOk={(url, filename) => {
            setDialog(null);
            void guarded(async () => {
              await client.createUrl(url, folder, filename);
            }, message('common.serverError'));
          }}
        />
      )}
      {dialog?.kind === 'select' && root !== null && (
        <SelectFolderDialog
          root={root}
          start={folder}
          excluded={excluded}
          list={client.list}
          onCancel={() => setDialog(null)}
          onOk={(dest) => {
            const { nodes: moving, isCopy } = dialog;
            setDialog(null);
            void guarded(async () => {
              for (const node of moving) await transfer(node, dest, isCopy);
              setSelected(new Set());
            }, message('common.serverError'));
          }}
        />
      )}
      {dialog?.kind === 'revisions' && (
        <RevisionsDialog
          node={dialog.node}
          client={client}
          canEdit={canEdit}
          onClose={() => setDialog(null)}
          onReplace={async (file) => {
            try {
              await client.replace(dialog.node.path, file, () => undefined);
            } catch (error) {
              showFailure(error, message('fileBrowser.uploadError'));
            }
            reload();
          }}
        />
      )}
      {dialog?.kind === 'link' && <LinkDialog link={dialog.link} onClose={() => setDialog(null)} />}
    </Box>
  );
}

/** A row's icon: a folder, a link, a document, or an image's thumbnail (§9: width 300 in the DMS). */
function NodeIcon({ node, projectId, shared }: { node: DmsNode; projectId: number; shared: boolean }) {
  if (node.type === 'Folder') return <FolderIcon color="primary" aria-hidden />;
  if (node.isUrl) return <LinkIcon color="action" aria-hidden />;
  if (node.type === 'Image' && !shared)
    return (
      <Box
        component="img"
        src={thumbnailUrl(clientPath(projectId, node.path), DMS_THUMBNAIL_WIDTH)}
        alt=""
        loading="lazy"
        sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0 }}
      />
    );
  return <DescriptionIcon color="action" aria-hidden />;
}

export default FileBrowser;
