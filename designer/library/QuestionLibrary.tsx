/**
 * The question library (issue 21 part 10): the toolbar's "Question library" menu, to save the selected questions
 * under a name for the client and to insert saved ones into the open draft (docs/api.md "Question library").
 *
 * - "Save selection to library…": a name dialog (the first selected question's label proposed); saves
 *   engine/designer `copyQuestions` of the selection (form order) with its source (the draft's id and area, the
 *   questions' ids there) through `questionLibrary.create` of the draft's area. The server's refusal shows in the
 *   dialog; a save is told by the creator's notice.
 * - "Insert from library…": the client's library (`questionLibrary.list`), searchable by name and question label;
 *   the chosen block is inserted after the last selected question (else at the end of the page shown) with
 *   `pasteQuestions`, as one undoable edit (new ids; conditions among the block point at the copies). Items the
 *   draft's area saved can be deleted there, or replaced by the selected questions ("Save the selection as this
 *   item": questionLibrary.update, a new version; the selection is then linked to it). An item that forms hold at
 *   an older version offers "Update in N forms" (./UpdateFormsDialog.tsx; issue 22 §4).
 * Each copy is linked to the item (`libraryLink`: the item, its question's id there, the item's version;
 * engine/designer/library-link.ts), so that a change to the item can be taken into the forms holding it (issue 22
 * §4 "Linked blocks").
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import LibraryIcon from '@mui/icons-material/LibraryBooksOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import {
  applied,
  asItemQuestions,
  copyQuestions,
  findQuestion,
  type LinkedItem,
  linkedClipboard,
  linkQuestions,
  pasteQuestions,
  type QuestionClipboard,
  type Target,
  unlinkedQuestions,
} from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import type { QuestionLibraryItem } from '../../engine/types/generated';
import { callOperation, errorText } from '../../runtime/api/client';
import { OnceOpened } from '../../runtime/plain/OnceOpened';
import { type DesignerStore, useDesigner, useDesignerStore } from '../store';
import { type LibraryUsage, UpdateFormsDialog } from './UpdateFormsDialog';

/** The longest name the server takes (question-library-item.schema.json). */
const NAME_MAX = 100;

/** Where an insert goes: after the last selected question, else at the end of the page shown. */
export function insertTarget(store: DesignerStore): Target {
  const { selected, pageId } = store.getState();
  const last = selected.length > 0 ? findQuestion(store.draft, selected[selected.length - 1]) : undefined;
  return last ? { pageId: last.pageId, index: last.index + 1 } : { pageId };
}

/** A library item as a clipboard payload for pasteQuestions, each copy linked to the item (issue 22 §4). */
export function itemClipboard(item: LinkedItem): QuestionClipboard {
  return linkedClipboard(item);
}

/** True when the item's name or one of its questions' labels holds `search` (case and spaces ignored). */
function matches(item: QuestionLibraryItem, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  if (wanted === '') return true;
  return [item.name, ...item.questions.map((q) => q.label ?? '')].some((text) => text.toLowerCase().includes(wanted));
}

