/**
 * material-react-table's table hook as the registers and the data-table field use it (./DataTableField.tsx,
 * ../Register.tsx). A module of its own: ./table-options is in the form renderer's chunk, and this one imports
 * material-react-table, which stays in the tables' own chunks (vite.config.ts).
 */
import {
  type MRT_RowData,
  type MRT_TableInstance,
  type MRT_TableOptions,
  useMaterialReactTable,
} from 'material-react-table';
import { useEffect, useRef } from 'react';

/**
 * A ref that keeps nothing: its `current` is always null, whatever is assigned to it.
 * @see useTable
 */
export const KEEPS_NOTHING: { current: null } = Object.freeze(
  Object.defineProperty({} as { current: null }, 'current', {
    get: () => null,
    set: () => undefined,
    enumerable: true,
  }),
);

/**
 * The table paper's ref, for the one thing MRT 3.2 reads of it: its width, in the selection banner's style
 * (`tablePaperRef.current.clientWidth`, read in every render of the banner, which forced a synchronous layout during
 * React's render: 16 of a register navigation's script milliseconds, once the container's reads were gone). It keeps
 * the element MRT's paper assigns, observes its width with a ResizeObserver (no forced layout), and its `current`
 * answers `{ clientWidth }` with the last width observed (undefined before the first observation: MRT then uses its
 * 360 px default). Its other reader, the empty-rows text, is not rendered here (both tables render their own).
 */
export class PaperWidthRef {
  private element: HTMLElement | null = null;
  private width: number | undefined;
  private observer: ResizeObserver | undefined;

  get current(): { clientWidth: number | undefined } | null {
    return this.element ? { clientWidth: this.width } : null;
  }

  set current(element: HTMLElement | null) {
    if (element === this.element) return;
    this.disconnect();
    this.element = element;
    if (!element || typeof ResizeObserver === 'undefined') return;
    this.observer = new ResizeObserver(([entry]) => {
      this.width = entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width;
    });
    this.observer.observe(element);
  }

  /** Stops observing (the table unmounted). */
  disconnect(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.width = undefined;
  }
}

/**
 * material-react-table's `useMaterialReactTable(options)`, without the toolbars' measurement in every render
 * (issue 21 "Speed", every register and data-table page). MRT 3.2's table container reads its top and bottom
 * toolbars' `offsetHeight` in a layout effect after each of its renders, only to size the table in full-screen mode
 * and under a sticky header, which no table here uses (`enableFullScreenToggle: false`, no `enableStickyHeader`):
 * each read forced a synchronous layout inside React's commit (31 of a register navigation's 470 ms of script in a
 * production profile), and the first one's state update rendered the container again. The container is the only
 * reader of `table.refs.topToolbarRef` and `bottomToolbarRef` (the toolbars only write them), so they are replaced by
 * {@link KEEPS_NOTHING} after the hook (it builds `table.refs` again on every render): the container reads no
 * element and measures nothing. The paper's ref becomes a {@link PaperWidthRef} for the same reason. runtime/renderer/table/register-table.test.tsx checks that a register's render reads
 * no toolbar's height and that the toolbars still show.
 * @param options MRT's table options; `enableStickyHeader` and a full-screen toggle are refused (they need the sizes)
 * @throws Error when options ask for a sticky header or the full-screen toggle
 */
export function useTable<TData extends MRT_RowData>(options: MRT_TableOptions<TData>): MRT_TableInstance<TData> {
  if (options.enableStickyHeader || options.enableFullScreenToggle !== false)
    throw new Error('useTable: a sticky header or full screen needs the toolbars measured (useMaterialReactTable)');
  const table = useMaterialReactTable(options);
  const paper = useRef<PaperWidthRef | null>(null);
  paper.current ??= new PaperWidthRef();
  const paperRef = paper.current;
  useEffect(() => () => paperRef.disconnect(), [paperRef]);
  table.refs = {
    ...table.refs,
    topToolbarRef: KEEPS_NOTHING,
    bottomToolbarRef: KEEPS_NOTHING,
    // Its `current` is `{ clientWidth }`, all MRT reads of it (PaperWidthRef).
    tablePaperRef: paperRef as unknown as typeof table.refs.tablePaperRef,
  };
  return table;
}
