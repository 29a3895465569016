/**
 * The form creator's question commands (issue 21 part 2): add a question of a field type, change its
 * properties, delete questions, move them within a page or to another ("Move to..."). Each is a pure function
 * of a draft returning an {@link Outcome} (engine/designer/model.ts); questions are named by id.
 */
import { fieldTypeOf, fieldTypes } from '../forms/field-types';
import { answerProperties, questionProperties } from '../forms/field-types/common';
import type { AnyFieldType } from '../forms/field-types/index';
import { message } from '../messages/catalogue';
import type { Question } from '../types/generated';
import {
  applied,
  clampIndex,
  type Draft,
  findQuestion,
  type IdFloor,
  nextQuestionId,
  type Outcome,
  pageIndexOf,
  questionLimitRefusal,
  refused,
  type Target,
  withPage,
} from './model';

/** How many options a new Dropdown, Checkboxes or Multi-select question starts with ('Option 1', ...). */
export const STARTER_OPTIONS = 3;

/**
 * What a new question of a field type holds besides its property schema's defaults, so it is a working question
 * of that type from the start (as SurveyJS Creator's 'item1, item2, item3'): options for the types whose editor
 * is the option list (and a Checkbox with options is Checkboxes, not a tick box), a column for a table, one cell
 * for a grid. An Image has no picture until one is chosen (the design check says so).
 */
function starterOf(type: AnyFieldType): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [keyword, schema] of Object.entries(type.properties)) {
    if (schema['x-editor'] === 'options' && type.name !== 'tick')
      out[keyword] = Array.from({ length: STARTER_OPTIONS }, (_, i) => ({
        id: i + 1,
        value: message('designer.option', { number: i + 1 }),
      }));
    else if (schema['x-editor'] === 'columns')
      out[keyword] = [{ id: 1, value: message('designer.column', { number: 1 }) }];
    else if (schema['x-editor'] === 'grid')
      out[keyword] = {
        totalColumns: 1,
        totalRows: 1,
        headers: [{ index: 0, label: message('designer.column', { number: 1 }) }],
        cells: [{ id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 1, type: 'Text' } }],
      };
  }
  return out;
}

/**
 * A new question of the field type `typeName` with the id `id`: its question `type` (and variant keyword, e.g.
 * Text's extendedType), the field type's name in the palette as its label, every default of its property schema
 * and of the keywords every (answered) question takes, and the starter content of its type.
 * @throws Error for a field type the index does not hold
 */
export function newQuestion(typeName: string, id: number): Question {
  const type = fieldTypes[typeName];
  if (!type) throw new Error(`No field type ${typeName}`);
  const question: Record<string, unknown> = { id, type: type.questionType, label: message(type.titleId) };
  const schemas = { ...questionProperties, ...(type.answerless ? {} : answerProperties), ...type.properties };
  for (const [keyword, schema] of Object.entries(schemas)) if ('default' in schema) question[keyword] = schema.default;
  if (type.variant) question[type.variant.keyword] = type.variant.value;
  return { ...question, ...starterOf(type) } as unknown as Question;
}

/**
 * Adds a new question of the field type `typeName` at `target` (a page by id, an index on it; absent: its end).
 * @returns the definition and the new question's id (`questionIds[0]`); refused beyond MAX_QUESTIONS (designer.tooManyQuestions) or for a page
 *   not in the form (designer.notFound)
 * @throws Error for a field type the index does not hold
 */
export function addQuestion(def: Draft, typeName: string, target: Target, floor: IdFloor = {}): Outcome {
  const pageIndex = pageIndexOf(def, target.pageId);
  if (pageIndex < 0) return refused('designer.notFound');
  const tooMany = questionLimitRefusal(def, 1);
  if (tooMany) return tooMany;
  const question = newQuestion(typeName, nextQuestionId(def, floor));
  return applied(insertQuestions(def, pageIndex, target.index, [question]), [question.id]);
}

/** The definition with `questions` inserted on the page at `pageIndex` at `index` (absent: the end). */
export function insertQuestions(
  def: Draft,
  pageIndex: number,
  index: number | undefined,
  questions: Question[],
): Draft {
  const page = def.pages[pageIndex];
  const at = clampIndex(index, page.questions.length);
  const list = page.questions.slice();
  list.splice(at, 0, ...questions);
  return withPage(def, pageIndex, { ...page, questions: list });
}

/**
 * A question's properties to change: a keyword with a value sets it, one with `undefined` removes it. `id` is not
 * among them (a question keeps its id: conditions refer to it).
 */
export type QuestionPatch = { [keyword: string]: unknown } & { id?: never };

/**
 * Changes properties of the question `questionId` (the property panel; a retype is a patch of `type` and the
 * variant keyword). Conditions and other references follow the question's id, so they are kept.
 * @returns refused (designer.notFound) for a question not in the form
 */
export function updateQuestion(def: Draft, questionId: number, patch: QuestionPatch): Outcome {
  const place = findQuestion(def, questionId);
  if (!place) return refused('designer.notFound');
  const next: Record<string, unknown> = { ...place.question };
  for (const [keyword, value] of Object.entries(patch)) {
    if (keyword === 'id') continue;
    if (value === undefined) delete next[keyword];
    else next[keyword] = value;
  }
  const page = def.pages[place.pageIndex];
  const questions = page.questions.slice();
  questions[place.index] = next as unknown as Question;
  return applied(withPage(def, place.pageIndex, { ...page, questions }));
}

