/**
 * The shapes the form creator's editing model works on (issue 21 parts 2 and 5): a draft form definition
 * (schemas/entities/form-definition.schema.json) edited by pure commands that each return a new definition and
 * never change the one given (unchanged pages and questions are shared, so the undo history keeps cheap
 * snapshots: engine/designer/history.ts). Questions and pages are named by their stable ids, never by position.
 * A command that would break a rule returns a refusal with a catalogue message id instead.
 */
import { MAX_PAGES, MAX_QUESTIONS } from '../forms/limits';
import type { MessageId } from '../messages/catalogue';
import type { FormDefinition, Page, Question } from '../types/generated';

export { MAX_PAGES, MAX_QUESTIONS };

/** The definition the creator edits (a draft working copy; the same shape as a published version). */
export type Draft = FormDefinition;

/**
 * What the ids a command gives must stay above: the highest question and page id ever used by the form (its
 * published versions, the question ids its entries' answer keys `q_<id>` hold), so a new question never takes
 * the id, and so the saved answers, of a deleted one. Absent: only the draft's own ids are avoided.
 */
export interface IdFloor {
  /** New question ids are above this. */
  question?: number;
  /** New page ids are above this. */
  page?: number;
}

/** A command that was carried out: the new definition and the ids it created (to select them in the canvas). */
export interface Applied {
  ok: true;
  definition: Draft;
  /** Ids of the questions it added (add, duplicate, paste), in order; otherwise empty. */
  questionIds: number[];
  /** The id of the page it added (addPage). */
  pageId?: number;
}

/** A command refused: nothing changed; `messageId` (with `params`) says why, for the creator to show. */
export interface Refused {
  ok: false;
  messageId: MessageId;
  params?: Record<string, string | number>;
}

/** The outcome of a command. */
export type Outcome = Applied | Refused;

/** Where a question is: its page (by index and id) and its index on the page. */
export interface QuestionPlace {
  pageIndex: number;
  pageId: number;
  index: number;
  question: Question;
}

/** A place to put questions: a page by id and an index on it (absent or beyond the end: at its end). */
export interface Target {
  pageId: number;
  index?: number;
}

/** A carried-out outcome. */
export function applied(definition: Draft, questionIds: number[] = [], pageId?: number): Applied {
  return { ok: true, definition, questionIds, ...(pageId !== undefined && { pageId }) };
}

/** A refusal. */
export function refused(messageId: MessageId, params?: Record<string, string | number>): Refused {
  return { ok: false, messageId, ...(params && { params }) };
}

/** Where the question with `questionId` is, or undefined. */
export function findQuestion(def: Pick<Draft, 'pages'>, questionId: number): QuestionPlace | undefined {
  for (let pageIndex = 0; pageIndex < def.pages.length; pageIndex++) {
    const page = def.pages[pageIndex];
    const index = page.questions.findIndex((question) => question.id === questionId);
    if (index >= 0) return { pageIndex, pageId: page.id, index, question: page.questions[index] };
  }
  return undefined;
}

/** The index of the page with `pageId`, or -1. */
export function pageIndexOf(def: Pick<Draft, 'pages'>, pageId: number): number {
  return def.pages.findIndex((page) => page.id === pageId);
}

/** How many questions the definition holds, over all pages. */
export function questionCount(def: Pick<Draft, 'pages'>): number {
  let count = 0;
  for (const page of def.pages) count += page.questions.length;
  return count;
}

/** The id a new question gets (the first of `count`): above every question id of the draft and the floor. */
export function nextQuestionId(def: Pick<Draft, 'pages'>, floor: IdFloor = {}): number {
  let highest = floor.question ?? 0;
  for (const page of def.pages) highest = Math.max(highest, highestQuestionIdOf(page.questions));
  return highest + 1;
}

/**
 * The highest question id of a page's questions (0 for none), kept per questions array: an edit gives a new array
 * to the page it changes only (the others are shared), so each edit's history step, which asks for the highest
 * ids of the whole draft, counts the questions of one page, not of all (issue 21 "Speed": a key typed into a
 * label on a 500-question form). The length is kept too, so an array a builder still fills is counted again.
 */
function highestQuestionIdOf(questions: readonly Question[]): number {
  const kept = highestByQuestions.get(questions);
  if (kept !== undefined && kept.length === questions.length) return kept.highest;
  let highest = 0;
  for (const question of questions) highest = Math.max(highest, question.id);
  highestByQuestions.set(questions, { length: questions.length, highest });
  return highest;
}
const highestByQuestions = new WeakMap<readonly Question[], { length: number; highest: number }>();

/** The id a new page gets: above every page id of the draft and the floor. */
export function nextPageId(def: Pick<Draft, 'pages'>, floor: IdFloor = {}): number {
  let highest = floor.page ?? 0;
  for (const page of def.pages) highest = Math.max(highest, page.id);
  return highest + 1;
}

/** The highest question and page ids of a definition (to raise an {@link IdFloor} with). */
export function highestIds(def: Pick<Draft, 'pages'>): Required<IdFloor> {
  return { question: nextQuestionId(def) - 1, page: nextPageId(def) - 1 };
}

/**
 * The refusal of adding `adding` new questions beyond the limit the API holds too (MAX_QUESTIONS over the form;
 * engine/forms/limits.ts `sizeProblems`; a page has no limit of its own, so moving a question never is refused),
 * or undefined when they fit.
 */
export function questionLimitRefusal(def: Pick<Draft, 'pages'>, adding: number): Refused | undefined {
  if (questionCount(def) + adding > MAX_QUESTIONS) return refused('designer.tooManyQuestions', { max: MAX_QUESTIONS });
  return undefined;
}

/** The definition with the page at `pageIndex` replaced (the other pages shared). */
export function withPage(def: Draft, pageIndex: number, page: Page): Draft {
  const pages = def.pages.slice();
  pages[pageIndex] = page;
  return { ...def, pages };
}

/** `index` held within 0..length (absent: length, the end). */
export function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined || !Number.isFinite(index)) return length;
  return Math.max(0, Math.min(length, Math.trunc(index)));
}
