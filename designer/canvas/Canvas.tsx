/**
 * The canvas (issue 21 part 2): the shown page's questions, each rendered with the runtime's own widgets in a
 * read-only design mode (./QuestionPreview), in a virtualised list (@tanstack/react-virtual: only the rows in view
 * and a few around them are in the DOM, each row's height measured as it renders), so a page of hundreds of
 * questions opens and drags as fast as one of ten (SurveyJS Creator #1445, #2243: drag and drop lagging at ~50).
 *
 * A row (`data-testid="canvas-question-<id>"`, focusable) shows the question, its required mark, a badge when it
 * has a condition, and a drag handle. A click selects it (Ctrl/Cmd+click toggles, Shift+click selects the range:
 * DesignerStore.select). The selected row shows Duplicate, Delete and More (Copy, Paste after, Move up, Move down,
 * Move to... a page). Keys on a row: ArrowUp/ArrowDown/Home/End move the focus between rows (with Shift they extend
 * the selection from its anchor to the row reached, as Shift+click does); Alt+ArrowUp/Down move
 * the question (across page ends: engine/designer nudgeQuestion); Space picks it up to drag with the arrows
 * (dnd-kit's KeyboardSensor, ./dnd.tsx); Enter selects; Delete deletes the selection (or the row); Ctrl+C / Ctrl+V
 * copy and paste through the clipboard (./actions.ts: also between forms and tabs); Ctrl+D duplicates. A delete
 * that other questions' or pages' conditions depend on asks first, naming them; every delete offers Undo.
 *
 * Speed: a row is memoised and renders again only when its question object, its place or its selected state
 * changes (the store's commands share the questions they did not touch), its card only when its question or
 * selected state changed (not its place), and its preview only when its question changed; the list's callbacks
 * are stable. Rows are measured by the resize observer and moved by direct writes of their `top` (no layout forced
 * in an edit's commit, no render of the rows for a size change); a row mounted after the creator opened shows its
 * label first and its widgets in a deferred render (./QuestionPreview.tsx; docs/performance.md "The third pass").
 */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type PointerEventHandler,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { message } from '../../engine/messages/catalogue';
import type { Question } from '../../engine/types/generated';
import { OnceOpened } from '../../runtime/plain/OnceOpened';
import { afterNextPaint } from '../after-paint';
import { useDesigner, useDesignerStore } from '../store';
import {
  copy,
  deleteNow,
  dependentsOfDeletion,
  dependentText,
  duplicate,
  moveToPage,
  nudge,
  pageLabelOf,
  paste,
  pasteTargetAfter,
} from './actions';
import { DesignerDnd, type DragItem, type DropTarget, dragId, useDragging } from './dnd';
import { DeferMount, QuestionPreview } from './QuestionPreview';

/** A row's height before it is measured (px): a labelled one-line field with its header. */
export const ROW_ESTIMATE = 112;

/** Rows rendered beyond the viewport on each side. */
const OVERSCAN = 4;

const NO_QUESTIONS: readonly Question[] = [];

/** What a row can ask the canvas to do; one stable object for every row. */
interface RowActions {
  select(id: number, event: MouseEvent): void;
  duplicate(id: number): void;
  remove(id: number): void;
  copy(id: number): void;
  pasteAfter(id: number): void;
  nudge(id: number, direction: 'up' | 'down'): void;
  moveTo(id: number, pageId: number): void;
  /** The draft's other pages, for "Move to..." (read when the menu opens). */
  otherPages(): { id: number; label: string }[];
}

interface RowProps {
  question: Question;
  index: number;
  count: number;
  selected: boolean;
  pageId: number;
  pageLabel: string;
  start: number;
  measure: (element: HTMLElement | null) => void;
  actions: RowActions;
}

/**
 * One question of the canvas (see the module comment). Its element carries what changes with its place (position
 * in `aria-label`, `top`, the drag's transform), so an insertion above it renders this and not its card: the card
 * ({@link RowBody}) is memoised on the question and its selected state.
 */
