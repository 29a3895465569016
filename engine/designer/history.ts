/**
 * Undo and redo of every edit of a draft (issue 21 part 5: "across pages, bulk and logic edits, kept while the
 * draft is open"). The history holds whole definitions (snapshots): the commands share every page and question
 * they do not change, so a step costs the pages it touched, and undo restores the definition as it was, whatever
 * page the edit was on - a deleted page comes back with its questions, a question deleted from another page comes
 * back where it was (SurveyJS Creator #4721, #5774). docs/decisions.md "The form creator's undo history" says why
 * snapshots rather than immer's patches. Bounded to {@link HISTORY_LIMIT} steps; a new edit clears the redo steps.
 * Every function is pure: it returns a new history.
 */
import { type Draft, highestIds, type IdFloor, type Outcome } from './model';

/** Most undo steps kept: the oldest goes when a new edit is recorded beyond it. */
export const HISTORY_LIMIT = 200;

/** What an edit did, for the creator's Undo and Redo labels ('Undo delete page'). */
export type EditKind =
  | 'addQuestion'
  | 'updateQuestion'
  | 'changeQuestionType'
  | 'deleteQuestions'
  | 'moveQuestions'
  | 'duplicateQuestions'
  | 'pasteQuestions'
  | 'addPage'
  | 'renamePage'
  | 'movePage'
  | 'deletePage'
  | 'updateSettings'
  | 'updatePageCondition';

/** One step: a definition and the edit between it and the present. */
export interface HistoryStep {
  definition: Draft;
  kind: EditKind;
  /** Edits recorded with the same merge key one after another are one step (typing in a property). */
  mergeKey?: string;
}

/** The draft with its undo and redo steps. */
export interface History {
  /** The definitions before each edit, oldest first. */
  readonly past: readonly HistoryStep[];
  /** The draft as it is. */
  readonly present: Draft;
  /** The definitions undone, next to redo first. */
  readonly future: readonly HistoryStep[];
  /**
   * The highest ids any definition of the history has held (and the floor it started with): the commands give
   * new ids above it, so an undone question's id is not given to another question (its redo would clash).
   */
  readonly floor: Required<IdFloor>;
  /** Most undo steps kept. */
  readonly limit: number;
}

/** Options of a new history. */
export interface HistoryOptions {
  /** The ids of the form's published versions and entries (engine/designer/model.ts IdFloor). */
  floor?: IdFloor;
  /** Most undo steps (default HISTORY_LIMIT). */
  limit?: number;
}

function raised(floor: Required<IdFloor>, def: Draft): Required<IdFloor> {
  const highest = highestIds(def);
  if (highest.question <= floor.question && highest.page <= floor.page) return floor;
  return { question: Math.max(floor.question, highest.question), page: Math.max(floor.page, highest.page) };
}

/** A history of the draft `present` with nothing to undo or redo. */
export function createHistory(present: Draft, options: HistoryOptions = {}): History {
  const floor = raised({ question: options.floor?.question ?? 0, page: options.floor?.page ?? 0 }, present);
  return { past: [], present, future: [], floor, limit: options.limit ?? HISTORY_LIMIT };
}

/**
 * Records an edit's outcome as the present: a refused outcome, or one that changed nothing, leaves the history
 * as it is. A new edit clears the redo steps. With `mergeKey` equal to the last step's (and nothing undone since),
 * the edit joins that step (one undo takes back a whole typed text).
 */
export function record(history: History, outcome: Outcome, kind: EditKind, mergeKey?: string): History {
  if (!outcome.ok || outcome.definition === history.present) return history;
  const floor = raised(history.floor, outcome.definition);
  const last = history.past[history.past.length - 1];
  if (mergeKey !== undefined && last?.mergeKey === mergeKey && history.future.length === 0)
    return { ...history, present: outcome.definition, floor };
  const past = [...history.past, { definition: history.present, kind, ...(mergeKey !== undefined && { mergeKey }) }];
  if (past.length > history.limit) past.splice(0, past.length - history.limit);
  return { ...history, past, present: outcome.definition, future: [], floor };
}

/**
 * Runs a command on the present draft with the history's id floor and records its outcome.
 * @example perform(history, 'addQuestion', (draft, floor) => addQuestion(draft, 'text', { pageId: 1 }, floor))
 */
export function perform<O extends Outcome>(
  history: History,
  kind: EditKind,
  command: (draft: Draft, floor: IdFloor) => O,
  mergeKey?: string,
): { history: History; outcome: O } {
  const outcome = command(history.present, history.floor);
  return { history: record(history, outcome, kind, mergeKey), outcome };
}

/** True when there is an edit to undo. */
export function canUndo(history: History): boolean {
  return history.past.length > 0;
}

/** True when there is an undone edit to redo. */
export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

/** The kind of edit Undo would take back, or undefined. */
export function undoKind(history: History): EditKind | undefined {
  return history.past[history.past.length - 1]?.kind;
}

/** The kind of edit Redo would make again, or undefined. */
export function redoKind(history: History): EditKind | undefined {
  return history.future[0]?.kind;
}

/** Takes back the last edit (the history as it is when there is none). */
export function undo(history: History): History {
  const step = history.past[history.past.length - 1];
  if (!step) return history;
  return {
    ...history,
    past: history.past.slice(0, -1),
    present: step.definition,
    future: [{ definition: history.present, kind: step.kind }, ...history.future],
  };
}

/** Makes the last undone edit again (the history as it is when there is none). */
export function redo(history: History): History {
  const [step, ...future] = history.future;
  if (!step) return history;
  return {
    ...history,
    past: [...history.past, { definition: history.present, kind: step.kind }],
    present: step.definition,
    future,
  };
}
