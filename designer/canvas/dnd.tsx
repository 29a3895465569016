/**
 * The form creator's one drag-and-drop adapter (issue 21 part 2: "Use @dnd-kit/core and @dnd-kit/sortable (with
 * their KeyboardSensor and screen-reader announcements) behind one small adapter"). One DndContext serves every
 * drag of the creator:
 * - a palette item (a field type) onto the canvas: a new question where it is dropped (before the row it is over,
 *   at the end of the page over the page's empty zone, at the end of a page over its tab);
 * - a canvas row onto another row (reorder; a row of the selection takes the whole selection with it) or onto a
 *   page tab (to the end of that page);
 * - a page tab onto another tab (reorder the pages).
 * What a drop does is {@link applyDrop}: one command of engine/designer through the store, so it can be undone.
 * Pointer (after 4 px, so a click still selects) and keyboard (Space picks up, the arrows move, Space or Enter
 * drops, Escape cancels; Enter alone is left to the palette, where it adds) both work; the announcements and the
 * instructions are the catalogue's. The dragged thing is shown in a DragOverlay, so a virtualised row that scrolls
 * out of the DOM mid-drag does not end the drag.
 *
 * The form creator page wraps its layout (palette, page tabs, canvas) in {@link DesignerDnd}; the palette, the tabs
 * and the canvas each wrap themselves too, which is a no-op under the page's and gives each its own context when
 * rendered alone (a test).
 */
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type DataRef,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import Paper from '@mui/material/Paper';
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import { addQuestion, movePage, moveQuestions } from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import { type DesignerStore, useDesignerStore } from '../store';

/** Something being dragged: a field type of the palette, a question of the canvas, a page tab. */
export type DragItem =
  | { kind: 'type'; typeName: string; label: string }
  | {
      kind: 'question';
      questionId: number;
      pageId: number;
      index: number;
      count: number;
      label: string;
      pageLabel: string;
    }
  | { kind: 'pageTab'; pageId: number; index: number; label: string };

/** A place to drop on: a canvas row or a page tab (both draggable too), or a page's drop zone (its end). */
export type DropTarget = Exclude<DragItem, { kind: 'type' }> | { kind: 'page'; pageId: number; label: string };

/** The dnd-kit ids of the creator's draggables and droppables (unique across the one context). */
export const dragId = {
  type: (name: string) => `type:${name}`,
  question: (id: number) => `question:${id}`,
  pageTab: (id: number) => `tab:${id}`,
  page: (id: number) => `page:${id}`,
};

/** What a drag item may be dropped on: page tabs only on page tabs; questions and types on rows, zones and tabs. */
function accepts(item: DragItem | undefined, target: DropTarget | undefined): boolean {
  if (!item || !target) return false;
  if (item.kind === 'pageTab') return target.kind === 'pageTab';
  return true;
}

/**
 * Carries out a drop through the store (one undoable edit), or nothing for a drop that changes nothing.
 * A question dropped on a row of its page lands where the row was (below it when dragged down, above it when
 * dragged up); a field type is added before the row it is dropped on. A row of the selection moves the selection.
 * @returns true when the draft changed
 */
export function applyDrop(store: DesignerStore, item: DragItem, target: DropTarget): boolean {
  const before = store.draft;
  if (item.kind === 'type') {
    const where =
      target.kind === 'question' ? { pageId: target.pageId, index: target.index } : { pageId: target.pageId };
    store.edit('addQuestion', (draft, floor) => addQuestion(draft, item.typeName, where, floor));
  } else if (item.kind === 'question') {
    const { selected } = store.getState();
    const ids = selected.includes(item.questionId) ? selected : [item.questionId];
    if (target.kind === 'question') {
      if (ids.includes(target.questionId)) return false;
      const down = target.pageId === item.pageId && target.index > item.index;
      const index = down ? target.index + 1 : target.index;
      store.edit('moveQuestions', (draft) => moveQuestions(draft, ids, { pageId: target.pageId, index }));
    } else store.edit('moveQuestions', (draft) => moveQuestions(draft, ids, { pageId: target.pageId }));
  } else if (target.kind === 'pageTab' && target.pageId !== item.pageId) {
    store.edit('movePage', (draft) => movePage(draft, item.pageId, target.index));
  }
  return store.draft !== before;
}

/** The spoken name of a dragged thing. */
function itemName(item: DragItem | undefined, selectedCount: number): string {
  if (!item) return '';
  if (item.kind === 'type') return message('designerCanvas.dragNewType', { type: item.label });
  if (item.kind === 'question' && selectedCount > 1)
    return message('designerCanvas.dragQuestions', { count: selectedCount });
  return item.label;
}

