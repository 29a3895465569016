/**
 * The per-question merge of an entry's answers (issue 26 §5 "Conflicts per question"; docs/offline.md
 * "Conflicts"), shared by the server (api/offline/commands.ts: a command made against an older version of an
 * entry) and the browser (runtime/offline: the conflict dialog's answers after the user's choices).
 *
 * An entry's answers are split into units by what the form definition says a question's answer is
 * ({@link answerUnits}): a Grid question's cells (`cell:<row>:<column>`) and its overall comments (`comments`), a
 * Table or TableLight question's rows (`row:<n>`, 0-based), any other question's answer as a whole (`''`: a text,
 * a number, an option list with its Other text and whom to notify). {@link mergeAnswers} is a three-way merge of
 * the units against their common base: a unit changed on one side takes that side; changed on both to the same
 * value is no conflict; changed on both to different values is an {@link AnswerConflict} (the merged answers keep
 * the server's, "theirs", for it). What the server computes (a grid's scores, the signed and e-mail flags) is
 * never merged: it is recomputed from the merged answers (withComputedValues), as a save does.
 */

import { fieldTypeOf } from '../forms/field-types';
import { cellAt } from '../forms/grid';
import { allQuestions } from '../forms/questions';
import { withComputedValues } from '../forms/validate-submission';
import { message } from '../messages/catalogue';
import type { Answer, AnswerConflict, FormDefinition, GridCellAnswer, Question } from '../types/generated';

/**
 * One unit of an entry's answers: its question, which part (`''` the whole answer, `cell:<row>:<column>`,
 * `comments`, `row:<n>`), and its value: for the whole answer the Answer without its question id and computed
 * fields (`{ answers, other?, notificationUsers?, stopNotification?, signatureByThirdParty? }`), for a grid cell the
 * cell's value, for the comments their text, for a table row the row (`{ [column key]: text }`; a value that is
 * not a row's JSON, as it is). A unit that is not answered is absent (its value reads as null).
 */
export interface AnswerUnit {
  questionId: number;
  unit: string;
  value: unknown;
}

/** The user's choice for one conflict (a resolve command's resolutions; the conflict dialog's answer). */
export interface ConflictChoice {
  questionId: number;
  unit: string;
  chosen: 'mine' | 'theirs';
}

/** The fields of an Answer that the server computes (never merged, never compared). */
const COMPUTED = new Set(['questionId', 'formId', 'isSigned', 'isEmailText', 'totalScore', 'maxScore', 'grid']);

type Kind = 'grid' | 'table' | 'whole';

function kindOf(question: Question | undefined): Kind {
  if (!question) return 'whole';
  const name = fieldTypeOf(question).name;
  if (name === 'grid') return 'grid';
  if (name === 'table' || name === 'tableLight') return 'table';
  return 'whole';
}

function keyOf(questionId: number, unit: string): string {
  return `${questionId}\u0000${unit}`;
}

/** JSON with object keys sorted: two values are the same answer when their texts are equal. */
function canonical(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value as Record<string, unknown>)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** True when two unit values are the same answer (null and absent are one: unanswered). */
export function sameUnitValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** The whole-answer unit's value of an answer: its given fields, or null when it answers nothing. */
function wholeValue(answer: Answer): Record<string, unknown> | null {
  const value: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(answer)) if (!COMPUTED.has(key) && field !== undefined) value[key] = field;
  const values = (value.answers as unknown[] | undefined) ?? [];
  const extra = Object.keys(value).some(
    (k) =>
      k !== 'answers' && value[k] !== '' && value[k] !== false && !(Array.isArray(value[k]) && value[k].length === 0),
  );
  if (values.length === 0 && !extra) return null;
  return { ...value, answers: values };
}

function parseRow(value: unknown): unknown {
  if (typeof value !== 'string' || value.charCodeAt(0) !== 123) return value;
  try {
    const row: unknown = JSON.parse(value);
    return row && typeof row === 'object' && !Array.isArray(row) ? row : value;
  } catch {
    return value;
  }
}