const CanvasRow = memo(function CanvasRow(props: RowProps) {
  const { question, index, count, selected, pageId, pageLabel, start, measure, actions } = props;
  const typeTitle = message(fieldTypeOf(question).titleId);
  const data: DragItem = {
    kind: 'question',
    questionId: question.id,
    pageId,
    index,
    count,
    label: question.label,
    pageLabel,
  };
  const { attributes, listeners, setNodeRef, transform, transition, isDragging, isOver, active } = useSortable({
    id: dragId.question(question.id),
    data,
  });
  const ref = useCallback(
    (element: HTMLElement | null) => {
      setNodeRef(element);
      measure(element);
    },
    [setNodeRef, measure],
  );
  const [menu, setMenu] = useState<{ anchor: HTMLElement; moving: boolean } | null>(null);
  const insertHere = isOver && (active?.data.current as DragItem | undefined)?.kind === 'type';
  const label = message(selected ? 'designerCanvas.rowSelected' : 'designerCanvas.rowLabel', {
    label: question.label,
    type: typeTitle,
    position: index + 1,
    count,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Space on the row itself picks it up; keys in its buttons are theirs.
    if (event.target === event.currentTarget) listeners?.onKeyDown?.(event);
  };
  const closeMenu = () => setMenu(null);
  const run = (action: () => void) => () => {
    closeMenu();
    action();
  };
  const openMenu = useCallback((anchor: HTMLElement) => setMenu({ anchor, moving: false }), []);
  return (
    <li
      ref={ref}
      data-index={index}
      data-question-id={question.id}
      data-testid={`canvas-question-${question.id}`}
      data-selected={selected || undefined}
      data-insert={insertHere || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a row is focusable, the canvas's keys move between rows (module comment)
      tabIndex={0}
      aria-label={label}
      aria-roledescription={attributes['aria-roledescription']}
      aria-describedby={attributes['aria-describedby']}
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      onKeyDown={onKeyDown}
      onClick={(event) => actions.select(question.id, event)}
      // Placed by `top`, moved by the drag's transform: dnd-kit measures a droppable without its transform.
      // Inline: these change while dragging and scrolling, and the static rules stay one class (no styles
      // serialised again on a row's render; docs/performance.md "The form creator").
      style={{
        ...ROW_ITEM,
        top: start,
        transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.4 : 1,
      }}
    >
      <RowBody question={question} typeTitle={typeTitle} selected={selected} actions={actions} onMore={openMenu} />
      {/* Mounted while open only: a closed MUI Menu still renders its Modal on every render of the row. */}
      {menu && (
        <Menu
          anchorEl={menu.anchor}
          open
          onClose={closeMenu}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {menu.moving
            ? [
                <ListSubheader key="title">{message('designerCanvas.moveToTitle')}</ListSubheader>,
                ...actions.otherPages().map((page) => (
                  <MenuItem key={page.id} onClick={run(() => actions.moveTo(question.id, page.id))}>
                    {page.label}
                  </MenuItem>
                )),
              ]
            : [
                <MenuItem key="copy" onClick={run(() => actions.copy(question.id))}>
                  {message('designerCanvas.copy')}
                </MenuItem>,
                <MenuItem key="paste" onClick={run(() => actions.pasteAfter(question.id))}>
                  {message('designerCanvas.pasteAfter')}
                </MenuItem>,
                <MenuItem key="up" onClick={run(() => actions.nudge(question.id, 'up'))}>
                  {message('designerCanvas.moveUp')}
                </MenuItem>,
                <MenuItem key="down" onClick={run(() => actions.nudge(question.id, 'down'))}>
                  {message('designerCanvas.moveDown')}
                </MenuItem>,
                <MenuItem
                  key="move"
                  disabled={actions.otherPages().length === 0}
                  onClick={() => setMenu((now) => now && { ...now, moving: true })}
                >
                  {message('designerCanvas.moveTo')}
                </MenuItem>,
              ]}
        </Menu>
      )}
    </li>
  );
});

/**
 * A row's element's static rules, inline with its place: the row renders on every insertion above it, and a styled
 * element serialises its styles on each render.
 */
const ROW_ITEM = { position: 'absolute', left: 0, width: '100%', paddingBottom: 8, outline: 'none' } as const;

/** A row's card: its header and preview (see {@link CanvasRow}). */
const RowBody = memo(function RowBody({
  question,
  typeTitle,
  selected,
  actions,
  onMore,
}: {
  question: Question;
  typeTitle: string;
  selected: boolean;
  actions: RowActions;
  onMore(anchor: HTMLElement): void;
}) {
  const required = (question as { required?: boolean }).required === true;
  const conditional = (question as { visibleWhen?: unknown }).visibleWhen !== undefined;
  return (
    <div className="dc-card">
      <RowHeader
        questionId={question.id}
        typeTitle={typeTitle}
        required={required}
        conditional={conditional}
        selected={selected}
        actions={actions}
        onMore={onMore}
      />
      <div className="dc-preview" inert>
        <QuestionPreview question={question} />
      </div>
    </div>
  );
});

/**
 * The rows' looks as one set of class rules for the page (as the data table's, runtime/renderer/table/styles.tsx):
 * a page shown or restored by Undo mounts twenty rows, and each styled element serialised its styles on mount. The
 * card's selected, drop-target and focus looks follow the row's data attributes.
 */
const canvasStyles = (theme: Theme) => ({
  // The virtual list (its height, the rows' total, is the element's own style: a new height is no new class rule).
  '.dc-list': { position: 'relative' as const, margin: 0, padding: 0, listStyle: 'none' },
  '.dc-card': {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.paper,
  },
  '[data-selected] > .dc-card': {
    borderColor: theme.palette.primary.main,
    boxShadow: `0 0 0 1px ${theme.palette.primary.main}`,
  },
  '[data-insert] > .dc-card': { borderTop: `3px solid ${theme.palette.primary.main}` },
  '[data-question-id]:focus-visible > .dc-card': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
  '.dc-header': {
    display: 'flex',
    flexDirection: 'row' as const,
    alignItems: 'center',
    gap: theme.spacing(1),
    padding: theme.spacing(0.5, 1, 0, 1),
  },
  // MUI's small action icon.
  '.dc-handle': {
    width: '1em',
    height: '1em',
    fontSize: theme.typography.pxToRem(20),
    display: 'inline-block',
    flexShrink: 0,
    fill: 'currentColor',
    color: theme.palette.action.active,
    cursor: 'grab',
    userSelect: 'none' as const,
  },
  '.dc-type': { ...theme.typography.caption, color: theme.palette.text.secondary, flex: 1 },
  // MUI's small IconButton with a small icon.
  '.dc-action': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    padding: 5,
    border: 0,
    margin: 0,
    borderRadius: '50%',
    backgroundColor: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    '& > svg': { width: '1em', height: '1em', fontSize: theme.typography.pxToRem(20), fill: 'currentColor' },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 0 },
  },
  '.dc-preview': { padding: theme.spacing(0, 2, 1, 2), pointerEvents: 'none' as const },
  // A preview before its widgets (./QuestionPreview.tsx): about a labelled one-line field's height, so most rows do
  // not move when the widgets replace it.
  '.dc-pending': {
    ...theme.typography.body1,
    color: theme.palette.text.secondary,
    paddingTop: theme.spacing(1),
    minHeight: 80,
  },
});

