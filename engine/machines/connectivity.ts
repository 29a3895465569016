/**
 * The connection state of the shell (shell-access-navigation.md §4): while the browser is offline the
 * spinner shows 'You've lost internet connection, please do not navigate away from this page, any
 * unsaved data will be lost. Awaiting connection to be restored.'; coming back online clears it.
 * Events OFFLINE and ONLINE (the window's 'offline' and 'online' events); the first state follows
 * `navigator.onLine`, given as the input.
 */
import { setup } from 'xstate';

export const connectivityMachine = setup({
  types: {
    input: {} as { online: boolean },
    context: {} as { startedOnline: boolean },
    events: {} as { type: 'ONLINE' } | { type: 'OFFLINE' },
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ startedOnline: input.online }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: ({ context }) => context.startedOnline, target: 'online' }, { target: 'offline' }],
    },
    online: { on: { OFFLINE: 'offline' } },
    offline: { on: { ONLINE: 'online' } },
  },
});