/**
 * The units of `answers` (see {@link AnswerUnit}), keyed by question and unit, split as `form` says each
 * question's answer is; an answer of a question the form does not have is one whole unit.
 */
export function answerUnits(form: FormDefinition, answers: readonly Answer[]): Map<string, AnswerUnit> {
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  const units = new Map<string, AnswerUnit>();
  const put = (questionId: number, unit: string, value: unknown) => {
    if (value === undefined || value === null) return;
    units.set(keyOf(questionId, unit), { questionId, unit, value });
  };
  for (const answer of answers) {
    const { questionId } = answer;
    const kind = kindOf(questions.get(questionId));
    if (kind === 'grid') {
      for (const cell of answer.grid?.cells ?? [])
        put(questionId, `cell:${cell.rowIndex}:${cell.columnIndex}`, cell.value);
      if (answer.grid?.overallComments) put(questionId, 'comments', answer.grid.overallComments);
    } else if (kind === 'table') {
      for (const [index, row] of (answer.answers ?? []).entries()) put(questionId, `row:${index}`, parseRow(row));
    } else put(questionId, '', wholeValue(answer));
  }
  return units;
}

/** The answers that `units` make, in the form's question order (then questions the form does not have). */
function answersOf(form: FormDefinition, units: Iterable<AnswerUnit>): Answer[] {
  const byQuestion = new Map<number, AnswerUnit[]>();
  for (const unit of units) {
    if (unit.value === null || unit.value === undefined) continue;
    byQuestion.set(unit.questionId, [...(byQuestion.get(unit.questionId) ?? []), unit]);
  }
  const questions = allQuestions(form);
  const known = new Set(questions.map((q) => q.id));
  const order = [...questions.map((q) => q.id), ...[...byQuestion.keys()].filter((id) => !known.has(id))];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const out: Answer[] = [];
  for (const questionId of order) {
    const parts = byQuestion.get(questionId);
    if (!parts) continue;
    const question = byId.get(questionId);
    const kind = kindOf(question);
    if (kind === 'grid') {
      const grid = (question as Question & { grid?: Parameters<typeof cellAt>[0] }).grid;
      const cells: GridCellAnswer[] = [];
      let overallComments: string | undefined;
      for (const part of parts) {
        if (part.unit === 'comments') {
          overallComments = String(part.value);
          continue;
        }
        const [, row, column] = part.unit.split(':').map(Number);
        const cell = grid ? cellAt(grid, row, column) : undefined;
        // A cell the form does not define is no answer of it (the save would refuse it).
        if (!cell) continue;
        cells.push({
          cellId: cell.id,
          rowIndex: row,
          columnIndex: column,
          gridCellQuestionId: cell.cellQuestion.id,
          value: part.value as GridCellAnswer['value'],
        });
      }
      cells.sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
      out.push({ questionId, answers: [], grid: { cells, ...(overallComments ? { overallComments } : {}) } });
    } else if (kind === 'table') {
      const rows = parts
        .map((part) => ({ index: Number(part.unit.slice(4)), value: part.value }))
        .sort((a, b) => a.index - b.index)
        .map(({ value }) => (typeof value === 'string' ? value : JSON.stringify(value)));
      out.push({ questionId, answers: rows });
    } else {
      const whole = parts.find((p) => p.unit === '');
      if (whole) out.push({ ...(whole.value as Omit<Answer, 'questionId'>), questionId });
    }
  }
  return out;
}