/** The rows' class rules; rendered once by the canvas (emotion inserts them once a page). */
const CanvasStyles = memo(function CanvasStyles() {
  return <GlobalStyles styles={canvasStyles} />;
});

/** MUI's DragIndicator icon's path, drawn as a plain svg (see {@link canvasStyles}). */
const DRAG_INDICATOR =
  'M11 18c0 1.1-.9 2-2 2s-2-.9-2-2 .9-2 2-2 2 .9 2 2m-2-8c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0-6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m6 4c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

/** MUI's ContentCopy, Delete and MoreVert icons' paths (the selected row's actions, {@link RowAction}). */
const CONTENT_COPY =
  'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z';
const DELETE = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z';
const MORE_VERT =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

/**
 * One of the selected row's actions: a plain button with MUI's small icon button's looks (the `.dc-action` rules).
 * Each selection, an added question's among them, mounts three and unmounts the previous row's three, and MUI's
 * IconButton (its ButtonBase, ripple and styled parts) was about a tenth of an add's render (issue 21 "Speed").
 */
function RowAction({
  label,
  icon,
  menu = false,
  onClick,
}: {
  label: string;
  icon: string;
  menu?: boolean;
  onClick(event: MouseEvent<HTMLButtonElement>): void;
}) {
  return (
    <button
      type="button"
      className="dc-action"
      aria-label={label}
      title={label}
      aria-haspopup={menu ? 'menu' : undefined}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={icon} />
      </svg>
    </button>
  );
}

