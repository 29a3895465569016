/**
 * The page tabs (issue 21 part 2 "Pages as tabs or a page list: add, rename, reorder, delete (with a confirmation
 * naming how many questions go), move a question to another page ... by dragging"). The draft's pages as tabs
 * (role tab, the page's label or 'Page n' as the form shows it); the tab shown is the store's page. Beside them:
 * Add page (a new empty page after the shown one, then shown), and the shown page's actions: Rename (a small
 * dialog; a double click on the tab opens it too), Move left, Move right, Delete page. Deleting asks first, saying
 * how many questions go with the page and which conditions elsewhere refer to them (engine/designer pageDeletion),
 * and offers Undo after. A tab can be dragged to another place among the tabs (reorder), and a question or a field
 * type dragged onto a tab goes to the end of that page (./dnd.tsx). Each change is one undoable edit.
 *
 * The tabs are plain buttons in a WAI-ARIA tab list (role tablist / tab, aria-selected, a roving tabindex: Tab reaches
 * the shown page's tab, ArrowLeft / ArrowRight / Home / End move the focus among the tabs, Enter or Space shows the
 * focused one) with one set of class rules, not MUI's Tabs: an Undo of a page deletion renders the ten tabs in its
 * frame, and MUI's Tabs measured its indicator and scroll buttons there (issue 21 "Speed", docs/performance.md
 * "The fourth pass"). A strip wider than its column scrolls; the shown tab is scrolled into view after its frame.
 */
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type FormEvent,
  type KeyboardEvent,
  memo,
  type PointerEventHandler,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { addPage, deletePage, movePage, pageDeletion, pageIndexOf, renamePage } from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import { useDesigner, useDesignerStore } from '../store';
import { dependentText, pageLabelOf } from './actions';
import { DesignerDnd, type DragItem, dragId } from './dnd';

/** What a tab asks of the strip; stable for the strip's life, so a tab's element stays memoised. */
interface TabActions {
  select(pageId: number): void;
  rename(pageId: number): void;
}

/** A tab that can be dragged among the tabs and dropped on. */
function SortableTab(props: {
  pageId: number;
  index: number;
  label: string;
  selected: boolean;
  focusable: boolean;
  actions: TabActions;
}) {
  const { pageId, index, label, selected, focusable, actions } = props;
  const data: DragItem = { kind: 'pageTab', pageId, index, label };
  const { setNodeRef, listeners, transform, transition, isOver, active, isDragging } = useSortable({
    id: dragId.pageTab(pageId),
    data,
  });
  const questionOver = isOver && (active?.data.current as DragItem | undefined)?.kind !== 'pageTab';
  return (
    <TabView
      tabRef={setNodeRef}
      pageId={pageId}
      label={label}
      selected={selected}
      focusable={focusable}
      actions={actions}
      onDragPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      transform={transform ? `translate3d(${transform.x}px, 0, 0)` : undefined}
      transition={transition}
      dragging={isDragging}
      questionOver={questionOver}
    />
  );
}

/**
 * A tab's element: a plain button with the tab role and the strip's class rules (no MUI Tab: the strip renders ten
 * of them whenever the pages change, an Undo of a page deletion among them, and MUI's Tabs measured its indicator
 * and scroll buttons in that frame). Memoised on plain props: dnd-kit renders every sortable again when a drop
 * target registers (a question added), and the element then stays as it was.
 */
const TabView = memo(function TabView({
  tabRef,
  pageId,
  label,
  selected,
  focusable,
  actions,
  onDragPointerDown,
  transform,
  transition,
  dragging,
  questionOver,
}: {
  tabRef: (element: HTMLElement | null) => void;
  pageId: number;
  label: string;
  selected: boolean;
  focusable: boolean;
  actions: TabActions;
  onDragPointerDown?: PointerEventHandler<HTMLButtonElement>;
  transform?: string;
  transition?: string;
  dragging: boolean;
  questionOver: boolean;
}) {
  return (
    <button
      ref={tabRef}
      type="button"
      role="tab"
      className="dc-tab"
      aria-selected={selected}
      // Roving tabindex (WAI-ARIA tabs): Tab reaches the shown page's tab, the arrows the others (the strip's keys).
      tabIndex={focusable ? 0 : -1}
      data-testid={`page-tab-${pageId}`}
      data-question-over={questionOver || undefined}
      // The pointer drags a tab; the keyboard moves it with Move left / Move right (the arrows go between tabs).
      onPointerDown={onDragPointerDown}
      onClick={() => actions.select(pageId)}
      onDoubleClick={() => actions.rename(pageId)}
      style={{ transform, transition, opacity: dragging ? 0.5 : 1 }}
    >
      {label}
    </button>
  );
});

/**
 * The strip's looks as one set of class rules (as the canvas rows', ./Canvas.tsx): MUI's Tab's measures and colours,
 * the shown page underlined by a border instead of a measured indicator, and a scrollbar instead of scroll buttons.
 */
