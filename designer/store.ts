/**
 * The form creator's state (issue 21 parts 2 and 5): one store per open draft holding the undo history of
 * engine/designer (its `present` is the draft), the page shown on the canvas, the selected questions and the
 * last notice (a refusal, or a deletion to undo). Every screen of the creator (palette, canvas, page tabs,
 * property panel, toolbar) reads it through {@link useDesigner} with a selector, so an edit re-renders only the
 * parts whose slice changed (the commands share every question and page they did not touch). Every edit goes
 * through {@link DesignerStore.edit}, so every edit can be undone.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  canRedo,
  canUndo,
  createHistory,
  type Draft,
  type EditKind,
  findQuestion,
  type History,
  type IdFloor,
  type Outcome,
  perform,
  redo,
  undo,
} from '../engine/designer';
import type { MessageId } from '../engine/messages/catalogue';

/** A message for the administrator after an edit: a refusal, or what was done with an Undo offered. */
export interface DesignerNotice {
  messageId: MessageId;
  params?: Record<string, string | number>;
  severity: 'error' | 'info';
  /** Offer Undo beside it (a deletion). */
  undoable?: boolean;
  /** Grows with every notice, so the same text twice shows twice. */
  seq: number;
}

/** What the creator shows: the history (its present is the draft), the page on the canvas, the selection. */
export interface DesignerState {
  history: History;
  /** The id of the page the canvas shows. */
  pageId: number;
  /** The selected questions' ids, in the order selected; the last is the one the property panel edits. */
  selected: readonly number[];
  /** Where a range selection starts (Shift+click, Shift+Arrow): the question last selected by a click or toggle. */
  anchor?: number;
  /** The form settings are in the property panel (instead of a question's properties). */
  settingsOpen: boolean;
  notice?: DesignerNotice;
}

type Listener = () => void;

/** The store of one open draft; see the module comment. */
export class DesignerStore {
  private state: DesignerState;
  private readonly listeners = new Set<Listener>();
  private noticeSeq = 0;

  /**
   * @param draft the working copy as loaded (or a new blank draft)
   * @param floor the ids its published versions and entries used (engine/designer IdFloor)
   */
  constructor(draft: Draft, floor: IdFloor = {}) {
    this.state = {
      history: createHistory(draft, { floor }),
      pageId: draft.pages[0]?.id ?? 0,
      selected: [],
      settingsOpen: false,
    };
  }

  /** The state now (stable between changes, for useSyncExternalStore). */
  getState = (): DesignerState => this.state;