/** The name dialog of "Save selection to library…". */
function SaveDialog({ onClose }: { onClose: () => void }) {
  const store = useDesignerStore();
  const selected = useDesigner((s) => s.selected);
  const clipboard = useMemo(() => copyQuestions(store.draft, selected), [store, selected]);
  const [name, setName] = useState(() => clipboard.questions[0]?.label?.slice(0, NAME_MAX) ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const draft = store.draft;
    setBusy(true);
    setError(null);
    try {
      await callOperation('questionLibrary.create', {
        params: { formArea: draft.formArea },
        body: {
          name: name.trim(),
          questions: unlinkedQuestions(clipboard.questions),
          source: { formId: draft.id, formArea: draft.formArea, questionIds: clipboard.questions.map((q) => q.id) },
        },
      });
      store.tell({
        messageId: 'questionLibrary.saved',
        params: { count: clipboard.questions.length, name: name.trim() },
        severity: 'info',
      });
      onClose();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle id={titleId}>{message('questionLibrary.saveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {message('questionLibrary.saveIntro', { count: clipboard.questions.length })}
          </DialogContentText>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            required
            label={message('questionLibrary.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{message('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
            {message('questionLibrary.saveButton')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The forms holding an older version of the item `id` (questionLibrary.usages); empty while unknown. */
function useUsages(formArea: string, id: number | undefined, refresh: number): LibraryUsage[] {
  const [usages, setUsages] = useState<LibraryUsage[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh asks again after the item changed
  useEffect(() => {
    setUsages([]);
    if (id === undefined) return;
    let live = true;
    callOperation<LibraryUsage[]>('questionLibrary.usages', { params: { formArea, id } })
      .then((answer) => live && setUsages(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [formArea, id, refresh]);
  return usages;
}

/**
 * The searchable list of "Insert from library…". For the item chosen: Insert; "Save the selection as this item"
 * (an item the draft's area saved, with questions selected: questionLibrary.update, and the selection is then
 * linked to the item's new version); "Update in N forms" when forms hold an older version (issue 22 §4).
 */
function InsertDialog({
  onClose,
  onUpdate,
}: {
  onClose: () => void;
  onUpdate: (item: QuestionLibraryItem, usages: LibraryUsage[]) => void;
}) {
  const store = useDesignerStore();
  const formArea = useDesigner((s) => s.history.present.formArea);
  const selected = useDesigner((s) => s.selected);
  const [refresh, setRefresh] = useState(0);
  const [items, setItems] = useState<QuestionLibraryItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    callOperation<QuestionLibraryItem[]>('questionLibrary.list', { params: { formArea } })
      .then((answer) => live && setItems(answer))
      .catch((e: unknown) => live && setError(message('questionLibrary.loadFailed', { error: errorText(e) })));
    return () => {
      live = false;
    };
  }, [formArea]);

  const shown = useMemo(() => (items ?? []).filter((item) => matches(item, search)), [items, search]);
  const chosenItem = shown.find((item) => item.id === chosen);
  const usages = useUsages(formArea, chosenItem?.id, refresh);

  const saveOver = async (item: QuestionLibraryItem) => {
    const { questions, ids } = asItemQuestions(copyQuestions(store.draft, selected).questions, item);
    try {
      const saved = await callOperation<QuestionLibraryItem>('questionLibrary.update', {
        params: { formArea, id: item.id },
        body: { questions },
      });
      setItems((list) => (list ?? []).map((i) => (i.id === saved.id ? saved : i)));
      store.edit('updateQuestion', (draft) => applied(linkQuestions(draft, saved.id, ids, saved.version ?? 1)), {
        notice: {
          messageId: 'questionLibrary.link.replaced',
          params: { name: saved.name, count: questions.length, version: saved.version ?? 1 },
        },
      });
      setRefresh((n) => n + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const insert = (item: QuestionLibraryItem) => {
    const outcome = store.edit(
      'pasteQuestions',
      (draft, floor) => pasteQuestions(draft, itemClipboard(item), insertTarget(store), floor),
      { notice: { messageId: 'questionLibrary.inserted', params: { count: item.questions.length, name: item.name } } },
    );
    if (outcome.ok) onClose();
  };

  const remove = async (item: QuestionLibraryItem) => {
    try {
      await callOperation('questionLibrary.delete', { params: { formArea, id: item.id } });
      setItems((list) => (list ?? []).filter((i) => i.id !== item.id));
      store.tell({ messageId: 'questionLibrary.deleted', params: { name: item.name }, severity: 'info' });
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{message('questionLibrary.insertTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          type="search"
          label={message('questionLibrary.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mt: 1, mb: 1 }}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {items === null && !error && <CircularProgress aria-label={message('common.loading')} />}
        {items !== null && shown.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {message(items.length === 0 ? 'questionLibrary.empty' : 'questionLibrary.noMatch')}
          </Typography>
        )}
        {shown.length > 0 && (
          <List aria-label={message('questionLibrary.menu')} dense>
            {shown.map((item) => (
              <ListItem
                key={item.id}
                disablePadding
                secondaryAction={
                  item.formArea === formArea ? (
                    <IconButton
                      edge="end"
                      aria-label={message('questionLibrary.delete', { name: item.name })}
                      onClick={() => void remove(item)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton
                  selected={item.id === chosen}
                  onClick={() => setChosen(item.id)}
                  onDoubleClick={() => insert(item)}
                >
                  <ListItemText
                    primary={item.name}
                    secondary={message('questionLibrary.itemSummary', {
                      count: item.questions.length,
                      by: item.createdBy ?? '',
                    })}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {chosenItem && usages.length > 0 && (
          <Button onClick={() => onUpdate(chosenItem, usages)}>
            {message('questionLibrary.link.updateIn', { count: usages.length })}
          </Button>
        )}
        {chosenItem && chosenItem.formArea === formArea && selected.length > 0 && (
          <Button onClick={() => void saveOver(chosenItem)}>{message('questionLibrary.link.saveAs')}</Button>
        )}
        <Button onClick={onClose}>{message('common.cancel')}</Button>
        <Button variant="contained" disabled={!chosenItem} onClick={() => chosenItem && insert(chosenItem)}>
          {message('questionLibrary.insertButton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The toolbar's question library button and menu; see the module comment. */
export function LibraryMenu() {
  const hasSelection = useDesigner((s) => s.selected.length > 0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'save' | 'insert' | null>(null);
  const [updating, setUpdating] = useState<{ item: QuestionLibraryItem; usages: LibraryUsage[] } | null>(null);
  const menuId = useId();
  const open = (which: 'save' | 'insert') => {
    setAnchor(null);
    setDialog(which);
  };
  return (
    <>
      <Button
        startIcon={<LibraryIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {message('questionLibrary.menu')}
      </Button>
      <OnceOpened open={anchor !== null}>
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem disabled={!hasSelection} onClick={() => open('save')}>
            {message('questionLibrary.save')}
          </MenuItem>
          <MenuItem onClick={() => open('insert')}>{message('questionLibrary.insert')}</MenuItem>
        </Menu>
      </OnceOpened>
      {dialog === 'save' && <SaveDialog onClose={() => setDialog(null)} />}
      {dialog === 'insert' && (
        <InsertDialog
          onClose={() => setDialog(null)}
          onUpdate={(item, usages) => {
            setDialog(null);
            setUpdating({ item, usages });
          }}
        />
      )}
      {updating && (
        <UpdateFormsDialog item={updating.item} usages={updating.usages} onClose={() => setUpdating(null)} />
      )}
    </>
  );
}
