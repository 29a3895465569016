/**
 * Copy, paste and duplicate of a question or a block of questions (issue 21 part 2 "Duplicate, delete (with
 * undo), copy and paste questions, also between forms"; part 10's question library inserts the same payload).
 * The clipboard is JSON the browser's clipboard carries as text: a format marker and a version, the form it came
 * from, and the questions as the definition holds them. Pasting gives every question a new id unique in the target
 * form, and the conditions among the pasted questions are remapped to the copies; a condition on a question
 * outside the block is kept when pasted into the form it came from (the question still there) and removed
 * otherwise (it would name another form's question), and the outcome lists the copies that lost one.
 */
import { allFieldTypes } from '../forms/field-types';
import { answerProperties, questionProperties } from '../forms/field-types/common';
import type { Question } from '../types/generated';
import {
  type Applied,
  applied,
  type Draft,
  findQuestion,
  type IdFloor,
  nextQuestionId,
  pageIndexOf,
  questionLimitRefusal,
  type Refused,
  refused,
  type Target,
} from './model';
import { insertQuestions } from './questions';
import { REFERENCE_KEYWORDS, remapReferences } from './references';

/** The clipboard's format marker. */
export const CLIPBOARD_FORMAT = 'site-forms/questions';

/** The clipboard's version: a payload of another version is refused (designer.clipboardInvalid). */
export const CLIPBOARD_VERSION = 1;

/** Questions on the clipboard (serialise with JSON.stringify, read back with {@link readClipboard}). */
export interface QuestionClipboard {
  format: typeof CLIPBOARD_FORMAT;
  version: typeof CLIPBOARD_VERSION;
  /** The definition id of the form they were copied from. */
  sourceFormId: number;
  /** The questions in form order, as the definition holds them. */
  questions: Question[];
}

/** A paste carried out: also the ids of the copies whose condition named a question it could not keep. */
export type PasteOutcome = (Applied & { unlinked: number[] }) | Refused;

/**
 * The clipboard payload of the questions `questionIds` of `def`, in form order (ids not in the form left out).
 */
export function copyQuestions(def: Draft, questionIds: readonly number[]): QuestionClipboard {
  const wanted = new Set(questionIds);
  const questions = def.pages.flatMap((page) => page.questions.filter((question) => wanted.has(question.id)));
  return { format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, sourceFormId: def.id, questions };
}

/**
 * The keywords a question of the question type `questionType` may hold (those of any of its field types, their
 * variant keyword, and those every question takes), or undefined for a type no field type serves.
 */
function keywordsOf(questionType: string): Set<string> | undefined {
  const types = allFieldTypes().filter((type) => type.questionType === questionType);
  if (types.length === 0) return undefined;
  const out = new Set(['type', ...Object.keys(questionProperties)]);
  for (const type of types) {
    if (!type.answerless) for (const keyword of Object.keys(answerProperties)) out.add(keyword);
    for (const keyword of Object.keys(type.properties)) out.add(keyword);
    if (type.variant) out.add(type.variant.keyword);
  }
  return out;
}

/**
 * Reads a clipboard payload from the clipboard's text (or parsed JSON): undefined unless it is one of this format
 * and version with at least one question, each an object with an integer id, a label and a question type of the
 * field-type table, holding only keywords its type takes (a payload of a later version with a type or keyword
 * this one does not know is refused: designer.clipboardInvalid). The values are checked where every definition's
 * are, on save and by the design check.
 */
export function readClipboard(input: unknown): QuestionClipboard | undefined {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return undefined;
    }
  }
  if (!value || typeof value !== 'object') return undefined;
  const payload = value as Partial<QuestionClipboard>;
  if (payload.format !== CLIPBOARD_FORMAT || payload.version !== CLIPBOARD_VERSION) return undefined;
  if (!Array.isArray(payload.questions) || payload.questions.length === 0) return undefined;
  const sound = payload.questions.every((question: unknown) => {
    const q = question as Partial<Question> | null;
    if (!q || typeof q !== 'object' || !Number.isInteger(q.id) || typeof q.label !== 'string') return false;
    const takes = typeof q.type === 'string' ? keywordsOf(q.type) : undefined;
    return !!takes && Object.keys(q).every((keyword) => takes.has(keyword));
  });
  if (!sound) return undefined;
  return {
    format: CLIPBOARD_FORMAT,
    version: CLIPBOARD_VERSION,
    sourceFormId: typeof payload.sourceFormId === 'number' ? payload.sourceFormId : 0,
    questions: payload.questions,
  };
}

/** Copies of `questions` with new ids from `firstId` on and references remapped (see the module comment). */
function remapped(
  def: Draft,
  questions: readonly Question[],
  firstId: number,
  sameForm: boolean,
): { copies: Question[]; unlinked: number[] } {
  const ids = new Map(questions.map((question, i) => [question.id, firstId + i]));
  const keepOutside = (id: number) => (sameForm && findQuestion(def, id) ? id : undefined);
  const unlinked: number[] = [];
  const copies = questions.map((question) => {
    const id = ids.get(question.id) as number;
    const copy: Record<string, unknown> = { ...question, id };
    for (const keyword of REFERENCE_KEYWORDS) {
      if (copy[keyword] === undefined) continue;
      const value = remapReferences(copy[keyword], (refersTo) => ids.get(refersTo) ?? keepOutside(refersTo));
      if (value === undefined) {
        delete copy[keyword];
        unlinked.push(id);
      } else copy[keyword] = value;
    }
    // A grid's table names the question it belongs to.
    const grid = copy.grid as { questionId?: number } | undefined;
    if (grid?.questionId !== undefined) copy.grid = { ...grid, questionId: id };
    return copy as unknown as Question;
  });
  return { copies, unlinked };
}

/**
 * Pastes the clipboard's questions at `target` (a page of `def` by id and an index; absent: its end), as copies
 * with new ids (above the draft's and `floor`'s), conditions among them remapped.
 * @returns the definition, the copies' ids (`questionIds`) and those that lost a condition (`unlinked`); refused
 *   for a page not in the form (designer.notFound) or beyond MAX_QUESTIONS (designer.tooManyQuestions)
 */
export function pasteQuestions(
  def: Draft,
  clipboard: QuestionClipboard,
  target: Target,
  floor: IdFloor = {},
): PasteOutcome {
  const pageIndex = pageIndexOf(def, target.pageId);
  if (pageIndex < 0) return refused('designer.notFound');
  const tooMany = questionLimitRefusal(def, clipboard.questions.length);
  if (tooMany) return tooMany;
  const sameForm = clipboard.sourceFormId === def.id;
  const { copies, unlinked } = remapped(def, clipboard.questions, nextQuestionId(def, floor), sameForm);
  const definition = insertQuestions(def, pageIndex, target.index, copies);
  return {
    ...applied(
      definition,
      copies.map((copy) => copy.id),
    ),
    unlinked,
  };
}

/**
 * Duplicates the questions `questionIds` (one or a block): the copies go right after the last of them, on its
 * page, with new ids; conditions among them follow the copies, others stay as they are.
 * @returns refused for no question of the form (designer.notFound) or beyond the limits
 */
export function duplicateQuestions(def: Draft, questionIds: readonly number[], floor: IdFloor = {}): PasteOutcome {
  const clipboard = copyQuestions(def, questionIds);
  if (clipboard.questions.length === 0) return refused('designer.notFound');
  const last = findQuestion(def, clipboard.questions[clipboard.questions.length - 1].id);
  if (!last) return refused('designer.notFound');
  return pasteQuestions(def, clipboard, { pageId: last.pageId, index: last.index + 1 }, floor);
}
