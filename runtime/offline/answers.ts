/**
 * An entry's answers in units (issue 26 §5; the AnswerConflict `unit`: '' the whole answer, 'cell:<row>:<column>'
 * a grid cell, 'row:<n>' a table row) and the device's three-way merge used to settle a conflict: the server found
 * the conflict (engine/offline/merge.ts); the device builds the answers the user settled on from the common base,
 * its own answers and the server's, with the user's choice where both changed a unit (contract-26 §2 "resolve").
 * Also the file paths an entry's answers hold (the upload-on-unload rule keeps them).
 */
import { fieldTypeOf } from '../../engine/forms/field-types';
import { allQuestions } from '../../engine/forms/questions';
import type { Answer, FormDefinition, GridCellAnswer } from '../../engine/types/generated';

type Kind = 'grid' | 'table' | 'whole';

/** How a question's answer splits into units: a grid by cell, a table by row, anything else whole. */
export function questionKinds(form: FormDefinition | undefined): Map<number, Kind> {
  const kinds = new Map<number, Kind>();
  for (const question of form ? allQuestions(form) : []) {
    const name = fieldTypeOf(question).name;
    kinds.set(question.id, name === 'table' || name === 'tableLight' ? 'table' : 'whole');
  }
  return kinds;
}

/** JSON with sorted keys: two values are the same unit value when their canonical texts are equal. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
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

/** The answer without what is not the user's (its ids and the server-computed scores). */
function rest(answer: Answer): Record<string, unknown> {
  const { questionId: _q, formId: _f, totalScore: _t, maxScore: _m, ...kept } = answer;
  return kept;
}

/** A question's answer as units (unit -> value; null: unanswered). */
export function unitsOf(answer: Answer | undefined, kind: Kind): Map<string, unknown> {
  const units = new Map<string, unknown>();
  if (!answer) return units;
  if (answer.grid) {
    const { grid, ...others } = rest(answer) as { grid: NonNullable<Answer['grid']> } & Record<string, unknown>;
    for (const cell of grid.cells) units.set(`cell:${cell.rowIndex}:${cell.columnIndex}`, cell);
    units.set('', { ...others, overallComments: grid.overallComments });
    return units;
  }
  if (kind === 'table') {
    const { answers, ...others } = rest(answer) as { answers: Answer['answers'] } & Record<string, unknown>;
    for (const [index, row] of answers.entries()) units.set(`row:${index}`, row);
    units.set('', others);
    return units;
  }
  units.set('', rest(answer));
  return units;
}

/** The answer of `questionId` made of `units` (the inverse of unitsOf), or undefined when nothing is left. */
function composeAnswer(
  questionId: number,
  units: Map<string, unknown>,
  kind: Kind,
  wasGrid: boolean,
): Answer | undefined {
  const whole = (units.get('') ?? null) as Record<string, unknown> | null;
  if (wasGrid) {
    const cells = [...units.entries()]
      .filter(([unit, value]) => unit.startsWith('cell:') && value !== null)
      .map(([, value]) => value as GridCellAnswer)
      .sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
    const { overallComments, ...others } = whole ?? {};
    if (!whole && cells.length === 0) return undefined;
    const grid = overallComments === undefined ? { cells } : { cells, overallComments: overallComments as string };
    return { answers: [], ...others, questionId, grid } as Answer;
  }
  if (kind === 'table') {
    const rows = [...units.entries()]
      .filter(([unit, value]) => unit.startsWith('row:') && value !== null)
      .sort(([a], [b]) => Number(a.slice(4)) - Number(b.slice(4)))
      .map(([, value]) => value as Answer['answers'][number]);
    if (!whole && rows.length === 0) return undefined;
    return { ...(whole ?? {}), questionId, answers: rows } as Answer;
  }
  return whole ? ({ answers: [], ...whole, questionId } as Answer) : undefined;
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
 * both to the same value, that value; changed on both to different values, `choose` says which (default: mine) and
 * it is listed in `conflicts`.
 * @param form the entry's form version (says which questions are tables); grids are known by their answer
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
  // Question order: mine's, then theirs' questions mine lacks.
  const ids = [...new Set([...mine.map((a) => a.questionId), ...theirs.map((a) => a.questionId)])];
  const answers: Answer[] = [];
  const conflicts: UnitConflict[] = [];
  for (const id of ids) {
    const kind = kinds.get(id) ?? 'whole';
    const wasGrid = Boolean(m.get(id)?.grid ?? t.get(id)?.grid ?? b.get(id)?.grid);
    const [ub, um, ut] = [unitsOf(b.get(id), kind), unitsOf(m.get(id), kind), unitsOf(t.get(id), kind)];
    const merged = new Map<string, unknown>();
    for (const unit of new Set([...ub.keys(), ...um.keys(), ...ut.keys()])) {
      const [vb, vm, vt] = [ub.get(unit) ?? null, um.get(unit) ?? null, ut.get(unit) ?? null];
      let value: unknown;
      if (same(vm, vb)) value = vt;
      else if (same(vt, vb) || same(vm, vt)) value = vm;
      else {
        conflicts.push({ questionId: id, unit, base: vb, mine: vm, theirs: vt });
        value = choose(id, unit) === 'theirs' ? vt : vm;
      }
      merged.set(unit, value);
    }
    const answer = composeAnswer(id, merged, kind, wasGrid);
    if (answer) answers.push(answer);
  }
  return { answers, conflicts };
}

/** The file paths the answers hold (any text value with a '/': file uploads, signatures, markups). */
export function answerPaths(answers: readonly Answer[]): Set<string> {
  const paths = new Set<string>();
  for (const answer of answers)
    for (const value of answer.answers ?? []) if (typeof value === 'string') paths.add(value);
  return paths;
}
