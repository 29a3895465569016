/**
 * The idle watch of the logged-in shell (shell-access-navigation.md §4): the idle machine
 * (engine/machines/idle.ts) on the client's idleTime in minutes; keyboard, pointer, scroll and touch
 * input count as activity; the sticky warning with Continue; after the grace period /logout ends the
 * server session and goes to /login.
 *
 * Not on the offline pages (`/offline/...`, `/qa/access`; issue 26, docs/decisions.md "No idle logout on the offline
 * pages"): a site user there works with no signal, and a logout would forget the last session the pages open with
 * (they could not open again until the network returns). The server's session still ends after its idle time; the
 * sync then pauses with 'Log in to sync', and nothing is lost.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { idleMachine } from '../../engine/machines/idle';
import { message } from '../../engine/messages/catalogue';
import { isOfflinePath } from './offline-paths';

/** Idle time when no client is chosen yet (minutes), as the server's (api/auth/sessions.ts). */
export const DEFAULT_IDLE_MINUTES = 30;

const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll', 'touchstart'] as const;
/** Activity is passed to the machine at most once a second. */
const ACTIVITY_THROTTLE_MS = 1000;

/** Watches for idleness; see the module comment. Keyed by client, so a client switch restarts it. */
export function IdleWatcher({ idleTimeMinutes }: { idleTimeMinutes: number | undefined }) {
  const { pathname } = useLocation();
  // Leaving the offline pages starts the watch afresh.
  return isOfflinePath(pathname) ? null : <IdleWatch idleTimeMinutes={idleTimeMinutes} />;
}

function IdleWatch({ idleTimeMinutes }: { idleTimeMinutes: number | undefined }) {
  const navigate = useNavigate();
  const machine = useMemo(
    () => idleMachine.provide({ actions: { logOut: () => navigate('/logout', { replace: true }) } }),
    [navigate],
  );
  const [snapshot, send] = useMachine(machine, { input: { idleTimeMinutes: idleTimeMinutes ?? DEFAULT_IDLE_MINUTES } });

  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      send({ type: 'ACTIVITY' });
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [send]);

  return (
    <Snackbar open={snapshot.matches('warning')} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="warning"
        role="alertdialog"
        action={
          <Button color="inherit" size="small" onClick={() => send({ type: 'CONTINUE' })}>
            {message('idle.continue')}
          </Button>
        }
      >
        {message('idle.warning')}
      </Alert>
    </Snackbar>
  );
}
