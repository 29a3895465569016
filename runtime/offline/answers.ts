/**
 * An entry's answers in units and the device's three-way merge used to settle a conflict (issue 26 §5; contract-26
 * §2 "resolve"): the server finds a conflict; the device builds the answers the user settled on from the command's
 * base, its own latest answers and the server's, with the user's choice where both changed a unit. It is the device's own: engine/offline/merge.ts recomputes scores through the engine's Ajv
 * validators, which cannot run under the site's Content-Security-Policy (no 'unsafe-eval'). The units are
 * those of engine/offline/merge.ts (off-server's `answerUnits`, which the batch call's conflicts name): a Grid
 * question's cells `cell:<row>:<column>` (the cell's value) and `comments` (its overall comments), a Table or
 * TableLight question's rows `row:<n>` (the row's object), any other answer whole `''` (the Answer without its ids
 * and what the server computes). Also the file paths an entry's answers hold (the upload-on-unload rule keeps them).
 */
import { fieldTypeOf } from '../../engine/forms/field-types';
import { allQuestions } from '../../engine/forms/questions';
import type { Answer, FormDefinition, GridCellAnswer } from '../../engine/types/generated';

type Kind = 'grid' | 'table' | 'whole';

/** The fields of an Answer the server computes (never compared, never merged). */
const COMPUTED = new Set(['questionId', 'formId', 'isSigned', 'isEmailText', 'totalScore', 'maxScore', 'grid']);

/** How each question's answer splits into units: a grid by cell, a table by row, anything else whole. */
function questionKinds(form: FormDefinition | undefined): Map<number, Kind> {
  const kinds = new Map<number, Kind>();
  for (const question of form ? allQuestions(form) : []) {
    const name = fieldTypeOf(question).name;
    kinds.set(question.id, name === 'grid' ? 'grid' : name === 'table' || name === 'tableLight' ? 'table' : 'whole');
  }
  return kinds;
}

/** JSON with sorted keys: two values are the same unit value when their canonical texts are equal. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function same(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** The whole-answer unit: the answer's own fields, or null when it answers nothing. */
function wholeValue(answer: Answer): Record<string, unknown> | null {
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(answer)) if (!COMPUTED.has(key) && field !== undefined) value[key] = field;
  const values = (value.answers as unknown[] | undefined) ?? [];
  const extra = Object.keys(value).some(
    (k) =>
      k !== 'answers' && value[k] !== '' && value[k] !== false && !(Array.isArray(value[k]) && value[k].length === 0),
  );
  return values.length === 0 && !extra ? null : { ...value, answers: values };
}

function parseRow(value: unknown): unknown {
  if (typeof value !== 'string' || !value.startsWith('{')) return value;
  try {
    const row: unknown = JSON.parse(value);
    return row && typeof row === 'object' && !Array.isArray(row) ? row : value;
  } catch {
    return value;
  }
}

/** A question's answer as units (unit -> value; an unanswered unit is absent). */
function unitsOf(answer: Answer | undefined, kind: Kind): Map<string, unknown> {
  const units = new Map<string, unknown>();
  const put = (unit: string, value: unknown) => {
    if (value !== undefined && value !== null) units.set(unit, value);
  };
  if (!answer) return units;
  if (kind === 'grid') {
    for (const cell of answer.grid?.cells ?? []) put(`cell:${cell.rowIndex}:${cell.columnIndex}`, cell.value);
    if (answer.grid?.overallComments) put('comments', answer.grid.overallComments);
  } else if (kind === 'table')
    for (const [index, row] of (answer.answers ?? []).entries()) put(`row:${index}`, parseRow(row));
  else put('', wholeValue(answer));
  return units;
}

