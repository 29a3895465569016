/**
 * The rows of a data table while they are edited (administration-data.md §3 "Data table", "editing stays
 * responsive on 1,000 rows"). The table's data (what material-react-table renders) stays the rows as
 * loaded; an edit changes the row here and notifies subscribers, and only the cells that read what
 * changed render again: the edited cell, the column's footer total, a CheckBox column's limit, the
 * cells whose date limits read the row. So one keystroke costs one cell and one footer, not 1,000 rows.
 *
 * Components read it through `useRowStore(store, select)` (useSyncExternalStore): `select` runs after
 * each change and the component renders only when its result changes (Object.is).
 */
import { useCallback, useSyncExternalStore } from 'react';

/** A row of the table: field → value (and the row model's own fields: disabled, disabledCells...). */
export type Row = Record<string, unknown>;

/** Edited rows of one table; see the module comment. */
export class RowStore {
  /** The rows as edited, by their index in the loaded data. */
  rows: Row[];
  /** Indexes of rows changed since loading. */
  readonly changed = new Set<number>();
  /** Counts changes: derived values (totals, counts) are cached per version. */
  version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly cache = new Map<string, { version: number; value: unknown }>();

  constructor(rows: readonly Row[]) {
    this.rows = [...rows];
  }

  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sets one cell: the row is copied (rows are never changed in place). */
  set(index: number, field: string, value: unknown): void {
    const row = this.rows[index];
    if (!row || Object.is(row[field], value)) return;
    this.rows[index] = { ...row, [field]: value };
    this.changed.add(index);
    this.notify();
  }

  /** Replaces every row by `change(rows)`; rows whose identity changes count as changed. */
  update(change: (rows: readonly Row[]) => Row[]): void {
    const next = change(this.rows);
    let any = false;
    next.forEach((row, index) => {
      if (row !== this.rows[index]) {
        this.changed.add(index);
        any = true;
      }
    });
    this.rows = next;
    if (any) this.notify();
  }

  /** A value derived from the rows, computed once per version and name. */
  derived<T>(name: string, compute: (rows: readonly Row[]) => T): T {
    const hit = this.cache.get(name);
    if (hit && hit.version === this.version) return hit.value as T;
    const value = compute(this.rows);
    this.cache.set(name, { version: this.version, value });
    return value;
  }

  private notify(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * What `select` reads of the store, rendering again only when it changes.
 * @param select a pure function of the store; keep it cheap, it runs after every change
 */
export function useRowStore<T>(store: RowStore, select: (store: RowStore) => T): T {
  const getSnapshot = useCallback(() => select(store), [store, select]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
