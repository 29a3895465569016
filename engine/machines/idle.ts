/**
 * The idle flow of the shell (shell-access-navigation.md §4, §9): after the client's idle time (minutes,
 * converted to seconds for the timer) without activity the sticky warning shows; Continue restarts the
 * watching; without Continue within the grace period (default 60 seconds) the user is logged out (the
 * shell goes to /login, and the server's session, which ends after the same idle time plus grace, is
 * ended with POST /logout).
 *
 * States: `watching` → (idle delay) → `warning` → (grace delay) → `loggedOut` (final). Events: ACTIVITY
 * (any user input: restarts the idle delay while watching; ignored while warning, the warning is
 * sticky), CONTINUE (from the warning back to watching). Delays are named (`idle`, `grace`) and read
 * from the context, so tests and clients set them.
 */
import { setup } from 'xstate';

/** The grace period of §4 and §9, seconds. */
export const IDLE_GRACE_SECONDS = 60;

export interface IdleInput {
  /** The client's idleTime in minutes. */
  idleTimeMinutes: number;
  /** Grace period in seconds (default 60). */
  graceSeconds?: number;
}

export interface IdleContext {
  idleMs: number;
  graceMs: number;
}

export type IdleEvent = { type: 'ACTIVITY' } | { type: 'CONTINUE' };

export const idleMachine = setup({
  types: { input: {} as IdleInput, context: {} as IdleContext, events: {} as IdleEvent },
  delays: {
    idle: ({ context }) => context.idleMs,
    grace: ({ context }) => context.graceMs,
  },
  actions: {
    logOut: () => {},
  },
}).createMachine({
  id: 'idle',
  initial: 'watching',
  context: ({ input }) => ({
    // Minutes to seconds for the timer (§4), then to the milliseconds the clock counts.
    idleMs: Math.max(1, input.idleTimeMinutes) * 60 * 1000,
    graceMs: (input.graceSeconds ?? IDLE_GRACE_SECONDS) * 1000,
  }),
  states: {
    watching: {
      after: { idle: 'warning' },
      on: { ACTIVITY: { target: 'watching', reenter: true } },
    },
    warning: {
      after: { grace: 'loggedOut' },
      on: { CONTINUE: 'watching' },
    },
    loggedOut: { type: 'final', entry: 'logOut' },
  },
});

/** Milliseconds of an idle input's warning threshold (minutes to seconds to ms). */
export function idleThresholdMs(input: IdleInput): number {
  return Math.max(1, input.idleTimeMinutes) * 60 * 1000;
}
