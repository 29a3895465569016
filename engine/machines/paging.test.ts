import { createActor } from 'xstate';
import { type PagingInput, pagingMachine } from './paging';

function start(options: { input: PagingInput }) {
  const actor = createActor(pagingMachine, options);
  actor.start();
  return actor;
}

describe('paging machine', () => {
  it('moves forward when the current page is valid', () => {
    const actor = start({ input: { pageCount: 3 } });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    actor.send({ type: 'NEXT', pageValid: true });
    expect(actor.getSnapshot().context.current).toBe(1);
    actor.send({ type: 'NEXT', pageValid: true });
    expect(actor.getSnapshot().context.current).toBe(2);
    actor.send({ type: 'NEXT', pageValid: true });
    expect(actor.getSnapshot().context.current).toBe(2);
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('blocks going forward while the current page has errors, and EDITED clears the block', () => {
    const actor = start({ input: { pageCount: 3 } });
    actor.send({ type: 'NEXT', pageValid: false });
    expect(actor.getSnapshot().context.current).toBe(0);
    expect(actor.getSnapshot().matches({ editing: 'blocked' })).toBe(true);
    expect(actor.getSnapshot().context.blockedMessageId).toBe('form.requiredOnPage');
    actor.send({ type: 'EDITED' });
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
  });

  it('page links: backward always allowed, forward only from a valid page', () => {
    const actor = start({ input: { pageCount: 4, start: 2 } });
    actor.send({ type: 'GOTO', page: 3, pageValid: false });
    expect(actor.getSnapshot().context.current).toBe(2);
    expect(actor.getSnapshot().matches({ editing: 'blocked' })).toBe(true);
    actor.send({ type: 'GOTO', page: 0, pageValid: false });
    expect(actor.getSnapshot().context.current).toBe(0);
    expect(actor.getSnapshot().matches({ editing: 'ready' })).toBe(true);
    actor.send({ type: 'GOTO', page: 3, pageValid: true });
    expect(actor.getSnapshot().context.current).toBe(3);
    actor.send({ type: 'GOTO', page: 9, pageValid: true });
    expect(actor.getSnapshot().context.current).toBe(3);
  });

  it('previous stops at the first page', () => {
    const actor = start({ input: { pageCount: 2, start: 1 } });
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.current).toBe(0);
  });

  it('skips the checks in view state', () => {
    const actor = start({ input: { pageCount: 3, readonly: true } });
    expect(actor.getSnapshot().matches('viewing')).toBe(true);
    actor.send({ type: 'NEXT', pageValid: false });
    expect(actor.getSnapshot().context.current).toBe(1);
    actor.send({ type: 'GOTO', page: 2, pageValid: false });
    expect(actor.getSnapshot().context.current).toBe(2);
  });

  it('takes the blocked message from its input and clamps the start page', () => {
    const actor = start({ input: { pageCount: 2, start: 7, blockedMessageId: 'form.allOnPage' } });
    expect(actor.getSnapshot().context).toMatchObject({ current: 1, blockedMessageId: 'form.allOnPage' });
  });

  it('implementations can be swapped by name', () => {
    const actor = createActor(pagingMachine.provide({ guards: { pageValid: () => true } }), {
      input: { pageCount: 2 },
    });
    actor.start();
    actor.send({ type: 'NEXT', pageValid: false });
    expect(actor.getSnapshot().context.current).toBe(1);
  });
});
