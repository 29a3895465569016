/**
 * The page tabs (issue 21 part 2 "Pages as tabs or a page list: add, rename, reorder, delete (with a confirmation
 * naming how many questions go), move a question to another page ... by dragging"). The draft's pages as tabs
 * (role tab, the page's label or 'Page n' as the form shows it); the tab shown is the store's page. Beside them:
 * Add page (a new empty page after the shown one, then shown), and the shown page's actions: Rename (a small
 * dialog; a double click on the tab opens it too), Move left, Move right, Delete page. Deleting asks first, saying
 * how many questions go with the page and which conditions elsewhere refer to them (engine/designer pageDeletion),
 * and offers Undo after. A tab can be dragged to another place among the tabs (reorder), and a question or a field
 * type dragged onto a tab goes to the end of that page (./dnd.tsx). Each change is one undoable edit.
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
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import Tab, { type TabProps } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, memo, type PointerEventHandler, useMemo, useState } from 'react';
import { addPage, deletePage, movePage, pageDeletion, pageIndexOf, renamePage } from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import { useDesigner, useDesignerStore } from '../store';
import { dependentText, pageLabelOf } from './actions';
import { DesignerDnd, type DragItem, dragId } from './dnd';

/** A tab that can be dragged among the tabs and dropped on (MUI's Tabs gives it its selected state and value). */
function SortableTab(props: TabProps & { pageId: number; index: number; onRename: () => void }) {
  const { pageId, index, onRename, label, ...tab } = props;
  const data: DragItem = { kind: 'pageTab', pageId, index, label: String(label) };
  const { setNodeRef, listeners, transform, transition, isOver, active, isDragging } = useSortable({
    id: dragId.pageTab(pageId),
    data,
  });
  const questionOver = isOver && (active?.data.current as DragItem | undefined)?.kind !== 'pageTab';
  return (
    <TabView
      {...tab}
      tabRef={setNodeRef}
      label={label}
      pageId={pageId}
      onRename={onRename}
      onDragPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLDivElement> | undefined}
      transform={transform ? `translate3d(${transform.x}px, 0, 0)` : undefined}
      transition={transition}
      dragging={isDragging}
      questionOver={questionOver}
    />
  );
}

/**
 * A tab's element, memoised on plain props: dnd-kit renders every sortable again when a drop target registers
 * (a question added), and the tab itself (MUI's ButtonBase) then stays as it was.
 */
const TabView = memo(function TabView({
  tabRef,
  pageId,
  onRename,
  onDragPointerDown,
  transform,
  transition,
  dragging,
  questionOver,
  ...tab
}: TabProps & {
  tabRef: (element: HTMLElement | null) => void;
  pageId: number;
  onRename: () => void;
  onDragPointerDown?: PointerEventHandler<HTMLDivElement>;
  transform?: string;
  transition?: string;
  dragging: boolean;
  questionOver: boolean;
}) {
  return (
    <StyledTab
      {...tab}
      ref={tabRef}
      data-testid={`page-tab-${pageId}`}
      data-question-over={questionOver || undefined}
      // The pointer drags a tab; the keyboard moves it with Move left / Move right (the arrows are the tabs' own).
      onPointerDown={onDragPointerDown}
      onDoubleClick={onRename}
      style={{ transform, transition, opacity: dragging ? 0.5 : 1 }}
    />
  );
});

const StyledTab = styled(Tab)(({ theme }) => ({
  textTransform: 'none',
  '&[data-question-over]': { outline: `2px dashed ${theme.palette.primary.main}`, outlineOffset: -2 },
}));

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
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ count: number; dependents: string[] } | null>(null);

  const add = () => store.edit('addPage', (draft, floor) => addPage(draft, { index: index + 1 }, floor));
  const move = (by: -1 | 1) => {
    setMenu(null);
    store.edit('movePage', (draft) => movePage(draft, pageId, pageIndexOf(draft, pageId) + by));
  };
  const openRename = () => {
    setMenu(null);
    setRenaming(pages[index]?.label ?? '');
  };
  const saveRename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming !== null) store.edit('renamePage', (draft) => renamePage(draft, pageId, renaming.trim()));
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

  return (
    <Box
      component="nav"
      aria-label={message('designerCanvas.pages')}
      data-testid="designer-pages"
      sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <SortableContext items={pages.map((p) => dragId.pageTab(p.id))} strategy={horizontalListSortingStrategy}>
        <Tabs
          value={index >= 0 ? pageId : false}
          onChange={(_, value: number) => store.showPage(value)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={message('designerCanvas.pages')}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {pages.map((page, i) => (
            <SortableTab
              key={page.id}
              value={page.id}
              pageId={page.id}
              index={i}
              label={labels[i]}
              onRename={openRename}
            />
          ))}
        </Tabs>
      </SortableContext>
      <IconButton
        aria-label={message('designerCanvas.addPage')}
        title={message('designerCanvas.addPage')}
        onClick={add}
      >
        <AddIcon />
      </IconButton>
      <IconButton
        aria-label={message('designerCanvas.pageMenu', { page: shownLabel })}
        title={message('designerCanvas.pageMenu', { page: shownLabel })}
        aria-haspopup="menu"
        onClick={(event) => setMenu(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={openRename}>{message('designerCanvas.renamePage')}</MenuItem>
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
      <Dialog open={renaming !== null} onClose={() => setRenaming(null)} aria-labelledby="page-rename-title">
        <Box component="form" onSubmit={saveRename}>
          <DialogTitle id="page-rename-title">{message('designerCanvas.renamePageTitle')}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={message('designerCanvas.pageName')}
              value={renaming ?? ''}
              placeholder={message('form.page', { n: index + 1 })}
              onChange={(event) => setRenaming(event.target.value)}
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
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="page-delete-title">
        <DialogTitle id="page-delete-title">
          {message('designerCanvas.deletePageTitle', { page: shownLabel })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {message('designerCanvas.deletePageCount', { count: deleting?.count ?? 0 })}
          </DialogContentText>
          {deleting && deleting.dependents.length > 0 && (
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
    </Box>
  );
}