/**
 * A row's header: its drag handle, type, marks and (selected) actions. Memoised apart from the row, so a key typed
 * into the question's label does not render it again.
 */
const RowHeader = memo(function RowHeader({
  questionId,
  typeTitle,
  required,
  conditional,
  selected,
  actions,
  onMore,
}: {
  questionId: number;
  typeTitle: string;
  required: boolean;
  conditional: boolean;
  selected: boolean;
  actions: RowActions;
  onMore(anchor: HTMLElement): void;
}) {
  return (
    <div className="dc-header">
      <svg className="dc-handle" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-drag-handle>
        <path d={DRAG_INDICATOR} />
      </svg>
      <span className="dc-type">{typeTitle}</span>
      {required && <Chip size="small" color="error" variant="outlined" label={message('designerCanvas.required')} />}
      {conditional && (
        <Chip
          size="small"
          variant="outlined"
          icon={<AltRouteIcon aria-hidden />}
          label={message('designerCanvas.conditional')}
          title={message('designerCanvas.conditionalHint')}
        />
      )}
      {selected && (
        <>
          <RowAction
            label={message('designerCanvas.duplicate')}
            icon={CONTENT_COPY}
            onClick={(event) => {
              event.stopPropagation();
              actions.duplicate(questionId);
            }}
          />
          <RowAction
            label={message('designerCanvas.delete')}
            icon={DELETE}
            onClick={(event) => {
              event.stopPropagation();
              actions.remove(questionId);
            }}
          />
          <RowAction
            label={message('designerCanvas.more')}
            icon={MORE_VERT}
            menu
            onClick={(event) => {
              event.stopPropagation();
              onMore(event.currentTarget);
            }}
          />
        </>
      )}
    </div>
  );
});

/**
 * Where a drop goes to the end of the page (all of an empty page, below the last row otherwise); memoised, so an
 * edit of a question does not render it again.
 */
