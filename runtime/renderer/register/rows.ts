/**
 * A register's rows from an answer that groups them (schemas/meta/register.schema.json `source.rows`; issue 21
 * part 8: the version difference `{ from, to, diff: { added, removed, changed, moved } }` shown as one table).
 */
import type { Row } from '../table/cell-text';

/** How the rows are read: the grouping object's field, and the fields each row gets (its group, its key). */
export interface GroupedRowsSpec {
  from: string;
  groupField: string;
  keyField: string;
}

/**
 * The rows of `answer[spec.from]`: each of its lists' object items, in the object's order, with `groupField` the
 * list's name and `keyField` `<group>-<n>` (n from 0 in its list). Anything that is not a list of objects is
 * skipped; an answer without the object gives no rows.
 * @example groupedRows({ diff: { added: [{ id: 4 }], moved: [{ id: 2 }] } }, { from: 'diff', groupField: 'change', keyField: 'key' })
 *   // [{ id: 4, change: 'added', key: 'added-0' }, { id: 2, change: 'moved', key: 'moved-0' }]
 */
export function groupedRows(answer: unknown, spec: GroupedRowsSpec): Row[] {
  const groups = (answer as Record<string, unknown> | null | undefined)?.[spec.from];
  if (!groups || typeof groups !== 'object' || Array.isArray(groups)) return [];
  const rows: Row[] = [];
  for (const [group, items] of Object.entries(groups)) {
    if (!Array.isArray(items)) continue;
    items
      .filter((item): item is Row => item !== null && typeof item === 'object' && !Array.isArray(item))
      .forEach((item, n) => {
        rows.push({ ...item, [spec.groupField]: group, [spec.keyField]: `${group}-${n}` });
      });
  }
  return rows;
}