const tabStyles = (theme: Theme) => ({
  '.dc-pages': {
    display: 'flex',
    alignItems: 'center',
    borderBottom: `1px solid ${theme.palette.divider}`,
    minWidth: 0,
  },
  '.dc-tablist': {
    display: 'flex',
    flex: 1,
    minWidth: 0,
    overflowX: 'auto' as const,
    scrollbarWidth: 'thin' as const,
    position: 'relative' as const,
  },
  '.dc-tab': {
    ...theme.typography.button,
    textTransform: 'none' as const,
    lineHeight: 1.25,
    minHeight: 48,
    minWidth: 90,
    maxWidth: 360,
    flexShrink: 0,
    padding: '12px 16px',
    margin: 0,
    border: 0,
    borderBottom: '2px solid transparent',
    borderRadius: 0,
    backgroundColor: 'transparent',
    color: theme.palette.text.secondary,
    cursor: 'pointer',
    whiteSpace: 'normal' as const,
    textAlign: 'center' as const,
    outline: 'none',
  },
  '.dc-tab:hover': { backgroundColor: theme.palette.action.hover },
  '.dc-tab[aria-selected="true"]': {
    color: theme.palette.primary.main,
    borderBottomColor: theme.palette.primary.main,
  },
  '.dc-tab:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '.dc-tab[data-question-over]': { outline: `2px dashed ${theme.palette.primary.main}`, outlineOffset: -2 },
});

/** The strip's class rules; rendered once by the strip (emotion inserts them once a page). */
const PageTabStyles = memo(function PageTabStyles() {
  return <GlobalStyles styles={tabStyles} />;
});

/**
 * The tab a key on the strip moves the focus to (WAI-ARIA tabs, manual activation as MUI's Tabs: the arrows move the
 * focus, wrapping at the ends; Home and End go to the first and last; Enter or Space shows the page).
 * @returns the index to focus, or undefined for a key that is not the strip's
 */
