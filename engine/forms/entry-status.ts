/**
 * An entry's status (issue "The main job as a site user meets it", Drafts; docs/decisions.md "Drafts"): an entry
 * is a Draft from its first page save (PUT …/submit?isFromPaging=true, form-configuration.md §4 "Multi-page
 * renderer") until its first full Submit, then Submitted. The register shows it in its Status column and filters
 * on it; the CSV prints it and exports submitted entries unless asked otherwise.
 *
 * The stored field is the entry's `isDraft` (form-entry.schema.json); the status words the register and the CSV
 * show come from the message catalogue (`register.status.Draft`, `register.status.Submitted`).
 */
import type { FormEntry, RegisterFilter } from '../types/generated';

/** The statuses of an entry, in the order a filter lists them. */
export const ENTRY_STATUSES = ['Submitted', 'Draft'] as const;

/** Draft or Submitted. */
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** The register column (and filter id) of the status. */
export const STATUS_COLUMN = 'status';

/** The status filter value that asks for every entry, drafts and submitted. */
export const ALL_STATUSES = 'All';

/** The status of an entry: Draft while `isDraft` is true, else Submitted. */
export function entryStatus(entry: Pick<FormEntry, 'isDraft'>): EntryStatus {
  return entry.isDraft === true ? 'Draft' : 'Submitted';
}

/**
 * Splits the status filter off a register query's filters.
 * @param filters the query's filters (register-query.schema.json)
 * @returns `status`: the status asked for (the last status filter wins), `'All'` when asked for both, or
 *   undefined when no status filter is given; `rest`: the other filters, unchanged. A status filter with another
 *   value than Draft, Submitted or All asks for `'None'` (matches no entry), as a filter on a text that no cell
 *   holds would.
 */
export function splitStatusFilter(filters: readonly RegisterFilter[] | undefined): {
  status: EntryStatus | typeof ALL_STATUSES | 'None' | undefined;
  rest: RegisterFilter[];
} {
  let status: EntryStatus | typeof ALL_STATUSES | 'None' | undefined;
  const rest: RegisterFilter[] = [];
  for (const filter of filters ?? []) {
    if (filter.id !== STATUS_COLUMN) {
      rest.push(filter);
      continue;
    }
    const value = String(filter.value).trim();
    if (value === '') continue;
    const known = ([...ENTRY_STATUSES, ALL_STATUSES] as const).find((s) => s.toLowerCase() === value.toLowerCase());
    status = known ?? 'None';
  }
  return { status, rest };
}
