/**
 * The palette (issue 21 part 2 "A palette of every field type (from the field-type table: icon, name, short
 * description; searchable); drag a type onto the canvas, or press Enter on it to add after the selected
 * question"). Every type of `allFieldTypes()` in registration order, each with its icon (FieldType.icon through
 * ./icons), its name (titleId) and its summary (summaryId). The search box keeps the types whose name or summary
 * holds every word typed. Enter or a click adds the type after the last selected question when it is on the shown
 * page, else at the end of the shown page; the new question is selected (the store) and the canvas scrolls to it.
 * Space picks an item up to drag it with the keyboard (designer/canvas/dnd.tsx); a pointer drags it too.
 * The list is one tab stop: the arrows, Home and End move between the items; in the search box ArrowDown goes to
 * the items and Enter adds the first type shown (type "sig", Enter: a Signature).
 * Each item: `data-testid="palette-item-<name>"`, role button, focusable.
 */
import { useDraggable } from '@dnd-kit/core';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import InputAdornment from '@mui/material/InputAdornment';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, memo, useMemo, useRef, useState } from 'react';
import { addQuestion, findQuestion } from '../../engine/designer';
import { allFieldTypes } from '../../engine/forms/field-types';
import type { AnyFieldType } from '../../engine/forms/field-types/index';
import { message } from '../../engine/messages/catalogue';
import { DesignerDnd, type DragItem, dragId } from '../canvas/dnd';
import { type DesignerStore, useDesignerStore } from '../store';
import { fieldTypeIcon } from './icons';

/** A palette entry: the field type with its texts looked up once. */
interface PaletteEntry {
  type: AnyFieldType;
  title: string;
  summary: string;
  /** Name and summary in lower case, for the search. */
  haystack: string;
}

/** The palette's entries (every registered field type, in order). */
export function paletteEntries(): PaletteEntry[] {
  return allFieldTypes().map((type) => {
    const title = message(type.titleId);
    const summary = message(type.summaryId);
    return { type, title, summary, haystack: `${title} ${summary} ${type.name}`.toLowerCase() };
  });
}

/** The entries whose name or summary holds every word of `query` (case ignored); all for an empty query. */
export function searchPalette(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries.slice();
  return entries.filter((entry) => words.every((word) => entry.haystack.includes(word)));
}

/**
 * Adds a question of the field type `typeName` after the last selected question when it is on the shown page,
 * else at the end of the shown page (one undoable edit; the new question becomes the selection).
 */
export function addFromPalette(store: DesignerStore, typeName: string): void {
  const { selected, pageId } = store.getState();
  const last = selected.length > 0 ? findQuestion(store.draft, selected[selected.length - 1]) : undefined;
  const target = last && last.pageId === pageId ? { pageId, index: last.index + 1 } : { pageId };
  store.edit('addQuestion', (draft, floor) => addQuestion(draft, typeName, target, floor));
}

/** One draggable palette item. */
const PaletteItem = memo(function PaletteItem({ entry, tabbable }: { entry: PaletteEntry; tabbable: boolean }) {
  const store = useDesignerStore();
  const data: DragItem = { kind: 'type', typeName: entry.type.name, label: entry.title };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: dragId.type(entry.type.name), data });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      addFromPalette(store, entry.type.name);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <li className="dp-li">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dnd-kit's attributes give the item its button role and tab stop */}
      <div
        ref={setNodeRef}
        className="dp-item"
        {...attributes}
        {...listeners}
        // One tab stop for the list (the arrows move between the items).
        tabIndex={tabbable ? 0 : -1}
        data-palette-item={entry.type.name}
        data-dragging={isDragging || undefined}
        onKeyDown={onKeyDown}
        onClick={() => addFromPalette(store, entry.type.name)}
        data-testid={`palette-item-${entry.type.name}`}
      >
        <PaletteItemBody entry={entry} />
      </div>
    </li>
  );
});

/**
 * The items' looks as one set of class rules for the page (as the canvas rows', ../canvas/Canvas.tsx): 25 items
 * of styled elements and `sx` objects serialised about 150 styles when the creator opened, and again for every
 * item on a drag's start (dnd-kit's context renders every draggable). The texts are MUI's body2 and caption.
 */