export function tabKeyTarget(key: string, at: number, count: number): number | undefined {
  if (count === 0 || at < 0) return undefined;
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * Scrolls the strip so its shown tab is in view, after the frame that shows it (reading the layout in the edit's
 * commit would force one in its frame), from the first page change on.
 */
function useShownTabInView(list: RefObject<HTMLDivElement | null>, pageId: number) {
  // Not for the page the creator opens on (the first tab, in view): its layout read would force a layout of the page
  // while the opening page's rows are still rendering.
  const opened = useRef(pageId);
  useEffect(() => {
    if (opened.current === pageId) return;
    opened.current = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const strip = list.current;
        const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
        if (!strip || !tab) return;
        const left = tab.offsetLeft;
        const right = left + tab.offsetWidth;
        if (left < strip.scrollLeft) strip.scrollLeft = left;
        else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = right - strip.clientWidth;
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [list, pageId]);
}

/** The page tabs (see the module comment). */
export function PageTabs() {
  return (
    <DesignerDnd>
      <PageTabList />
    </DesignerDnd>
  );
}

function PageTabList() {
  const store = useDesignerStore();
  // The tabs read only the pages' ids and labels: selected as one string, an edit of a question (a new pages array)
  // does not render the tabs again (bench:designer's label figure: the tabs rendered on every key typed).
  const pagesKey = useDesigner((s) => JSON.stringify(s.history.present.pages.map((p) => [p.id, p.label ?? ''])));
  const pages = useMemo(
    () => (JSON.parse(pagesKey) as [number, string][]).map(([id, label]) => ({ id, label, questions: [] })),
    [pagesKey],
  );
  const pageId = useDesigner((s) => s.pageId);
  const labels = useMemo(() => pages.map((p) => pageLabelOf({ pages }, p.id)), [pages]);
  const index = pages.findIndex((p) => p.id === pageId);
  const shownLabel = labels[index] ?? '';
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState<{ pageId: number; text: string } | null>(null);
  const [deleting, setDeleting] = useState<{ count: number; dependents: string[] } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  useShownTabInView(list, pageId);

  const tabActions = useMemo<TabActions>(
    () => ({
      select: (id) => store.showPage(id),
      // A double click: its first click showed the page.
      rename: (id) => {
        setMenu(null);
        setRenaming({ pageId: id, text: store.draft.pages.find((p) => p.id === id)?.label ?? '' });
      },
    }),
    [store],
  );
  const add = useCallback(() => {
    const shown = store.getState().pageId;
    store.edit('addPage', (draft, floor) => addPage(draft, { index: pageIndexOf(draft, shown) + 1 }, floor));
  }, [store]);
  const move = (by: -1 | 1) => {
    setMenu(null);
    store.edit('movePage', (draft) => movePage(draft, pageId, pageIndexOf(draft, pageId) + by));
  };
  const saveRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming !== null)
      store.edit('renamePage', (draft) => renamePage(draft, renaming.pageId, renaming.text.trim()));
    setRenaming(null);
  };
  const askDelete = () => {
    setMenu(null);
    const deletion = pageDeletion(store.draft, pageId);
    if (!deletion) return;
    setDeleting({
      count: deletion.questionCount,
      dependents: deletion.dependents.map((d) => dependentText(store.draft, d)),
    });
  };
  const confirmDelete = () => {
    setDeleting(null);
    store.edit('deletePage', (draft) => deletePage(draft, pageId), {
      notice: { messageId: 'designerCanvas.pageDeleted', params: { page: shownLabel }, undoable: true },
    });
  };
  const onTabKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]'));
    const next = tabKeyTarget(event.key, tabs.indexOf(event.target as HTMLElement), tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    tabs[next].focus();
  };
  const renamingIndex = renaming ? pages.findIndex((p) => p.id === renaming.pageId) : -1;

  return (
    <nav aria-label={message('designerCanvas.pages')} data-testid="designer-pages" className="dc-pages">
      <PageTabStyles />
      <SortableContext items={pages.map((p) => dragId.pageTab(p.id))} strategy={horizontalListSortingStrategy}>
        <div
          ref={list}
          role="tablist"
          aria-label={message('designerCanvas.pages')}
          aria-orientation="horizontal"
          className="dc-tablist"
          onKeyDown={onTabKeys}
        >
          {pages.map((page, i) => (
            <SortableTab
              key={page.id}
              pageId={page.id}
              index={i}
              label={labels[i]}
              selected={i === index}
              focusable={i === index || (index < 0 && i === 0)}
              actions={tabActions}
            />
          ))}
        </div>
      </SortableContext>
      <PageButtons shownLabel={shownLabel} onAdd={add} onMenu={setMenu} />
      {/* The menu and the dialogs are mounted while open only: closed, MUI's still render on every page change. */}
      {menu && (
        <Menu anchorEl={menu} open onClose={() => setMenu(null)}>
          <MenuItem onClick={() => tabActions.rename(pageId)}>{message('designerCanvas.renamePage')}</MenuItem>
          <MenuItem disabled={index <= 0} onClick={() => move(-1)}>
            {message('designerCanvas.moveLeft')}
          </MenuItem>
          <MenuItem disabled={index >= pages.length - 1} onClick={() => move(1)}>
            {message('designerCanvas.moveRight')}
          </MenuItem>
          <MenuItem disabled={pages.length <= 1} onClick={askDelete}>
            {message('designerCanvas.deletePage')}
          </MenuItem>
        </Menu>
      )}
      {renaming !== null && (
        <Dialog open onClose={() => setRenaming(null)} aria-labelledby="page-rename-title">
          <Box component="form" onSubmit={saveRename}>
            <DialogTitle id="page-rename-title">{message('designerCanvas.renamePageTitle')}</DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                fullWidth
                margin="dense"
                label={message('designerCanvas.pageName')}
                value={renaming.text}
                placeholder={message('form.page', { n: renamingIndex + 1 })}
                onChange={(event) => setRenaming({ pageId: renaming.pageId, text: event.target.value })}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setRenaming(null)}>{message('common.cancel')}</Button>
              <Button type="submit" variant="contained">
                {message('common.save')}
              </Button>
            </DialogActions>
          </Box>
        </Dialog>
      )}
      {deleting !== null && (
        <Dialog open onClose={() => setDeleting(null)} aria-labelledby="page-delete-title">
          <DialogTitle id="page-delete-title">
            {message('designerCanvas.deletePageTitle', { page: shownLabel })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {message('designerCanvas.deletePageCount', { count: deleting.count })}
            </DialogContentText>
            {deleting.dependents.length > 0 && (
              <>
                <DialogContentText sx={{ mt: 1 }}>{message('designerCanvas.dependentsIntro')}</DialogContentText>
                <Box component="ul" sx={{ mt: 1 }}>
                  {deleting.dependents.map((text) => (
                    <li key={text}>
                      <Typography variant="body2">{text}</Typography>
                    </li>
                  ))}
                </Box>
              </>
            )}
            <DialogContentText sx={{ mt: 1 }}>{message('designerCanvas.undoHint')}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{message('common.cancel')}</Button>
            <Button color="error" variant="contained" onClick={confirmDelete}>
              {message('designerCanvas.deletePage')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </nav>
  );
}

/**
 * Add page and the shown page's actions button; memoised, so a page change renders them only when the shown page's
 * name changes (their accessible name).
 */
const PageButtons = memo(function PageButtons({
  shownLabel,
  onAdd,
  onMenu,
}: {
  shownLabel: string;
  onAdd: () => void;
  onMenu: (anchor: HTMLElement) => void;
}) {
  return (
    <>
      <IconButton
        aria-label={message('designerCanvas.addPage')}
        title={message('designerCanvas.addPage')}
        onClick={onAdd}
      >
        <AddIcon />
      </IconButton>
      <IconButton
        aria-label={message('designerCanvas.pageMenu', { page: shownLabel })}
        title={message('designerCanvas.pageMenu', { page: shownLabel })}
        aria-haspopup="menu"
        onClick={(event) => onMenu(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
    </>
  );
});