/** The answer of `questionId` made of `units`, or undefined when nothing is answered. */
function composeAnswer(
  questionId: number,
  units: Map<string, unknown>,
  kind: Kind,
  cells: Map<string, GridCellAnswer>,
): Answer | undefined {
  const given = [...units.entries()].filter(([, value]) => value !== null && value !== undefined);
  if (given.length === 0) return undefined;
  if (kind === 'grid') {
    const answerCells = given
      .filter(([unit]) => unit.startsWith('cell:') && cells.has(unit))
      .map(([unit, value]) => ({ ...(cells.get(unit) as GridCellAnswer), value: value as GridCellAnswer['value'] }))
      .sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
    const comments = units.get('comments');
    return {
      questionId,
      answers: [],
      grid: { cells: answerCells, ...(typeof comments === 'string' && comments ? { overallComments: comments } : {}) },
    };
  }
  if (kind === 'table')
    return {
      questionId,
      answers: given
        .map(([unit, value]) => ({ index: Number(unit.slice(4)), value }))
        .sort((a, b) => a.index - b.index)
        .map(({ value }) => (typeof value === 'string' ? value : JSON.stringify(value))),
    };
  return { ...(units.get('') as Omit<Answer, 'questionId'>), questionId };
}

/** One unit changed on both sides to different values. */
export interface UnitConflict {
  questionId: number;
  unit: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/**
 * The three-way merge of an entry's answers by unit: a unit changed on one side takes that side's value; changed on
 * both to the same value, that value; changed on both to different values, `choose` says which (default: theirs, as
 * engine/offline/merge.ts keeps the server's) and it is listed in `conflicts`.
 * @param form the entry's form version (says which questions are grids and tables)
 */
export function mergeAnswers(
  form: FormDefinition | undefined,
  base: readonly Answer[],
  mine: readonly Answer[],
  theirs: readonly Answer[],
  choose: (questionId: number, unit: string) => 'mine' | 'theirs' | undefined = () => undefined,
): { answers: Answer[]; conflicts: UnitConflict[] } {
  const kinds = questionKinds(form);
  const byId = (list: readonly Answer[]) => new Map(list.map((a) => [a.questionId, a]));
  const [b, m, t] = [byId(base), byId(mine), byId(theirs)];
  const order = [...kinds.keys()];
  const ids = [...new Set([...order, ...mine.map((a) => a.questionId), ...theirs.map((a) => a.questionId)])].filter(
    (id) => b.has(id) || m.has(id) || t.has(id),
  );
  const answers: Answer[] = [];
  const conflicts: UnitConflict[] = [];
  for (const id of ids) {
    const kind = kinds.get(id) ?? (m.get(id)?.grid || t.get(id)?.grid || b.get(id)?.grid ? 'grid' : 'whole');
    // A grid cell's ids, from whichever side answered it.
    const cells = new Map<string, GridCellAnswer>();
    for (const side of [b, t, m])
      for (const cell of side.get(id)?.grid?.cells ?? []) cells.set(`cell:${cell.rowIndex}:${cell.columnIndex}`, cell);
    const [ub, um, ut] = [unitsOf(b.get(id), kind), unitsOf(m.get(id), kind), unitsOf(t.get(id), kind)];
    const merged = new Map<string, unknown>();
    for (const unit of new Set([...ut.keys(), ...um.keys(), ...ub.keys()])) {
      const [vb, vm, vt] = [ub.get(unit) ?? null, um.get(unit) ?? null, ut.get(unit) ?? null];
      let value: unknown;
      if (same(vm, vt) || same(vm, vb)) value = vt;
      else if (same(vt, vb)) value = vm;
      else {
        conflicts.push({ questionId: id, unit, base: vb, mine: vm, theirs: vt });
        value = choose(id, unit) === 'mine' ? vm : vt;
      }
      merged.set(unit, value);
    }
    const answer = composeAnswer(id, merged, kind, cells);
    if (answer) answers.push(answer);
  }
  return { answers, conflicts };
}

/** The file paths the answers hold (any text value: file uploads, signatures, markups). */
export function answerPaths(answers: readonly Answer[]): Set<string> {
  const paths = new Set<string>();
  for (const answer of answers)
    for (const value of answer.answers ?? []) if (typeof value === 'string' && value.includes('/')) paths.add(value);
  return paths;
}
