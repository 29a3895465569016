/**
 * The form creator's page and form-settings commands (issue 21 parts 2 and 3): add, rename, reorder and delete
 * pages (a deletion says first how many questions go), and change the form's settings (title, description,
 * category, the `ask*` header flags, Display entry Create Button, Allow CSV upload, projects). Pure functions of
 * a draft returning an {@link Outcome} (engine/designer/model.ts); pages are named by id.
 */
import type { FormDefinition, Page } from '../types/generated';
import {
  applied,
  clampIndex,
  type Draft,
  type IdFloor,
  MAX_PAGES,
  nextPageId,
  type Outcome,
  pageIndexOf,
  refused,
  withPage,
} from './model';
import { type Dependent, dependentsOfAny } from './references';

/**
 * Adds an empty page at `index` (absent: after the last), labelled `label` ('' shows as 'Page N').
 * @returns the definition and the new page's id (`pageId`); refused beyond MAX_PAGES (designer.tooManyPages)
 */
export function addPage(def: Draft, options: { index?: number; label?: string } = {}, floor: IdFloor = {}): Outcome {
  if (def.pages.length + 1 > MAX_PAGES) return refused('designer.tooManyPages', { max: MAX_PAGES });
  const id = nextPageId(def, floor);
  const pages = def.pages.slice();
  pages.splice(clampIndex(options.index, pages.length), 0, { id, label: options.label ?? '', questions: [] });
  return applied({ ...def, pages }, [], id);
}

/**
 * Renames the page `pageId` ('' shows as 'Page N').
 * @returns refused (designer.notFound) for a page not in the form
 */
export function renamePage(def: Draft, pageId: number, label: string): Outcome {
  const index = pageIndexOf(def, pageId);
  if (index < 0) return refused('designer.notFound');
  return applied(withPage(def, index, { ...def.pages[index], label }));
}

/**
 * Moves the page `pageId` to `index` of the page list as it is after the page is taken out (0: first).
 * @returns refused (designer.notFound) for a page not in the form
 */
export function movePage(def: Draft, pageId: number, index: number): Outcome {
  const from = pageIndexOf(def, pageId);
  if (from < 0) return refused('designer.notFound');
  const pages = def.pages.slice();
  const [page] = pages.splice(from, 1);
  pages.splice(clampIndex(index, pages.length), 0, page);
  return applied({ ...def, pages });
}

/** What deleting a page takes with it, for the creator's confirmation (issue 21 part 2). */
export interface PageDeletion {
  /** How many questions go with the page. */
  questionCount: number;
  /** What on the other pages refers to its questions (left referring to nothing). */
  dependents: Dependent[];
}

/**
 * What deleting the page `pageId` takes with it, or undefined for a page not in the form.
 */
export function pageDeletion(def: Pick<Draft, 'pages'>, pageId: number): PageDeletion | undefined {
  const page = def.pages.find((candidate) => candidate.id === pageId);
  if (!page) return undefined;
  const ids = new Set(page.questions.map((question) => question.id));
  return {
    questionCount: page.questions.length,
    dependents: dependentsOfAny(def, ids).filter((dependent) => dependent.pageId !== pageId),
  };
}

/**
 * Deletes the page `pageId` with its questions (undo brings both back: engine/designer/history.ts).
 * @returns refused for the only page (designer.lastPage: a form has a page) or a page not in the form
 *   (designer.notFound)
 */
export function deletePage(def: Draft, pageId: number): Outcome {
  const index = pageIndexOf(def, pageId);
  if (index < 0) return refused('designer.notFound');
  if (def.pages.length === 1) return refused('designer.lastPage');
  return applied({ ...def, pages: def.pages.filter((page) => page.id !== pageId) });
}

/** The form settings the creator changes (form-configuration.md §2; the definition's own keywords). */
export const SETTINGS_KEYWORDS = [
  'title',
  'description',
  'category',
  'isActive',
  'isDefault',
  'projectIds',
  'askStructureReference',
  'askLevel',
  'askElevation',
  'askCores',
  'askElement',
  'askPackage',
  'askClient',
  'askProjectName',
  'askProjectAddress',
  'displayEntryCreateButton',
  'allowEntryEdit',
  'allowCsvUpload',
] as const satisfies readonly (keyof FormDefinition)[];

/** A form settings keyword. */
export type SettingsKeyword = (typeof SETTINGS_KEYWORDS)[number];

/** Settings to change: a value sets the keyword, `undefined` removes it (title cannot be removed). */
export type SettingsPatch = { [K in SettingsKeyword]?: FormDefinition[K] | undefined };

/**
 * Changes the form's settings. Keywords that are not settings (id, pages, status, version, ...) are ignored: the
 * creator cannot change them.
 */
export function updateSettings(def: Draft, patch: SettingsPatch): Outcome {
  const next: Record<string, unknown> = { ...def };
  for (const keyword of SETTINGS_KEYWORDS) {
    if (!(keyword in patch)) continue;
    const value = patch[keyword];
    if (value === undefined) {
      if (keyword !== 'title') delete next[keyword];
    } else next[keyword] = value;
  }
  return applied(next as unknown as Draft);
}

/**
 * Sets or removes the condition of the page `pageId` (the property panel's condition builder for a page; issue 21
 * part 4 "a condition builder for questions and pages"): the page shows only while `visibleWhen` holds; undefined
 * removes it (the page always shows).
 * @returns refused (designer.notFound) for a page not in the form
 */
export function updatePageCondition(def: Draft, pageId: number, visibleWhen: Page['visibleWhen'] | undefined): Outcome {
  const index = pageIndexOf(def, pageId);
  if (index < 0) return refused('designer.notFound');
  const { visibleWhen: _old, ...page } = def.pages[index];
  return applied(withPage(def, index, visibleWhen === undefined ? page : { ...page, visibleWhen }));
}