/** The spoken name of a drop target. */
function targetName(target: DropTarget | undefined): string {
  if (!target) return '';
  if (target.kind === 'question')
    return message('designerCanvas.dragPosition', {
      position: target.index + 1,
      count: target.count,
      page: target.pageLabel,
    });
  return message('designerCanvas.dragPageTab', { page: target.label });
}

const dataOf = <T,>(ref: DataRef | undefined) => ref?.current as T | undefined;

/** What the canvas asks of the adapter: whether a drag is under way (its own arrow keys then give way). */
interface DndState {
  dragging: { current: boolean };
}

const DndStateContext = createContext<DndState | null>(null);

/** Whether a drag is under way (a ref: reading it re-renders nothing). */
export function useDragging(): { current: boolean } {
  return useContext(DndStateContext)?.dragging ?? { current: false };
}

/**
 * Only droppables the dragged thing may go on: the one under the pointer, or (the keyboard) the one the dragged
 * thing overlaps most; else the nearest.
 */
const collisions: CollisionDetection = (args) => {
  const item = dataOf<DragItem>(args.active.data);
  const droppableContainers = args.droppableContainers.filter((c) => accepts(item, dataOf<DropTarget>(c.data)));
  const filtered = { ...args, droppableContainers };
  if (args.pointerCoordinates) {
    const within = pointerWithin(filtered);
    if (within.length > 0) return within;
  } else {
    // The keyboard puts the (small) overlay at the target's corner: what it overlaps most, not the nearest centre
    // (a wide row's centre can be farther than a tab's).
    const overlapping = rectIntersection(filtered);
    if (overlapping.length > 0) return overlapping;
  }
  return closestCenter(filtered);
};

/** The creator's DndContext (see the module comment); nested inside another, it adds nothing. */
export function DesignerDnd({ children }: { children: ReactNode }) {
  const outer = useContext(DndStateContext);
  if (outer) return <>{children}</>;
  return <DesignerDndContext>{children}</DesignerDndContext>;
}

function DesignerDndContext({ children }: { children: ReactNode }) {
  const store = useDesignerStore();
  const dragging = useRef(false);
  const [active, setActive] = useState<DragItem | undefined>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter is the palette's "add" and a row's own key; Space picks up, as in every sortable list.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
  const state = useMemo<DndState>(() => ({ dragging }), []);
  const announcements = useMemo<Announcements>(() => {
    const count = () => store.getState().selected.length;
    const name = (ref: DataRef) => itemName(dataOf<DragItem>(ref), count());
    return {
      onDragStart: ({ active: a }) => message('designerCanvas.dragStart', { item: name(a.data) }),
      onDragOver: ({ active: a, over }) =>
        over
          ? message('designerCanvas.dragOver', { item: name(a.data), target: targetName(dataOf(over.data)) })
          : message('designerCanvas.dragOverNothing', { item: name(a.data) }),
      onDragEnd: ({ active: a, over }) =>
        over
          ? message('designerCanvas.dragEnd', { item: name(a.data), target: targetName(dataOf(over.data)) })
          : message('designerCanvas.dragEndNothing', { item: name(a.data) }),
      onDragCancel: ({ active: a }) => message('designerCanvas.dragCancel', { item: name(a.data) }),
    };
  }, [store]);
  const instructions = useMemo(() => ({ draggable: message('designerCanvas.dragInstructions') }), []);

  const start = (event: DragStartEvent) => {
    dragging.current = true;
    setActive(dataOf<DragItem>(event.active.data));
  };
  const end = (event: DragEndEvent) => {
    dragging.current = false;
    setActive(undefined);
    const item = dataOf<DragItem>(event.active.data);
    const target = dataOf<DropTarget>(event.over?.data);
    if (item && target && accepts(item, target)) applyDrop(store, item, target);
  };
  const cancel = () => {
    dragging.current = false;
    setActive(undefined);
  };

  return (
    <DndStateContext.Provider value={state}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
        onDragStart={start}
        onDragEnd={end}
        onDragCancel={cancel}
      >
        {children}
        <DragOverlay dropAnimation={null}>
          {active ? (
            <Paper elevation={6} sx={{ px: 2, py: 1, maxWidth: 360, cursor: 'grabbing' }}>
              {itemName(active, store.getState().selected.length)}
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
    </DndStateContext.Provider>
  );
}
