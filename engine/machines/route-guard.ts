/**
 * A route guard as a flow (shell-access-navigation.md §6): `checking` asks the guard's check (a promise
 * actor provided by name: a server call of §7 or the access model), then ends `allowed` (with the
 * activity the check found) or `denied` (with where to go). A check that fails with an error is a denial
 * too: "anything else, or an error, redirects to /unauthorized". No React, no I/O of its own.
 */
import { assign, createActor, fromPromise, setup, toPromise } from 'xstate';

/** What a guard is asked about: the path, and what the section menu says of it. */
export interface GuardInput {
  /** The guard's name (runtime/shell/guards.ts). */
  name: string;
  pathname: string;
  /** The numeric second path segment, when there is one. */
  projectId?: number;
  /** The menu's mode: the edit menu needs activity Edit. */
  mode?: 'view' | 'edit' | 'admin';
  /** The access area of the section. */
  area?: string;
  /** Where a denial goes (default /unauthorized). */
  deniedTo?: string;
}

/**
 * How a guard ended. A denial may say the thing asked about is not there at all (a project that does not exist,
 * or another client's: the API answers 404): the path is then not found, not unauthorised (issue 19).
 */
export type GuardOutcome =
  | { allowed: true; activity?: 'Edit' | 'View' | null }
  | { allowed: false; redirect: string; notFound?: true };

/** The check of one guard: resolves the outcome; a rejection is a denial. */
export type GuardCheck = (input: GuardInput) => Promise<GuardOutcome>;

export const routeGuardMachine = setup({
  types: {
    input: {} as GuardInput,
    context: {} as { input: GuardInput; outcome: GuardOutcome | null },
    output: {} as GuardOutcome,
  },
  actors: {
    check: fromPromise<GuardOutcome, GuardInput>(async () => {
      throw new Error('routeGuardMachine: provide the check actor');
    }),
  },
}).createMachine({
  id: 'routeGuard',
  initial: 'checking',
  context: ({ input }) => ({ input, outcome: null }),
  states: {
    checking: {
      invoke: {
        src: 'check',
        input: ({ context }) => context.input,
        onDone: [
          {
            guard: ({ event }) => event.output.allowed,
            target: 'allowed',
            actions: assign({ outcome: ({ event }) => event.output }),
          },
          { target: 'denied', actions: assign({ outcome: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'denied',
          actions: assign({
            outcome: ({ context }) => ({
              allowed: false as const,
              redirect: context.input.deniedTo ?? '/unauthorized',
            }),
          }),
        },
      },
    },
    allowed: { type: 'final' },
    denied: { type: 'final' },
  },
  output: ({ context }) => context.outcome as GuardOutcome,
});

/** Runs a guard's check through the machine and resolves how it ended. */
export function runGuard(check: GuardCheck, input: GuardInput): Promise<GuardOutcome> {
  const machine = routeGuardMachine.provide({ actors: { check: fromPromise(({ input: i }) => check(i)) } });
  const actor = createActor(machine, { input });
  actor.start();
  return toPromise(actor);
}