const paletteStyles = (theme: Theme) => ({
  '.dp-li': { listStyle: 'none' },
  '.dp-item': {
    display: 'flex',
    gap: theme.spacing(1.5),
    alignItems: 'flex-start',
    padding: theme.spacing(1, 1.5),
    borderRadius: theme.shape.borderRadius,
    cursor: 'grab',
    '&[data-dragging]': { opacity: 0.5 },
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  },
  '.dp-icon': {
    width: '1em',
    height: '1em',
    fontSize: theme.typography.pxToRem(20),
    flexShrink: 0,
    fill: 'currentColor',
    color: theme.palette.action.active,
    userSelect: 'none' as const,
    marginTop: theme.spacing(0.25),
  },
  '.dp-text': { minWidth: 0 },
  '.dp-title': { ...theme.typography.body2, margin: 0, fontWeight: 500 },
  '.dp-summary': { ...theme.typography.caption, margin: 0, color: theme.palette.text.secondary },
});

/** The items' class rules; rendered once by the palette (emotion inserts them once a page). */
const PaletteStyles = memo(function PaletteStyles() {
  return <GlobalStyles styles={paletteStyles} />;
});

/** The item's icon, name and summary: memoised, it renders once. */
const PaletteItemBody = memo(function PaletteItemBody({ entry }: { entry: PaletteEntry }) {
  return (
    <>
      <svg className="dp-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={fieldTypeIcon(entry.type.icon)} />
      </svg>
      <div className="dp-text">
        <p className="dp-title">{entry.title}</p>
        <div className="dp-summary">{entry.summary}</div>
      </div>
    </>
  );
});

/** The palette (see the module comment). */
export function Palette() {
  const store = useDesignerStore();
  const entries = useMemo(paletteEntries, []);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchPalette(entries, query), [entries, query]);
  // The item that is the list's tab stop: the last one focused while it is shown, else the first shown.
  const [current, setCurrent] = useState<string | undefined>();
  const tabStop = shown.some((entry) => entry.type.name === current) ? current : shown[0]?.type.name;
  const listRef = useRef<HTMLUListElement>(null);
  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[data-palette-item]') ?? [])];
  const focusItem = (index: number) => {
    const list = items();
    list[Math.max(0, Math.min(list.length - 1, index))]?.focus();
  };
  // ArrowUp/ArrowDown/Home/End move between the items; ArrowUp from the first goes back to the search box.
  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const list = items();
    const at = list.indexOf(event.target as HTMLElement);
    if (at < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    if (event.key === 'ArrowUp' && at === 0) searchRef.current?.focus();
    else focusItem(moves[event.key]);
  };
  const searchRef = useRef<HTMLInputElement>(null);
  // In the search box: ArrowDown goes to the items, Enter adds the first type shown.
  const onSearchKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'Enter' && shown[0]) {
      event.preventDefault();
      addFromPalette(store, shown[0].type.name);
    }
  };
  return (
    <DesignerDnd>
      <Box
        component="section"
        data-testid="designer-palette"
        aria-label={message('designerCanvas.palette')}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}
      >
        <TextField
          size="small"
          type="search"
          label={message('designerCanvas.search')}
          value={query}
          inputRef={searchRef}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
          sx={{ m: 1 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
        <PaletteStyles />
        <Box
          component="ul"
          ref={listRef}
          aria-label={message('designerCanvas.palette')}
          onKeyDown={onListKeyDown}
          onFocus={(event) => {
            const name = (event.target as HTMLElement).dataset.paletteItem;
            if (name) setCurrent(name);
          }}
          sx={{ m: 0, p: 0.5, overflowY: 'auto', flex: 1, minHeight: 0 }}
        >
          {shown.map((entry) => (
            <PaletteItem key={entry.type.name} entry={entry} tabbable={entry.type.name === tabStop} />
          ))}
        </Box>
        {shown.length === 0 && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
            {message('designerCanvas.noMatch', { query })}
          </Typography>
        )}
      </Box>
    </DesignerDnd>
  );
}