  /** The draft now. */
  get draft(): Draft {
    return this.state.history.present;
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<DesignerState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private notice(notice: Omit<DesignerNotice, 'seq'>): DesignerNotice {
    this.noticeSeq += 1;
    return { ...notice, seq: this.noticeSeq };
  }

  /** The shown page and selection kept valid for `draft` (a page or question undone away is left). */
  private placed(draft: Draft, pageId: number, selected: readonly number[]) {
    const page = draft.pages.some((p) => p.id === pageId) ? pageId : (draft.pages[0]?.id ?? 0);
    const kept = selected.filter((id) => findQuestion(draft, id) !== undefined);
    return { pageId: page, selected: kept.length === selected.length ? selected : kept };
  }

  /**
   * Carries out a command of engine/designer on the draft and records it for undo. Questions it adds become the
   * selection (their page shown, the form settings closed); a page it adds is shown; a refusal becomes the notice and changes nothing.
   * @example store.edit('addQuestion', (draft, floor) => addQuestion(draft, 'text', { pageId }, floor))
   */
  edit<O extends Outcome>(
    kind: EditKind,
    command: (draft: Draft, floor: IdFloor) => O,
    options: { mergeKey?: string; notice?: Omit<DesignerNotice, 'seq' | 'severity'> } = {},
  ): O {
    const { history, outcome } = perform(this.state.history, kind, command, options.mergeKey);
    if (!outcome.ok) {
      this.set({ notice: this.notice({ messageId: outcome.messageId, params: outcome.params, severity: 'error' }) });
      return outcome;
    }
    if (history === this.state.history) return outcome;
    const draft = history.present;
    let pageId = outcome.pageId ?? this.state.pageId;
    let selected = this.state.selected;
    let settingsOpen = this.state.settingsOpen;
    if (outcome.questionIds.length > 0) {
      selected = outcome.questionIds;
      pageId = findQuestion(draft, outcome.questionIds[0])?.pageId ?? pageId;
      // The panel shows what was just added, not the form settings it was showing (the settings hide a selection).
      settingsOpen = false;
    }
    this.set({
      history,
      settingsOpen,
      ...this.placed(draft, pageId, selected),
      ...(options.notice && { notice: this.notice({ ...options.notice, severity: 'info' }) }),
    });
    return outcome;
  }

  /** Takes back the last edit (Ctrl+Z); the page it changed is shown. */
  undo = (): void => {
    if (!canUndo(this.state.history)) return;
    this.moveInHistory(undo(this.state.history));
  };

  /** Makes the last undone edit again (Ctrl+Shift+Z). */
  redo = (): void => {
    if (!canRedo(this.state.history)) return;
    this.moveInHistory(redo(this.state.history));
  };

  private moveInHistory(history: History): void {
    const before = this.state.history.present;
    const draft = history.present;
    // Show the page the step changed: the first page whose object differs (a page that came back, an edit there).
    const changed = draft.pages.find((page, index) => before.pages[index] !== page);
    const pageStillThere = draft.pages.some((p) => p.id === this.state.pageId);
    const samePageChanged = changed && draft.pages.some((p, i) => p.id === this.state.pageId && before.pages[i] !== p);
    const pageId =
      pageStillThere && (samePageChanged || !changed) ? this.state.pageId : (changed?.id ?? this.state.pageId);
    this.set({ history, ...this.placed(draft, pageId, this.state.selected), notice: undefined });
  }

  /** Shows a page on the canvas (the selection is cleared when it is another page's). */
  showPage = (pageId: number): void => {
    if (pageId === this.state.pageId) return;
    const selected = this.state.selected.filter((id) => findQuestion(this.draft, id)?.pageId === pageId);
    this.set({ pageId, selected, settingsOpen: false });
  };

  /**
   * Selects questions: `mode` 'replace' (a click), 'toggle' (Ctrl+click), 'range' (Shift+click, Shift+Arrow: the
   * questions of the shown page from the anchor, the question last clicked or toggled, to `questionId`, which comes
   * last so that the property panel edits the question reached; without an anchor on that page, from the last
   * selected). A range keeps its anchor, so extending it down and back up shrinks it as a file list does.
   */
  select = (questionId: number | null, mode: 'replace' | 'toggle' | 'range' = 'replace'): void => {
    if (questionId === null) {
      this.set({ selected: [], anchor: undefined });
      return;
    }
    const place = findQuestion(this.draft, questionId);
    if (!place) return;
    const { selected } = this.state;
    let next: number[];
    let anchor: number | undefined = questionId;
    if (mode === 'toggle')
      next = selected.includes(questionId) ? selected.filter((id) => id !== questionId) : [...selected, questionId];
    else if (mode === 'range' && selected.length > 0) {
      const questions = this.draft.pages[place.pageIndex].questions;
      const anchored = questions.findIndex((q) => q.id === this.state.anchor);
      const from = anchored >= 0 ? anchored : questions.findIndex((q) => q.id === selected[selected.length - 1]);
      anchor = from >= 0 ? questions[from].id : questionId;
      const [a, b] = from < 0 ? [place.index, place.index] : [Math.min(from, place.index), Math.max(from, place.index)];
      next = [
        ...questions
          .slice(a, b + 1)
          .map((q) => q.id)
          .filter((id) => id !== questionId),
        questionId,
      ];
    } else next = [questionId];
    this.set({ selected: next, anchor, pageId: place.pageId, settingsOpen: false });
  };

  /** Opens (or closes) the form settings in the property panel. */
  openSettings = (open = true): void => {
    this.set({ settingsOpen: open, ...(open && { selected: [] }) });
  };

  /** Shows a notice (a copy made, a paste refused). */
  tell = (notice: Omit<DesignerNotice, 'seq'>): void => {
    this.set({ notice: this.notice(notice) });
  };

  /** Clears the notice (its snackbar closed). */
  dismiss = (): void => {
    if (this.state.notice) this.set({ notice: undefined });
  };

  /** Replaces the draft without an undo step (a reload after another administrator's save). */
  reset(draft: Draft, floor: IdFloor = {}): void {
    this.set({
      history: createHistory(draft, { floor }),
      ...this.placed(draft, this.state.pageId, this.state.selected),
      notice: undefined,
    });
  }
}

/** The open draft's store; the form creator page provides it. */
export const DesignerContext = createContext<DesignerStore | null>(null);

/** The open draft's store. @throws Error outside the form creator */
export function useDesignerStore(): DesignerStore {
  const store = useContext(DesignerContext);
  if (!store) throw new Error('useDesignerStore: outside the form creator');
  return store;
}

/**
 * A slice of the creator's state; the component re-renders when the slice changes (compared with Object.is:
 * select objects of the state, or primitives, not new arrays).
 */
export function useDesigner<T>(selector: (state: DesignerState) => T): T {
  const store = useDesignerStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
