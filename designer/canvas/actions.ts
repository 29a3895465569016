/**
 * The canvas's question actions (issue 21 part 2 "Duplicate, delete (with undo), copy and paste questions, also
 * between forms", "move a question to another page by a 'Move to...' menu"), each one undoable edit of
 * engine/designer through the store, shared by the row buttons, the More menu and the keyboard (Canvas.tsx).
 *
 * Copy and paste go through the browser's clipboard as text (the JSON of engine/designer copyQuestions), so a
 * paste works in another form and in another browser tab; where the browser refuses the clipboard (no permission,
 * no secure context, jsdom) the copy is kept in this module as well, so a paste in this tab still works.
 */

import type { Draft } from '../../engine/designer';
import {
  copyQuestions,
  type Dependent,
  deleteQuestions,
  dependentsOfAny,
  duplicateQuestions,
  findQuestion,
  moveQuestions,
  nudgeQuestion,
  pasteQuestions,
  readClipboard,
  type Target,
} from '../../engine/designer';
import { message } from '../../engine/messages/catalogue';
import type { DesignerStore } from '../store';

/** The label of a page: its own, or 'Page N' (N from 1), as the form shows it. */
export function pageLabelOf(draft: Pick<Draft, 'pages'>, pageId: number): string {
  const index = draft.pages.findIndex((page) => page.id === pageId);
  const page = draft.pages[index];
  return page?.label ? page.label : message('form.page', { n: index + 1 });
}

/** One line naming what depends on a deleted question: the question's or the page's condition. */
export function dependentText(draft: Pick<Draft, 'pages'>, dependent: Dependent): string {
  const page = pageLabelOf(draft, dependent.pageId);
  if (dependent.kind === 'page') return message('designerCanvas.dependentPage', { page });
  const label = findQuestion(draft, dependent.questionId)?.question.label ?? '';
  return message('designerCanvas.dependentQuestion', { label, page });
}

/** What outside `ids` depends on them (empty: the delete needs no confirmation). */
export function dependentsOfDeletion(draft: Pick<Draft, 'pages'>, ids: readonly number[]): Dependent[] {
  return dependentsOfAny(draft, new Set(ids));
}

/** Deletes the questions (one undoable edit) with a notice offering Undo. */
export function deleteNow(store: DesignerStore, ids: readonly number[]): void {
  if (ids.length === 0) return;
  store.edit('deleteQuestions', (draft) => deleteQuestions(draft, ids), {
    notice: { messageId: 'designerCanvas.deleted', params: { count: ids.length }, undoable: true },
  });
}

/** Duplicates the questions right after the last of them; the copies become the selection. */
export function duplicate(store: DesignerStore, ids: readonly number[]): void {
  if (ids.length === 0) return;
  store.edit('duplicateQuestions', (draft, floor) => duplicateQuestions(draft, ids, floor));
}

/** Moves one question a place up or down (across a page boundary at a page's end). */
export function nudge(store: DesignerStore, id: number, direction: 'up' | 'down'): void {
  store.edit('moveQuestions', (draft) => nudgeQuestion(draft, id, direction));
}

/** Moves the questions to the end of the page `pageId` ("Move to..."). */
export function moveToPage(store: DesignerStore, ids: readonly number[], pageId: number): void {
  if (ids.length === 0) return;
  store.edit('moveQuestions', (draft) => moveQuestions(draft, ids, { pageId }));
}

/** What was copied last in this tab (the clipboard's text), for a browser that refuses the clipboard. */
let lastCopied: string | undefined;

/** The browser's clipboard, where there is one. */
function systemClipboard(): Clipboard | undefined {
  return typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
}

/**
 * Copies the questions as text JSON to the clipboard (and this tab's copy) and says so.
 * @returns when the clipboard has it (a refused clipboard is not an error: this tab's copy serves)
 */
export async function copy(store: DesignerStore, ids: readonly number[]): Promise<void> {
  const payload = copyQuestions(store.draft, ids);
  if (payload.questions.length === 0) return;
  const text = JSON.stringify(payload);
  lastCopied = text;
  try {
    await systemClipboard()?.writeText(text);
  } catch {
    // Kept in this tab (lastCopied); another tab cannot have it.
  }
  store.tell({ messageId: 'designerCanvas.copied', params: { count: payload.questions.length }, severity: 'info' });
}

/** The clipboard's text: the browser's, or this tab's copy where the browser has none or refuses. */
async function clipboardText(): Promise<string | undefined> {
  try {
    const text = await systemClipboard()?.readText();
    if (text !== undefined && readClipboard(text)) return text;
  } catch {
    // Refused: this tab's copy.
  }
  return lastCopied;
}

/**
 * Pastes the clipboard's questions at `target` (copies with new ids, conditions among them following them;
 * engine/designer pasteQuestions). A clipboard holding no questions gives the catalogue's refusal; copies that
 * lost a condition naming a question not in this form are counted in a notice.
 */
export async function paste(store: DesignerStore, target: Target, text?: string): Promise<void> {
  const payload = readClipboard(text ?? (await clipboardText()) ?? '');
  if (!payload) {
    store.tell({ messageId: 'designer.clipboardInvalid', severity: 'error' });
    return;
  }
  const outcome = store.edit('pasteQuestions', (draft, floor) => pasteQuestions(draft, payload, target, floor));
  if (outcome.ok && 'unlinked' in outcome && outcome.unlinked.length > 0)
    store.tell({ messageId: 'designerCanvas.unlinked', params: { count: outcome.unlinked.length }, severity: 'info' });
}

/** Where a paste after the question `id` goes (its page, the place after it); the shown page's end without one. */
export function pasteTargetAfter(store: DesignerStore, id: number | undefined): Target {
  const place = id === undefined ? undefined : findQuestion(store.draft, id);
  if (place) return { pageId: place.pageId, index: place.index + 1 };
  return { pageId: store.getState().pageId };
}

/** Forgets this tab's copy (tests). */
export function forgetCopy(): void {
  lastCopied = undefined;
}