/** The dialog's label of a unit: the question's label, with the grid cell's or the table row's place. */
function unitLabel(question: Question | undefined, unit: string): string {
  const label = question?.label ?? '';
  if (unit.startsWith('cell:')) {
    const [, row, column] = unit.split(':').map(Number);
    const grid = (question as (Question & { grid?: { headers?: Array<{ index: number; label: string }> } }) | undefined)
      ?.grid;
    const heading = grid?.headers?.find((h) => h.index === column)?.label;
    return message('offlineSync.cellLabel', { question: label, row: row + 1, column: heading || column + 1 });
  }
  if (unit.startsWith('row:'))
    return message('offlineSync.rowLabel', { question: label, row: Number(unit.slice(4)) + 1 });
  if (unit === 'comments') return message('offlineSync.commentsLabel', { question: label });
  return label;
}

/**
 * The three-way merge of an entry's answers, unit by unit (see the module's comment).
 * @param form the form version the entry is filled in (its questions say what the units are)
 * @param base the answers both sides started from (the device's answers at its baseVersion)
 * @param mine the device's answers
 * @param theirs the server's answers now
 * @returns `answers`: the merged answers (the server's value where a unit is in conflict), with the computed
 *   values recomputed; `conflicts`: each unit changed on both sides to different values, in question order
 */
export function mergeAnswers(
  form: FormDefinition,
  base: readonly Answer[],
  mine: readonly Answer[],
  theirs: readonly Answer[],
): { answers: Answer[]; conflicts: AnswerConflict[] } {
  const b = answerUnits(form, base);
  const m = answerUnits(form, mine);
  const t = answerUnits(form, theirs);
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  const merged: AnswerUnit[] = [];
  const conflicts: AnswerConflict[] = [];
  for (const key of new Set([...t.keys(), ...m.keys(), ...b.keys()])) {
    const unit = (t.get(key) ?? m.get(key) ?? b.get(key)) as AnswerUnit;
    const bv = b.get(key)?.value ?? null;
    const mv = m.get(key)?.value ?? null;
    const tv = t.get(key)?.value ?? null;
    let value: unknown;
    if (sameUnitValue(mv, tv) || sameUnitValue(mv, bv)) value = tv;
    else if (sameUnitValue(tv, bv)) value = mv;
    else {
      value = tv;
      conflicts.push({
        questionId: unit.questionId,
        unit: unit.unit,
        label: unitLabel(questions.get(unit.questionId), unit.unit),
        base: bv as AnswerConflict['base'],
        mine: mv as AnswerConflict['mine'],
        theirs: tv as AnswerConflict['theirs'],
      });
    }
    merged.push({ questionId: unit.questionId, unit: unit.unit, value });
  }
  const order = new Map(allQuestions(form).map((q, i) => [q.id, i]));
  conflicts.sort(
    (x, y) =>
      (order.get(x.questionId) ?? Number.MAX_SAFE_INTEGER) - (order.get(y.questionId) ?? Number.MAX_SAFE_INTEGER) ||
      x.unit.localeCompare(y.unit, 'en', { numeric: true }),
  );
  return { answers: withComputedValues(form, answersOf(form, merged)), conflicts };
}

/**
 * The answers after the user's choices (the conflict dialog; a resolve command's `answers`): `merged` (the
 * merge's answers, the server's value in each conflict) with `mine` put back in each conflict chosen so. A
 * conflict without a choice keeps the server's value; a choice naming no conflict is ignored.
 */
export function applyResolutions(
  form: FormDefinition,
  merged: readonly Answer[],
  conflicts: readonly AnswerConflict[],
  choices: readonly ConflictChoice[],
): Answer[] {
  const units = answerUnits(form, merged);
  for (const choice of choices) {
    if (choice.chosen !== 'mine') continue;
    const conflict = conflicts.find((c) => c.questionId === choice.questionId && c.unit === choice.unit);
    if (!conflict) continue;
    const key = keyOf(conflict.questionId, conflict.unit);
    if (conflict.mine === null || conflict.mine === undefined) units.delete(key);
    else units.set(key, { questionId: conflict.questionId, unit: conflict.unit, value: conflict.mine });
  }
  return withComputedValues(form, answersOf(form, units.values()));
}
