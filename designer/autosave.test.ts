/**
 * The form creator's autosave (designer/autosave.ts) with the API client replaced by held answers: one save at a
 * time, edits made during a save saved after it (the newest draft last), the save guard's `modified` carried from
 * answer to the next save, a 409 stopping autosaving, flush saving at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renamePage } from '../engine/designer';
import { sampleDraft } from '../engine/test/designer';
import { ApiError } from '../runtime/api/client';
import { Autosaver, SAVE_DELAY_MS, saveBody } from './autosave';
import { DesignerStore } from './store';

interface Held {
  name: string;
  options: { params?: Record<string, unknown>; body?: Record<string, unknown> };
  answer: (value: unknown) => void;
  refuse: (error: unknown) => void;
}

const held: Held[] = [];

vi.mock('../runtime/api/client', async (original) => ({
  ...(await original<typeof import('../runtime/api/client')>()),
  callOperation: (name: string, options: Held['options']) =>
    new Promise((answer, refuse) => held.push({ name, options, answer, refuse })),
}));

beforeEach(() => {
  held.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const rename = (store: DesignerStore, label: string) =>
  store.edit('renamePage', (d) => renamePage(d, d.pages[0].id, label), { mergeKey: 'page' });

/** The label of the first page a held save sends. */
const firstPageLabel = (call: Held) => (call.options.body as { pages: { label: string }[] }).pages[0].label;

/** Lets the saver's awaits run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('Autosaver', () => {
  it('waits for the last edit, keeps one save in flight and saves the newest draft after it', async () => {
    const store = new DesignerStore(sampleDraft());
    const saver = new Autosaver(store, 'quality-assurance', { formId: 7, modified: '2026-11-26T08:00:00.000Z' });
    rename(store, 'S');
    rename(store, 'Si');
    expect(saver.getState().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(held).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      name: 'forms.update',
      options: { params: { formArea: 'quality-assurance', id: 7 }, body: { modified: '2026-11-26T08:00:00.000Z' } },
    });
    expect(firstPageLabel(held[0])).toBe('Si');
    expect(saver.getState().status).toBe('saving');

    // An edit during the save: no second save while the first is in flight, however long it takes.
    rename(store, 'Site');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 3);
    expect(held).toHaveLength(1);
    held[0].answer({ id: 7, modified: '2026-11-26T08:00:05.000Z' });
    await settle();
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(held).toHaveLength(2);
    // The newer draft, with the modified the first save answered.
    expect(held[1].options.body).toMatchObject({ modified: '2026-11-26T08:00:05.000Z' });
    expect(firstPageLabel(held[1])).toBe('Site');
    expect(saver.unsaved).toBe(true);
    held[1].answer({ id: 7, modified: '2026-11-26T08:00:06.000Z' });
    await settle();
    expect(saver.getState()).toMatchObject({ status: 'saved', modified: '2026-11-26T08:00:06.000Z' });
    expect(saver.unsaved).toBe(false);
    saver.dispose();
  });

  it('creates a new form on its first save, then updates it; an undo back to the saved draft needs no save', async () => {
    const store = new DesignerStore(sampleDraft());
    const saver = new Autosaver(store, 'projects', undefined);
    expect(saver.getState().status).toBe('new');
    const flushed = saver.flush({ create: true });
    expect(held[0].name).toBe('forms.create');
    expect(held[0].options.body).toEqual(saveBody(store.draft));
    expect(held[0].options.body).not.toHaveProperty('id');
    expect(held[0].options.body).not.toHaveProperty('status');
    held[0].answer({ id: 31, modified: '2026-11-26T09:00:00.000Z' });
    await flushed;
    expect(saver.getState()).toMatchObject({ status: 'saved', formId: 31 });

    rename(store, 'Yard');
    store.undo();
    expect(saver.getState().status).toBe('saved');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(held).toHaveLength(1);
    saver.dispose();
  });

  it("stops after another administrator's save until the server's copy is taken", async () => {
    const store = new DesignerStore(sampleDraft());
    const saver = new Autosaver(store, 'quality-assurance', { formId: 7, modified: '2026-11-26T08:00:00.000Z' });
    rename(store, 'Mine');
    const flushed = saver.flush();
    held[0].refuse(new ApiError(409, 'forms.changedByOther', 'Ciara Brennan saved this form at 09:30.'));
    await flushed;
    expect(saver.conflicted).toBe(true);
    expect(saver.getState().error?.message).toBe('Ciara Brennan saved this form at 09:30.');
    rename(store, 'Mine again');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    await saver.flush();
    expect(held).toHaveLength(1);

    const theirs = { ...sampleDraft(), title: 'Theirs', modified: '2026-11-26T09:30:00.000Z' };
    saver.reloaded(theirs);
    store.reset(theirs);
    expect(saver.getState()).toMatchObject({ status: 'saved', modified: '2026-11-26T09:30:00.000Z' });
    rename(store, 'After reload');
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(held[1].options.body).toMatchObject({ title: 'Theirs', modified: '2026-11-26T09:30:00.000Z' });
    saver.dispose();
  });
});
