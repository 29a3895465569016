/**
 * Linked blocks (issue 22 §4 "a block inserted from the question library that is later changed in the library
 * offers 'update in N forms' with the same plan and preview"; docs/import-and-migration.md "Linked blocks").
 * Pure: the form creator links the copies it inserts ({@link linkedClipboard}), and the API
 * (api/operations/named/question-library.ts) finds the forms holding an older version ({@link linkedVersionOf})
 * and updates their working copies ({@link applyLibraryItem}), then plans the entries' migration with
 * engine/forms/migration.ts as a publish would.
 *
 * A copy carries `libraryLink: { itemId, questionId, version }`: the library item, the id its question has in the
 * item (the copies take new ids in the form; the link maps them back), and the item's version it holds.
 */
import type { LibraryLink, Page, Question, QuestionLibraryItem } from '../types/generated';
import { CLIPBOARD_FORMAT, CLIPBOARD_VERSION, type QuestionClipboard } from './clipboard';
import { REFERENCE_KEYWORDS, referencedIds, remapReferences } from './references';

/** What of a library item the link reads. */
export type LinkedItem = Pick<QuestionLibraryItem, 'id' | 'questions' | 'source' | 'version'>;

/** The item's version (an item saved before versions is version 1). */
export const itemVersion = (item: Pick<QuestionLibraryItem, 'version'>): number => item.version ?? 1;

/**
 * The item as a clipboard payload for engine/designer pasteQuestions, each question linked to the item (its id
 * there, the item's version): the copies the paste makes keep the link under their new ids.
 */
export function linkedClipboard(item: LinkedItem): QuestionClipboard {
  const version = itemVersion(item);
  return {
    format: CLIPBOARD_FORMAT,
    version: CLIPBOARD_VERSION,
    sourceFormId: item.source.formId,
    questions: item.questions.map((question) => ({
      ...question,
      libraryLink: { itemId: item.id, questionId: question.id, version },
    })),
  };
}

/** A form's question linked to the item `itemId`, with where it is in form order. */
interface LinkedPlace {
  question: Question;
  link: LibraryLink;
  order: number;
}

function linkedPlaces(def: { pages: readonly Page[] }, itemId: number): LinkedPlace[] {
  const out: LinkedPlace[] = [];
  let order = 0;
  for (const page of def.pages)
    for (const question of page.questions) {
      const link = question.libraryLink;
      if (link?.itemId === itemId) out.push({ question, link, order });
      order += 1;
    }
  return out;
}

/**
 * How far behind the item the form's copies are: the oldest version a question of `def` linked to the item holds
 * when it is older than the item's, with how many questions hold an older one; undefined when none does.
 */
export function linkedVersionOf(
  def: { pages: readonly Page[] },
  item: Pick<QuestionLibraryItem, 'id' | 'version'>,
): { linkedVersion: number; questions: number } | undefined {
  const current = itemVersion(item);
  const stale = linkedPlaces(def, item.id).filter((place) => place.link.version < current);
  if (stale.length === 0) return undefined;
  return { linkedVersion: Math.min(...stale.map((place) => place.link.version)), questions: stale.length };
}

/** What {@link applyLibraryItem} did, by the form's question ids. */
export interface LibraryApplication<D> {
  definition: D;
  /** Questions whose content is now the item's. */
  updated: number[];
  /** Questions the item no longer holds: kept as they were, their link removed. */
  unlinked: number[];
  /** Updated questions whose item condition names an item question the form does not hold: condition removed. */
  conditionDropped: number[];
}

/**
 * The definition with every question linked to `item` at an older version replaced by the item's question: the
 * form's question id and its place on its page are kept, the content (type, label, options, …) is the item's,
 * its condition names the form's copies of the item's questions (the nearest one before it in form order when the
 * form holds the block twice, else the first), and its link holds the item's version. When the item's question
 * has no condition, a condition the form gave its copy on a question outside the block is kept. A linked question
 * the item no longer holds stays as it is, unlinked. Questions linked at the item's version, and everything else,
 * are left as they are; nothing changes when no copy is older (a second application is a no-op).
 * @returns the new definition (the same object when nothing changed) and the question ids by outcome
 */