const PageDropZone = memo(function PageDropZone({
  pageId,
  label,
  empty,
}: {
  pageId: number;
  label: string;
  empty: boolean;
}) {
  const target: DropTarget = { kind: 'page', pageId, label };
  const { setNodeRef, isOver } = useDroppable({ id: dragId.page(pageId), data: target });
  return (
    <Box
      ref={setNodeRef}
      data-testid={empty ? 'canvas-empty' : 'canvas-end'}
      sx={{
        minHeight: empty ? 160 : 56,
        m: empty ? 2 : 0,
        border: empty || isOver ? '2px dashed' : 'none',
        borderColor: isOver ? 'primary.main' : 'divider',
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      {empty && (
        <Typography variant="body2" color="text.secondary" align="center">
          {message('designerCanvas.empty')}
        </Typography>
      )}
    </Box>
  );
});

/** A delete waiting for its confirmation: the questions and what depends on them. */
interface PendingDelete {
  ids: number[];
  dependents: string[];
}

/**
 * The confirmation of a delete that other questions depend on: how many questions go and what refers to them.
 * Memoised on the pending delete, so the canvas's render on each edit does not render the closed dialog again.
 */
const DeleteConfirmation = memo(function DeleteConfirmation({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingDelete | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={pending !== null} onClose={onCancel} aria-labelledby="canvas-delete-title">
      <DialogTitle id="canvas-delete-title">
        {message('designerCanvas.deleteTitle', { count: pending?.ids.length ?? 0 })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{message('designerCanvas.dependentsIntro')}</DialogContentText>
        <Box component="ul" sx={{ mt: 1 }}>
          {pending?.dependents.map((text) => (
            <li key={text}>
              <Typography variant="body2">{text}</Typography>
            </li>
          ))}
        </Box>
        <DialogContentText>{message('designerCanvas.undoHint')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{message('common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {message('designerCanvas.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
});

/** The shown page's questions (see the module comment). */
export function Canvas() {
  return (
    <DesignerDnd>
      <CanvasList />
    </DesignerDnd>
  );
}

function CanvasList() {
  const store = useDesignerStore();
  const dragging = useDragging();
  const page = useDesigner((s) => s.history.present.pages.find((p) => p.id === s.pageId));
  const pageLabel = useDesigner((s) => pageLabelOf(s.history.present, s.pageId));
  const selected = useDesigner((s) => s.selected);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  // The opening page's rows render their widgets in the opening render; rows mounted later show their label first.
  // Opened once the first frame is painted: the rows the list places before it (the first render and the
  // virtualiser's measured pass) come complete.
  const [opened, setOpened] = useState(false);
  useEffect(() => afterNextPaint(() => setOpened(true)), []);
  const questions = page?.questions ?? NO_QUESTIONS;
  const pageId = page?.id ?? 0;
  // A page shown (a tab chosen, a page restored by Undo) mounts only the rows in view in its frame; the overscan
  // rows follow in a deferred render (issue 21 "Speed", docs/performance.md "The fourth pass").
  const settledPageId = useDeferredValue(pageId);
  const overscan = settledPageId === pageId ? OVERSCAN : 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: questions.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan,
    getItemKey: (index) => questions[index]?.id ?? index,
    // Sizes from the resize observer only: a row attached (an added question, a page shown) takes the size known
    // for it or the estimate, and the observer's first report, in the same frame after its layout, places the rows
    // below it (written to the DOM directly, below). Reading offsetHeight in the ref forced a layout of the page in
    // the middle of the edit's commit (about 6 ms an add; docs/performance.md "The third pass"). A row not laid out
    // (hidden, or jsdom) measures 0: keep the estimate rather than stack every row at one place.
    measureElement: (element, entry, instance) =>
      (entry
        ? measureElement(element, entry, instance)
        : instance.itemSizeCache.get(questions[instance.indexFromElement(element)]?.id ?? -1)) || ROW_ESTIMATE,
    // A size or scroll change moves the rows by writing their `top` and the list's height, with no render of the
    // rows (React renders them when the rows in view change): a measured row places those below it in its frame.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  });
  // The same array while the page's ids are the same (an edit of a question's properties): the sortable context,
  // which every mounted row reads, then stays as it is.
  const idKey = questions.map((q) => q.id).join(',');
  const sortableIds = useMemo(() => (idKey ? idKey.split(',').map((id) => dragId.question(Number(id))) : []), [idKey]);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  // A row to focus once it is rendered (after the list scrolled to it, or after its page changed).
  const focusNext = useRef<number | null>(null);

  /** The questions an action on `id` acts on: the selection when `id` is in it, else `id` alone. */
  const idsFor = useCallback(
    (id: number) => {
      const { selected: now } = store.getState();
      return now.includes(id) ? [...now] : [id];
    },
    [store],
  );

  /** Deletes at once, the focus going to the row after the deleted ones (or before them). */
  const deleteAndRefocus = useCallback(
    (ids: number[]) => {
      const page = store.draft.pages.find((p) => p.id === store.getState().pageId);
      const gone = new Set(ids);
      const list = page?.questions ?? [];
      const first = list.findIndex((q) => gone.has(q.id));
      const after = list.slice(first + 1).find((q) => !gone.has(q.id));
      const before = list
        .slice(0, Math.max(first, 0))
        .reverse()
        .find((q) => !gone.has(q.id));
      deleteNow(store, ids);
      focusNext.current = (after ?? before)?.id ?? null;
    },
    [store],
  );

  const requestDelete = useCallback(
    (ids: number[]) => {
      const dependents = dependentsOfDeletion(store.draft, ids);
      if (dependents.length === 0) deleteAndRefocus(ids);
      else setPendingDelete({ ids, dependents: dependents.map((d) => dependentText(store.draft, d)) });
    },
    [store, deleteAndRefocus],
  );

  const actions = useMemo<RowActions>(
    () => ({
      select: (id, event) => {
        if (event.shiftKey) {
          event.preventDefault();
          store.select(id, 'range');
        } else store.select(id, event.ctrlKey || event.metaKey ? 'toggle' : 'replace');
      },
      duplicate: (id) => duplicate(store, idsFor(id)),
      remove: (id) => requestDelete(idsFor(id)),
      copy: (id) => void copy(store, idsFor(id)),
      pasteAfter: (id) => void paste(store, pasteTargetAfter(store, id)),
      nudge: (id, direction) => nudge(store, id, direction),
      moveTo: (id, target) => moveToPage(store, idsFor(id), target),
      otherPages: () =>
        store.draft.pages
          .filter((p) => p.id !== store.getState().pageId)
          .map((p) => ({ id: p.id, label: pageLabelOf(store.draft, p.id) })),
    }),
    [store, idsFor, requestDelete],
  );

  const focusRow = useCallback(
    (id: number) => {
      const index = questions.findIndex((q) => q.id === id);
      if (index < 0) return;
      focusNext.current = id;
      const element = scrollRef.current?.querySelector<HTMLElement>(`[data-question-id="${id}"]`);
      if (element) {
        focusNext.current = null;
        element.focus();
        element.scrollIntoView?.({ block: 'nearest' });
      } else virtualizer.scrollToIndex(index, { align: 'auto' });
    },
    [questions, virtualizer],
  );

  /** Focus goes to the first selected question once it is rendered (a copy or a paste, which the store selects). */
  const focusSelection = useCallback(() => {
    const [first] = store.getState().selected;
    if (first === undefined) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-question-id="${first}"]`);
    if (element) element.focus();
    else focusNext.current = first;
  }, [store]);

  // A row asked for focus is focused once it is in the DOM.
  useLayoutEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`[data-question-id="${id}"]`);
    if (element) {
      focusNext.current = null;
      element.focus();
    }
  });

  // What becomes selected (a question added from the palette, pasted, moved here) is scrolled into view.
  const shownSelection = useRef(selected);
  useEffect(() => {
    if (shownSelection.current === selected) return;
    shownSelection.current = selected;
    const last = selected[selected.length - 1];
    const index = last === undefined ? -1 : questions.findIndex((q) => q.id === last);
    if (index < 0) return;
    // Read from the list's own measures and scroll position, not the document: a layout read here, right after an
    // insertion's commit, forced a layout of the whole page before its frame (docs/performance.md).
    const item = virtualizer.measurementsCache[index];
    const top = virtualizer.scrollOffset ?? 0;
    const height = virtualizer.scrollRect?.height ?? 0;
    const inView = item !== undefined && height > 0 && item.start >= top && item.end <= top + height;
    if (!inView) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selected, questions, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const row = event.target as HTMLElement;
    const id = Number(row.dataset?.questionId);
    if (!row.dataset?.questionId || dragging.current || !Number.isInteger(id)) return;
    const index = questions.findIndex((q) => q.id === id);
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key;
    let handled = true;
    /** Shift+Arrow, Shift+Home / End: the focus to `target`, the selection extended from the anchor to it. */
    const extendTo = (target: Question | undefined) => {
      if (!target) return;
      if (store.getState().selected.length === 0) store.select(id);
      store.select(target.id, 'range');
      focusRow(target.id);
    };
    if ((key === 'ArrowUp' || key === 'ArrowDown') && event.altKey) {
      nudge(store, id, key === 'ArrowUp' ? 'up' : 'down');
      focusNext.current = id;
    } else if (event.shiftKey && !mod && (key === 'ArrowUp' || key === 'ArrowDown' || key === 'Home' || key === 'End'))
      extendTo(
        key === 'ArrowUp'
          ? questions[index - 1]
          : key === 'ArrowDown'
            ? questions[index + 1]
            : key === 'Home'
              ? questions[0]
              : questions[questions.length - 1],
      );
    else if (key === 'ArrowUp' && index > 0) focusRow(questions[index - 1].id);
    else if (key === 'ArrowDown' && index < questions.length - 1) focusRow(questions[index + 1].id);
    else if (key === 'Home' && questions.length > 0) focusRow(questions[0].id);
    else if (key === 'End' && questions.length > 0) focusRow(questions[questions.length - 1].id);
    else if (key === 'Enter') store.select(id, mod ? 'toggle' : event.shiftKey ? 'range' : 'replace');
    else if (key === 'Delete' || key === 'Backspace') requestDelete(idsFor(id));
    else if (mod && !event.shiftKey && key.toLowerCase() === 'c') void copy(store, idsFor(id));
    else if (mod && !event.shiftKey && key.toLowerCase() === 'v')
      void paste(store, pasteTargetAfter(store, id)).then(focusSelection);
    else if (mod && !event.shiftKey && key.toLowerCase() === 'd') {
      duplicate(store, idsFor(id));
      focusSelection();
    } else handled = key === 'ArrowUp' || key === 'ArrowDown';
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  // The confirmation's callbacks are stable (the dialog is memoised); the delete reads this render's state.
  const confirmNow = () => {
    if (pendingDelete) deleteAndRefocus(pendingDelete.ids);
    setPendingDelete(null);
  };
  const latestConfirm = useRef(confirmNow);
  latestConfirm.current = confirmNow;
  const confirmDelete = useCallback(() => latestConfirm.current(), []);
  const cancelDelete = useCallback(() => setPendingDelete(null), []);

  return (
    <Box
      ref={scrollRef}
      component="section"
      data-testid="designer-canvas"
      aria-label={message('designerCanvas.questions', { page: pageLabel })}
      sx={{ position: 'relative', overflowY: 'auto', flex: 1, minHeight: 0, height: '100%', maxHeight: '100vh', p: 1 }}
    >
      <CanvasStyles />
      {questions.length === 0 ? (
        <PageDropZone pageId={pageId} label={pageLabel} empty />
      ) : (
        <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
          <DeferMount.Provider value={opened}>
            <ul
              className="dc-list"
              ref={virtualizer.containerRef}
              onKeyDown={onKeyDown}
              style={{ height: virtualizer.getTotalSize() }}
            >
              {virtualizer.getVirtualItems().map((item) => {
                const question = questions[item.index];
                return (
                  <CanvasRow
                    key={question.id}
                    question={question}
                    index={item.index}
                    count={questions.length}
                    selected={selectedSet.has(question.id)}
                    pageId={pageId}
                    pageLabel={pageLabel}
                    start={item.start}
                    measure={virtualizer.measureElement}
                    actions={actions}
                  />
                );
              })}
            </ul>
          </DeferMount.Provider>
          <PageDropZone pageId={pageId} label={pageLabel} empty={false} />
        </SortableContext>
      )}
      <OnceOpened open={pendingDelete !== null}>
        <DeleteConfirmation pending={pendingDelete} onCancel={cancelDelete} onConfirm={confirmDelete} />
      </OnceOpened>
    </Box>
  );
}
