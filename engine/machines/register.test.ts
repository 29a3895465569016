import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { type RegisterInput, registerMachine } from './register';

function start(input: RegisterInput) {
  const actor = createActor(registerMachine, { input });
  actor.start();
  return actor;
}

afterEach(() => vi.useRealTimers());

describe('the register machine', () => {
  it('starts on the first page, loading, shown at once without a reveal delay', () => {
    const actor = start({ pageSize: 10 });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('shown');
    expect(snap.context).toMatchObject({ pageIndex: 0, pageSize: 10, loading: true, rows: [], filters: [] });
  });

  it('opens with the filters it is given (the quick filters defaults)', () => {
    const actor = start({ pageSize: 10, filters: [{ id: 'status', value: 'Submitted' }] });
    expect(actor.getSnapshot().context.filters).toEqual([{ id: 'status', value: 'Submitted' }]);
  });

  it('goes back to the first page on a new sorting, filter or search, not on paging', () => {
    const actor = start({ pageSize: 10 });
    actor.send({ type: 'PAGE', pageIndex: 3, pageSize: 25 });
    expect(actor.getSnapshot().context).toMatchObject({ pageIndex: 3, pageSize: 25 });
    actor.send({ type: 'SORT', sorting: [{ id: 'name', desc: true }] });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
    actor.send({ type: 'PAGE', pageIndex: 2, pageSize: 25 });
    actor.send({ type: 'FILTER', filters: [{ id: 'status', value: 'Active' }] });
    expect(actor.getSnapshot().context.pageIndex).toBe(0);
    actor.send({ type: 'PAGE', pageIndex: 1, pageSize: 25 });
    actor.send({ type: 'SEARCH', globalFilter: 'bay' });
    expect(actor.getSnapshot().context).toMatchObject({ pageIndex: 0, globalFilter: 'bay' });
  });

  it('keeps the rows and total the API answered, and the error of a failed read', () => {
    const actor = start({ pageSize: 10 });
    actor.send({ type: 'LOADED', rows: [{ id: 1 }], totalRecords: 12 });
    expect(actor.getSnapshot().context).toMatchObject({
      rows: [{ id: 1 }],
      totalRecords: 12,
      loading: false,
      error: null,
    });
    actor.send({ type: 'LOADING' });
    actor.send({ type: 'FAILED', error: 'Server error' });
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, error: 'Server error', rows: [{ id: 1 }] });
  });

  it('keeps one selected row in a single-selection register, several in multi, none in none', () => {
    const single = start({ pageSize: 10, selection: 'single' });
    single.send({ type: 'SELECT', selected: { '1': true } });
    single.send({ type: 'SELECT', selected: { '1': true, '2': true } });
    expect(single.getSnapshot().context.selected).toEqual({ '2': true });
    const multi = start({ pageSize: 10, selection: 'multi' });
    multi.send({ type: 'SELECT', selected: { '1': true, '2': true, '3': false } });
    expect(multi.getSnapshot().context.selected).toEqual({ '1': true, '2': true });
    const none = start({ pageSize: 10 });
    none.send({ type: 'SELECT', selected: { '1': true } });
    expect(none.getSnapshot().context.selected).toEqual({});
  });

  it('clears the selection and counts a reload', () => {
    const actor = start({ pageSize: 10, selection: 'multi' });
    actor.send({ type: 'SELECT', selected: { '1': true } });
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: {}, reloads: 1 });
  });

  it('holds the rows back for the reveal delay, however fast they arrive', () => {
    vi.useFakeTimers();
    const actor = start({ pageSize: 10, revealDelayMs: 300 });
    actor.send({ type: 'LOADED', rows: [{ id: 1 }], totalRecords: 1 });
    expect(actor.getSnapshot().value).toBe('hidden');
    vi.advanceTimersByTime(299);
    expect(actor.getSnapshot().value).toBe('hidden');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('shown');
  });
});
