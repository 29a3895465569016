/**
 * The question-level difference between two versions of a form definition (issue 21 §8 "Publish and versions": "a
 * question-level difference between any two versions (added, removed, changed, moved)", and "Publish must warn
 * how many entries the change touches"). Questions are matched by their stable `id` (a renamed, retyped or moved
 * question keeps it), so a relabelled question is `changed`, not removed and added. Pure; used by the API's publish
 * impact (api/operations/named/forms.ts `publishImpact`) and by the form creator's version list.
 *
 * - added: in `to` only; removed: in `from` only (answers of entries filled with `from` are no longer asked);
 * - changed: in both, with any keyword different (`keywords`, sorted; `pageId` and the position are not
 *   keywords); `choiceValuesChanged` when an option of `from` is gone or its value differs (stored answers hold
 *   option values, so an entry's answer may no longer be one of the choices);
 * - moved: in both, on another page, or out of order on its page (the questions kept on a page in the longest run
 *   that keeps their order stay; the others moved), so one inserted or dragged question does not mark the rest.
 */

/** The shape read: pages of questions with ids (a FormDefinition or FormDefinitionInput fits). */
export interface VersionedForm {
  pages: readonly { id: number; questions: readonly { id: number; label?: string; type?: string }[] }[];
}

/** A question named in a difference: its id, label and type, and the page it is on (in `to`, or `from` when removed). */
export interface QuestionRef {
  id: number;
  label: string;
  type: string;
  pageId: number;
}

/** A question whose keywords differ between the versions. */
export interface ChangedQuestion extends QuestionRef {
  /** The keywords whose values differ, sorted (e.g. ['label', 'options']). */
  keywords: string[];
  /** An option of the older version is gone or has another value: stored answers may no longer be choices. */
  choiceValuesChanged: boolean;
}

/** A question on another page, or out of its order on its page. */
export interface MovedQuestion extends QuestionRef {
  fromPageId: number;
  /** Its 0-based position on its page, before and after. */
  fromIndex: number;
  toIndex: number;
}

/** The difference from version `from` to version `to`; each list in the order of `to` (removed: of `from`). */
export interface VersionDiff {
  added: QuestionRef[];
  removed: QuestionRef[];
  changed: ChangedQuestion[];
  moved: MovedQuestion[];
}

interface Placed {
  question: Record<string, unknown> & { id: number };
  pageId: number;
  index: number;
}

function placesOf(form: VersionedForm): Map<number, Placed> {
  const places = new Map<number, Placed>();
  for (const page of form.pages)
    for (const [index, question] of page.questions.entries())
      places.set(question.id, { question: question as Placed['question'], pageId: page.id, index });
  return places;
}

function refOf({ question, pageId }: Placed): QuestionRef {
  return {
    id: question.id,
    label: typeof question.label === 'string' ? question.label : '',
    type: typeof question.type === 'string' ? question.type : '',
    pageId,
  };
}

/** JSON equality with object keys in any order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ak = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bk = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ak.length === bk.length &&
    ak.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

type Option = { id: number; value: string };

function optionsOf(question: Record<string, unknown>): Option[] {
  return Array.isArray(question.options) ? (question.options as Option[]) : [];
}

/** True when an option of `before` is missing from `after` or has another value there. */
function choicesChanged(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const now = new Map(optionsOf(after).map((o) => [o.id, o.value]));
  return optionsOf(before).some((o) => now.get(o.id) !== o.value);
}

/** Indexes (into `values`) of one longest strictly increasing subsequence of `values`. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = []; // tails[k]: index of the smallest last value of a run of length k + 1
  const previous: number[] = new Array(values.length).fill(-1);
  values.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1];
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1] : -1; i !== -1; i = previous[i]) kept.add(i);
  return kept;
}

/** The question-level difference from `from` to `to` (see the module's comment). */
export function diffVersions(from: VersionedForm, to: VersionedForm): VersionDiff {
  const before = placesOf(from);
  const after = placesOf(to);
  const diff: VersionDiff = { added: [], removed: [], changed: [], moved: [] };
  for (const page of to.pages) {
    // The questions that stayed on this page, in their new order, by their old position: the longest increasing
    // run stayed in place.
    const stayed = page.questions.filter((q) => before.get(q.id)?.pageId === page.id);
    const inPlace = longestIncreasing(stayed.map((q) => before.get(q.id)?.index ?? 0));
    const kept = new Set(stayed.filter((_, i) => inPlace.has(i)).map((q) => q.id));
    for (const question of page.questions) {
      const now = after.get(question.id) as Placed;
      const was = before.get(question.id);
      if (!was) {
        diff.added.push(refOf(now));
        continue;
      }
      const keywords = [...new Set([...Object.keys(was.question), ...Object.keys(now.question)])]
        .filter((k) => !sameValue(was.question[k], now.question[k]))
        .sort();
      if (keywords.length > 0)
        diff.changed.push({
          ...refOf(now),
          keywords,
          choiceValuesChanged: choicesChanged(was.question, now.question),
        });
      if (was.pageId !== page.id || !kept.has(question.id))
        diff.moved.push({ ...refOf(now), fromPageId: was.pageId, fromIndex: was.index, toIndex: now.index });
    }
  }
  for (const page of from.pages)
    for (const question of page.questions)
      if (!after.has(question.id)) diff.removed.push(refOf(before.get(question.id) as Placed));
  return diff;
}