export function applyLibraryItem<D extends { pages: Page[] }>(def: D, item: LinkedItem): LibraryApplication<D> {
  const version = itemVersion(item);
  const places = linkedPlaces(def, item.id);
  const stale = new Map(
    places.filter((place) => place.link.version < version).map((place) => [place.question.id, place]),
  );
  const result: LibraryApplication<D> = { definition: def, updated: [], unlinked: [], conditionDropped: [] };
  if (stale.size === 0) return result;
  const itemQuestions = new Map(item.questions.map((question) => [question.id, question]));
  const blockIds = new Set(places.map((place) => place.question.id));

  /** The form's copy of the item's question `itemQuestionId` nearest before `order` (else the first one). */
  const copyOf = (itemQuestionId: number, order: number): number | undefined => {
    const copies = places.filter((place) => place.link.questionId === itemQuestionId);
    const before = copies.filter((place) => place.order < order);
    return (before.length > 0 ? before[before.length - 1] : copies[0])?.question.id;
  };

  const updatedQuestion = (place: LinkedPlace): Question => {
    const source = itemQuestions.get(place.link.questionId);
    if (!source) {
      const { libraryLink: _gone, ...kept } = place.question;
      result.unlinked.push(place.question.id);
      return kept as Question;
    }
    const id = place.question.id;
    const next: Record<string, unknown> = {
      ...source,
      id,
      libraryLink: { itemId: item.id, questionId: source.id, version },
    };
    const own = place.question as unknown as Record<string, unknown>;
    for (const keyword of REFERENCE_KEYWORDS) {
      const fromItem = next[keyword];
      if (fromItem !== undefined) {
        const mapped = remapReferences(fromItem, (refersTo) =>
          itemQuestions.has(refersTo) ? copyOf(refersTo, place.order) : undefined,
        );
        if (mapped === undefined) {
          delete next[keyword];
          result.conditionDropped.push(id);
        } else next[keyword] = mapped;
      } else if (own[keyword] !== undefined && !referencedIds(own[keyword]).some((ref) => blockIds.has(ref)))
        next[keyword] = own[keyword];
    }
    // A grid's table names the question it belongs to.
    const grid = next.grid as { questionId?: number } | undefined;
    if (grid?.questionId !== undefined) next.grid = { ...grid, questionId: id };
    result.updated.push(id);
    return next as unknown as Question;
  };

  const pages = def.pages.map((page) =>
    page.questions.some((question) => stale.has(question.id))
      ? {
          ...page,
          questions: page.questions.map((question) => {
            const place = stale.get(question.id);
            return place ? updatedQuestion(place) : question;
          }),
        }
      : page,
  );
  result.definition = { ...def, pages };
  return result;
}

/**
 * The selected questions as the item `itemId` is to hold them when saved over it ("Save the selection as this
 * item"): a question that is a copy of one of the item's keeps the item's question id (so the other forms' copies
 * stay linked to it), any other keeps its own id unless the item has or had it (then one above all of them: the
 * forms' copies of a question the item drops must not be taken for the new one); conditions among
 * them are remapped to those ids (others kept as they are), and no question keeps a link.
 * @returns the questions and, by the form's question id, the id each has in the item
 */
export function asItemQuestions(
  questions: readonly Question[],
  item: Pick<QuestionLibraryItem, 'id' | 'questions'>,
): { questions: Question[]; ids: Map<number, number> } {
  const itemId = item.id;
  const ids = new Map<number, number>();
  const used = new Set<number>();
  // The item's present ids are not given to a new question: the forms' copies still name them.
  const reserved = new Set(item.questions.map((question) => question.id));
  for (const question of questions) {
    const link = question.libraryLink;
    if (link?.itemId === itemId && !used.has(link.questionId)) {
      ids.set(question.id, link.questionId);
      used.add(link.questionId);
    }
  }
  let next = Math.max(0, ...reserved, ...used, ...questions.map((question) => question.id)) + 1;
  for (const question of questions) {
    if (ids.has(question.id)) continue;
    const id = used.has(question.id) || reserved.has(question.id) ? next++ : question.id;
    ids.set(question.id, id);
    used.add(id);
  }
  const out = unlinkedQuestions(questions).map((question) => {
    const copy: Record<string, unknown> = { ...question, id: ids.get(question.id) };
    for (const keyword of REFERENCE_KEYWORDS)
      if (copy[keyword] !== undefined)
        copy[keyword] = remapReferences(copy[keyword], (refersTo) => ids.get(refersTo) ?? refersTo);
    const grid = copy.grid as { questionId?: number } | undefined;
    if (grid?.questionId !== undefined) copy.grid = { ...grid, questionId: copy.id };
    return copy as unknown as Question;
  });
  return { questions: out, ids };
}

/**
 * The definition with the questions named in `ids` (form question id -> the item's question id) linked to the item
 * `itemId` at `version` (after "Save the selection as this item": the item now holds these very questions, so the
 * form holds its newest version). Other questions are left as they are.
 */
export function linkQuestions<D extends { pages: Page[] }>(
  def: D,
  itemId: number,
  ids: ReadonlyMap<number, number>,
  version: number,
): D {
  return {
    ...def,
    pages: def.pages.map((page) =>
      page.questions.some((question) => ids.has(question.id))
        ? {
            ...page,
            questions: page.questions.map((question) => {
              const questionId = ids.get(question.id);
              return questionId === undefined
                ? question
                : { ...question, libraryLink: { itemId, questionId, version } };
            }),
          }
        : page,
    ),
  };
}

/** The questions as a library item keeps them: without a link of their own (an item is not a copy of another). */
export function unlinkedQuestions(questions: readonly Question[]): Question[] {
  return questions.map((question) => {
    if (!question.libraryLink) return question;
    const { libraryLink: _link, ...rest } = question;
    return rest as Question;
  });
}
