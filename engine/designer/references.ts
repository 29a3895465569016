/**
 * What in a form definition refers to a question (issue 21 part 4: "deleting one first shows what depends on it";
 * copy and paste remap references among the pasted questions). The definition format refers to questions by id in
 * its conditions: a question's and a page's `visibleWhen` (form-configuration.md "questions and pages hidden by
 * condition"). The condition is read as a tree in which every `questionId` number names a question, so the
 * all/any/none groups of the condition language (issue 21 part 4) are read the same way as the one-question
 * condition of today. A keyword that refers to questions is added to {@link REFERENCE_KEYWORDS}.
 */
import type { Page, Question } from '../types/generated';
import type { Draft } from './model';

/** The keywords of questions and pages whose value refers to questions by `questionId`. */
export const REFERENCE_KEYWORDS = ['visibleWhen'] as const;

/** A keyword that refers to questions. */
export type ReferenceKeyword = (typeof REFERENCE_KEYWORDS)[number];

/** Something that refers to a question: a question's or a page's keyword. */
export type Dependent =
  | { kind: 'question'; questionId: number; pageId: number; keyword: ReferenceKeyword }
  | { kind: 'page'; pageId: number; keyword: ReferenceKeyword };

/** Every question id a keyword's value names (each `questionId` number anywhere in it), in order. */
export function referencedIds(value: unknown): number[] {
  const out: number[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === 'object')
      for (const [key, inner] of Object.entries(node)) {
        if (key === 'questionId' && typeof inner === 'number') out.push(inner);
        else visit(inner);
      }
  };
  visit(value);
  return out;
}

/**
 * The value with each `questionId` replaced by `map(questionId)`: undefined when `map` answers undefined for one
 * (the reference cannot be kept). Parts without a reference are shared, not copied.
 */
export function remapReferences<T>(value: T, map: (questionId: number) => number | undefined): T | undefined {
  let lost = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const items = node.map(visit);
      return items.every((item, i) => item === node[i]) ? node : items;
    }
    if (node && typeof node === 'object') {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(node)) {
        let next: unknown;
        if (key === 'questionId' && typeof inner === 'number') {
          const mapped = map(inner);
          if (mapped === undefined) lost = true;
          next = mapped ?? inner;
        } else next = visit(inner);
        if (next !== inner) changed = true;
        out[key] = next;
      }
      return changed ? out : node;
    }
    return node;
  };
  const result = visit(value) as T;
  return lost ? undefined : result;
}

/**
 * What refers to the question `questionId` (issue 21 part 4), in page order: the pages and the questions whose
 * condition names it. The question's own keywords are left out (a Dropdown's other text is its own).
 * @returns an empty list when nothing does (or no such question)
 */
export function dependentsOf(def: Pick<Draft, 'pages'>, questionId: number): Dependent[] {
  return dependentsOfAny(def, new Set([questionId]));
}

/**
 * What refers to any of the questions `questionIds` from outside them (for deleting a block or a page: the
 * references among the deleted ones go with them).
 */
export function dependentsOfAny(def: Pick<Draft, 'pages'>, questionIds: ReadonlySet<number>): Dependent[] {
  const out: Dependent[] = [];
  const names = (value: unknown) => referencedIds(value).some((id) => questionIds.has(id));
  for (const page of def.pages) {
    for (const keyword of REFERENCE_KEYWORDS)
      if (names((page as Page)[keyword])) out.push({ kind: 'page', pageId: page.id, keyword });
    for (const question of page.questions) {
      if (questionIds.has(question.id)) continue;
      for (const keyword of REFERENCE_KEYWORDS)
        if (names((question as Question)[keyword]))
          out.push({ kind: 'question', questionId: question.id, pageId: page.id, keyword });
    }
  }
  return out;
}