/**
 * Deletes the questions `questionIds` (one or a block, on any pages). What referred to them stays as it is for
 * the design check to report: the creator shows `dependentsOfAny` first (engine/designer/references.ts).
 * @returns refused (designer.notFound) when none of them is in the form
 */
export function deleteQuestions(def: Draft, questionIds: readonly number[]): Outcome {
  const gone = new Set(questionIds);
  let removed = 0;
  const pages = def.pages.map((page) => {
    if (!page.questions.some((question) => gone.has(question.id))) return page;
    const questions = page.questions.filter((question) => !gone.has(question.id));
    removed += page.questions.length - questions.length;
    return { ...page, questions };
  });
  if (removed === 0) return refused('designer.notFound');
  return applied({ ...def, pages });
}

/**
 * Moves the questions `questionIds` (in the order they have in the form) to `target`: within their page (drag or
 * keyboard reorder) or to another page ("Move to..."). `target.index` is a position on the target page as it is
 * before the move (the drop position the canvas shows); absent: the end.
 * @returns refused (designer.notFound) for a question or page not in the form
 */
export function moveQuestions(def: Draft, questionIds: readonly number[], target: Target): Outcome {
  const targetIndex = pageIndexOf(def, target.pageId);
  if (targetIndex < 0) return refused('designer.notFound');
  const moving = new Set(questionIds);
  if (questionIds.some((id) => !findQuestion(def, id))) return refused('designer.notFound');
  const targetPage = def.pages[targetIndex];
  // The drop position counted without the moving questions that stand before it on the target page.
  const at = clampIndex(target.index, targetPage.questions.length);
  const before = targetPage.questions.slice(0, at).filter((question) => moving.has(question.id)).length;
  const taken: Question[] = [];
  const pages = def.pages.map((page) => {
    if (!page.questions.some((question) => moving.has(question.id))) return page;
    taken.push(...page.questions.filter((question) => moving.has(question.id)));
    return { ...page, questions: page.questions.filter((question) => !moving.has(question.id)) };
  });
  const without = { ...def, pages };
  return applied(
    insertQuestions(without, targetIndex, at - before, taken),
    taken.map((question) => question.id),
  );
}

/**
 * Changes the question `questionId` to the field type `typeName` (the property panel's type choice; issue 21 part
 * 4: retyping keeps every condition that refers to it). It keeps its id, place and every keyword the new type
 * takes too (label, help text, condition, required..., a Dropdown's options on a Multi-select); the new type's
 * defaults and starter content fill the rest, and keywords the new type does not take go.
 * @returns refused (designer.notFound) for a question not in the form
 * @throws Error for a field type the index does not hold
 */
export function changeQuestionType(def: Draft, questionId: number, typeName: string): Outcome {
  const place = findQuestion(def, questionId);
  if (!place) return refused('designer.notFound');
  const type = fieldTypes[typeName];
  if (!type) throw new Error(`No field type ${typeName}`);
  const fresh = newQuestion(typeName, questionId) as unknown as Record<string, unknown>;
  const old = place.question as unknown as Record<string, unknown>;
  const common = new Set([
    ...Object.keys(questionProperties),
    ...(type.answerless ? [] : Object.keys(answerProperties)),
  ]);
  const takes = new Set([...common, ...Object.keys(type.properties)]);
  const next: Record<string, unknown> = { ...fresh };
  for (const [keyword, value] of Object.entries(old))
    if (takes.has(keyword) && keyword !== 'id' && !(keyword === 'options' && (value as unknown[]).length === 0))
      next[keyword] = value;
  // The kind must be the one asked for (Checkboxes made a tick box would still read as Checkboxes with its
  // options): then only the keywords every question takes are kept.
  if (fieldTypeOf(next as unknown as Question).name !== typeName) {
    for (const keyword of Object.keys(next)) if (!(keyword in fresh) && !common.has(keyword)) delete next[keyword];
    for (const keyword of Object.keys(type.properties)) if (keyword in fresh) next[keyword] = fresh[keyword];
  }
  const page = def.pages[place.pageIndex];
  const questions = page.questions.slice();
  questions[place.index] = next as unknown as Question;
  return applied(withPage(def, place.pageIndex, { ...page, questions }));
}

/**
 * Moves the question `questionId` one place up or down (keyboard reordering, issue 21 part 2): past its neighbour
 * on its page; from the top of a page to the end of the page before, from the bottom to the start of the page
 * after; at the very start or end of the form it stays (the same definition, which the history does not record).
 * @returns refused (designer.notFound) for a question not in the form
 */
export function nudgeQuestion(def: Draft, questionId: number, direction: 'up' | 'down'): Outcome {
  const place = findQuestion(def, questionId);
  if (!place) return refused('designer.notFound');
  const page = def.pages[place.pageIndex];
  if (direction === 'up') {
    if (place.index > 0) return moveQuestions(def, [questionId], { pageId: page.id, index: place.index - 1 });
    const before = def.pages[place.pageIndex - 1];
    return before ? moveQuestions(def, [questionId], { pageId: before.id }) : applied(def);
  }
  if (place.index < page.questions.length - 1)
    return moveQuestions(def, [questionId], { pageId: page.id, index: place.index + 2 });
  const after = def.pages[place.pageIndex + 1];
  return after ? moveQuestions(def, [questionId], { pageId: after.id, index: 0 }) : applied(def);
}
