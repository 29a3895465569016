/** The shell's machines: idle (with fake timers), connectivity, and the route guard flow. */
import { createActor } from 'xstate';
import { connectivityMachine } from './connectivity';
import { idleMachine } from './idle';
import { runGuard } from './route-guard';

describe('the idle machine (shell-access-navigation.md §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns after the idle time in minutes, logs out after 60 s of grace', () => {
    const logOut = vi.fn();
    const actor = createActor(idleMachine.provide({ actions: { logOut } }), { input: { idleTimeMinutes: 2 } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('watching');
    vi.advanceTimersByTime(2 * 60_000 - 1);
    expect(actor.getSnapshot().value).toBe('watching');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('warning');
    vi.advanceTimersByTime(59_999);
    expect(logOut).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().status).toBe('done');
    expect(logOut).toHaveBeenCalledOnce();
  });

  it('restarts the idle time on activity and on Continue; the warning is sticky', () => {
    const actor = createActor(idleMachine, { input: { idleTimeMinutes: 1, graceSeconds: 60 } });
    actor.start();
    vi.advanceTimersByTime(50_000);
    actor.send({ type: 'ACTIVITY' });
    vi.advanceTimersByTime(50_000);
    expect(actor.getSnapshot().value).toBe('watching');
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'ACTIVITY' }); // moving the mouse does not dismiss the warning
    expect(actor.getSnapshot().value).toBe('warning');
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('watching');
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().value).toBe('watching');
  });
});

describe('the connectivity machine', () => {
  it('starts from navigator.onLine and follows the offline and online events', () => {
    const actor = createActor(connectivityMachine, { input: { online: true } }).start();
    expect(actor.getSnapshot().value).toBe('online');
    actor.send({ type: 'OFFLINE' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'ONLINE' });
    expect(actor.getSnapshot().value).toBe('online');
    expect(
      createActor(connectivityMachine, { input: { online: false } })
        .start()
        .getSnapshot().value,
    ).toBe('offline');
  });
});

describe('the route guard flow', () => {
  const input = { name: 'project', pathname: '/projects/1', projectId: 1 };
  it('ends allowed with the activity the check found', async () => {
    await expect(runGuard(async () => ({ allowed: true, activity: 'View' }), input)).resolves.toEqual({
      allowed: true,
      activity: 'View',
    });
  });
  it('ends denied with the check’s redirect, or /unauthorized when the check fails', async () => {
    await expect(
      runGuard(async () => ({ allowed: false, redirect: '/unauthorized?section=qs' }), input),
    ).resolves.toEqual({
      allowed: false,
      redirect: '/unauthorized?section=qs',
    });
    await expect(
      runGuard(async () => {
        throw new Error('network');
      }, input),
    ).resolves.toEqual({ allowed: false, redirect: '/unauthorized' });
  });
});
