/**
 * The register read model (issue "Performance at scale" §2; docs/store.md "Registers"): what every saved entry
 * keeps beside its answers so that a register's paging, sorting and filtering by any column are index-backed
 * queries of the store, never a sort of the whole register in memory.
 *
 * `registerRow` holds, per register column (the fixed `entryNumber`, `date`, `enteredBy` and every question
 * shown in the register):
 * - `sortKeys[column]`: the cell's sort key (`registerSortKey`), whose plain string order is the register's
 *   order; an empty cell has `emptySortKey`, so that "empty cells last" is one equality in both directions;
 * - `text[column]`: the cell's display text in lower case, for "contains" filters (left out when empty);
 * and `any`: the lower-case text of every cell but `id`, joined by newlines, for the global filter.
 * `registerVersion` (registerVersionOf) names the form version and the read model's own format the row was built
 * with; rows of another version or format are rebuilt.
 */
import { answerKey } from '../forms/answer-keys';
import { allQuestions, type QuestionProperties } from '../forms/questions';
import type { FormDefinition, FormEntry } from '../types/generated';
import { entryToRegisterRow } from './rows';
import { registerSortKey } from './sort-key';

export { emptySortKey, registerSortKey } from './sort-key';

/** The read model of one entry (stored as `registerRow`). */
export interface RegisterReadModel {
  sortKeys: Record<string, string>;
  text: Record<string, string>;
  any: string;
}

/**
 * The format of the read model: raised whenever what a row holds changes (a new column, other cell texts), so
 * that rows built before are rebuilt (2: the entry's status; 3: the entry's score fields beside the row,
 * api/operations/entries.ts readModelOf, for the category registers' charts).
 */
export const READ_MODEL_FORMAT = 3;

/**
 * The `registerVersion` a row built from form version `def` carries: the form version and READ_MODEL_FORMAT in
 * one number (version × 1000 + format), compared by equality only.
 */
export function registerVersionOf(def: Pick<FormDefinition, 'version'>): number {
  return def.version * 1000 + READ_MODEL_FORMAT;
}

/**
 * The columns the read model indexes: the fixed ones (the status among them, engine/forms/entry-status.ts) and
 * the questions shown in the register (registerColumns' values).
 */
export function readModelColumns(def: FormDefinition): string[] {
  return [
    'entryNumber',
    'date',
    'enteredBy',
    'status',
    ...allQuestions(def)
      .filter((q: QuestionProperties) => q.showInRegister === true)
      .map((q) => answerKey(q.id)),
  ];
}

/** The read model of an entry under the form version `def` (see the module comment). */
export function registerReadModel(def: FormDefinition, entry: FormEntry): RegisterReadModel {
  const row = entryToRegisterRow(def, entry) as unknown as Record<string, unknown>;
  const sortKeys: Record<string, string> = {};
  const text: Record<string, string> = {};
  for (const column of readModelColumns(def)) {
    const cell = row[column] === undefined || row[column] === null ? '' : String(row[column]);
    sortKeys[column] = registerSortKey(cell);
    // The status is filtered by equality on its sort key (api/operations/entries.ts): no filter text for it.
    if (cell !== '' && column !== 'status') text[column] = cell.toLowerCase();
  }
  const any = Object.entries(row)
    .filter(([key]) => key !== 'id')
    .map(([, value]) => String(value).toLowerCase())
    .filter((value) => value !== '')
    .join('\n');
  return { sortKeys, text, any };
}
