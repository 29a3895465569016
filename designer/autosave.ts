/**
 * The form creator's autosave (issue 21 part 5 "the draft autosaves (debounced) so a closed tab loses nothing";
 * "Bad input": two administrators editing one draft). One saver per open draft watches the designer store and
 * saves the draft {@link SAVE_DELAY_MS} after the last edit, and at once when asked ({@link Autosaver.flush}: the
 * page being hidden or left, Publish):
 * - a new form's first save is `forms.create`; its answer's id and `modified` are kept (the page puts the id in
 *   the URL); every later save is `forms.update` with the `modified` the copy was
 *   loaded or last saved with (the save guard: a copy saved by someone else since answers 409
 *   `forms.changedByOther`, and autosaving stops until the page reloads the server's copy);
 * - never two saves in flight: edits made during a save are saved after it, so an older draft never overwrites
 *   a newer one; a refused save (400: size limits, a malformed definition) is shown and retried after the next
 *   edit.
 * The state ({@link SaveState}) is read with `subscribe`/`getState` (useSyncExternalStore).
 * docs/decisions.md "The form creator's page" says why 800 ms and why a new form is created on its first save.
 */
import type { Draft } from '../engine/designer';
import type { FormDefinition, FormDefinitionInput } from '../engine/types/generated';
import { ApiError, callOperation } from '../runtime/api/client';
import type { DesignerStore } from './store';

/** Milliseconds after the last edit before the draft is saved. */
export const SAVE_DELAY_MS = 800;

/** Where the draft stands with the server. */
export interface SaveState {
  /**
   * 'new': a new form nothing was saved of; 'pending': edits wait for the delay; 'saving': a save is in flight;
   * 'saved': the server holds the draft as shown; 'failed': the last save was refused (`error`).
   */
  status: 'new' | 'pending' | 'saving' | 'saved' | 'failed';
  /** The refusal of the last save (its status 409 is another administrator's save). */
  error?: ApiError;
  /** The form's id once it exists on the server. */
  formId?: number;
  /** The working copy's `modified` as last loaded or saved (the save guard's). */
  modified?: string;
}

/** Keys of a definition the server sets: not part of a create or update body (schemas/api/bodies.json). */
const SERVER_KEYS = [
  '_id',
  'id',
  'clientId',
  'formArea',
  'status',
  'version',
  'publishedAt',
  'created',
  'createdBy',
  'createdById',
  'modified',
  'modifiedBy',
  'modifiedById',
] as const;

/** The draft as a `form-definition-input` body (without the fields the server sets). */
export function saveBody(draft: Draft): FormDefinitionInput {
  const body: Record<string, unknown> = { ...draft };
  for (const key of SERVER_KEYS) delete body[key];
  return body as unknown as FormDefinitionInput;
}

/** Saves one open draft; see the module comment. */
export class Autosaver {
  private state: SaveState;
  private readonly listeners = new Set<() => void>();
  /** The draft the server holds (undefined: nothing saved of a new form). */
  private saved: Draft | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;
  private readonly unsubscribe: () => void;

  /**
   * @param store the open draft's store (every change of its draft is saved)
   * @param formArea the form area of the path (`quality-assurance`, ...)
   * @param loaded the working copy's id and `modified` as loaded; absent for a new form (its first save gives
   *   `formId` in the state)
   */
  constructor(
    private readonly store: DesignerStore,
    private readonly formArea: string,
    loaded: { formId: number; modified?: string } | undefined,
  ) {
    this.saved = loaded ? store.draft : undefined;
    this.state = loaded ? { status: 'saved', ...loaded } : { status: 'new' };
    let last = store.draft;
    this.unsubscribe = store.subscribe(() => {
      if (store.draft === last) return;
      last = store.draft;
      this.schedule();
    });
  }

  getState = (): SaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<SaveState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** True while the server does not hold the draft as shown (a pending, running or refused save). */
  get unsaved(): boolean {
    return this.state.status === 'pending' || this.state.status === 'saving' || this.state.status === 'failed';
  }

  /** True when another administrator's save stopped autosaving (409): only a reload goes on. */
  get conflicted(): boolean {
    return this.state.status === 'failed' && this.state.error?.status === 409;
  }

  private schedule(): void {
    if (this.conflicted) return;
    if (this.store.draft === this.saved) {
      clearTimeout(this.timer);
      if (!this.inFlight) this.set({ status: 'saved', error: undefined });
      return;
    }
    if (!this.inFlight) this.set({ status: 'pending' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), SAVE_DELAY_MS);
  }

  /**
   * Saves the draft now (after a save in flight, if any) and resolves when the server holds the draft as it was
   * when called, or the save was refused (read `getState()`). `create`: save a new form even with no edit (Publish
   * needs it on the server). `keepalive`: the request outlives the page (pagehide).
   */
  async flush(options: { create?: boolean; keepalive?: boolean } = {}): Promise<void> {
    clearTimeout(this.timer);
    while (this.inFlight) await this.inFlight;
    if (this.conflicted) return;
    const draft = this.store.draft;
    const nothingNew = draft === this.saved && !(options.create && this.state.formId === undefined);
    if (nothingNew) return;
    this.inFlight = this.save(draft, options.keepalive === true);
    try {
      await this.inFlight;
    } finally {
      this.inFlight = undefined;
    }
    // Edits made during the save: saved after it (never two saves at once, never an older one last).
    if (this.state.status === 'saved' && this.store.draft !== this.saved) this.schedule();
  }

  private async save(draft: Draft, keepalive: boolean): Promise<void> {
    this.set({ status: 'saving' });
    const { formId, modified } = this.state;
    try {
      const answer =
        formId === undefined
          ? await callOperation<FormDefinition>('forms.create', {
              params: { formArea: this.formArea },
              body: saveBody(draft),
              keepalive,
            })
          : await callOperation<FormDefinition>('forms.update', {
              params: { formArea: this.formArea, id: formId },
              body: { ...saveBody(draft), ...(modified !== undefined && { modified }) },
              keepalive,
            });
      this.saved = draft;
      this.set({ status: 'saved', error: undefined, formId: answer.id, modified: answer.modified });
    } catch (error) {
      const refusal = error instanceof ApiError ? error : new ApiError(0, 'common.serverError', String(error));
      this.set({ status: 'failed', error: refusal });
    }
  }

  /** After a publish (which stamps the working copy): the `modified` the next save sends. */
  published(modified: string | undefined): void {
    this.set({ modified });
  }

  /**
   * Takes the server's copy after a 409 (the page resets the store's draft to it without an undo step): autosaving
   * goes on from it.
   */
  reloaded(copy: FormDefinition): void {
    this.saved = copy;
    this.set({ status: 'saved', error: undefined, formId: copy.id, modified: copy.modified });
  }

  /** Stops watching the store (the page closed). */
  dispose(): void {
    clearTimeout(this.timer);
    this.unsubscribe();
  }
}
