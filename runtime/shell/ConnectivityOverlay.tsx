/**
 * The offline spinner (shell-access-navigation.md §4): while the browser is offline (the connectivity
 * machine, engine/machines/connectivity.ts, on the window's 'offline' and 'online' events) a spinner
 * overlay shows the offline message; coming back online clears it. Plain (runtime/plain: MUI's Backdrop and
 * CircularProgress drawn without MUI): it is on every page, the login page too, and must work offline, when
 * no code can be loaded.
 *
 * Not on the offline pages (`/offline`, `/offline/...`, `/qa/access`: ./offline-paths, issue 26): they work with no
 * connection, keep what is typed on the device, and say the sync state in their own banner; a blocking spinner there
 * would stop the very work they exist for. Leaving them for a page that needs the server shows it again.
 */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { connectivityMachine } from '../../engine/machines/connectivity';
import { plainMessage } from '../plain/messages';
import '../plain/plain.css';
import { isOfflinePath } from './offline-paths';

/** The overlay; see the module comment. */
export function ConnectivityOverlay() {
  const [snapshot, send] = useMachine(connectivityMachine, { input: { online: globalThis.navigator?.onLine ?? true } });
  const { pathname } = useLocation();
  useEffect(() => {
    const online = () => send({ type: 'ONLINE' });
    const offline = () => send({ type: 'OFFLINE' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    // The connection may have gone (or come back) between the first render, which read navigator.onLine, and this
    // subscription (effects run after the paint; a busy machine widens the gap): its event was missed, so the state
    // is read again now.
    if (navigator.onLine) online();
    else offline();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [send]);
  if (!snapshot.matches('offline') || isOfflinePath(pathname)) return null;
  return (
    <div className="plain-backdrop">
      <div className="plain-offline" role="alert">
        <span className="plain-spinner" role="progressbar" aria-label={plainMessage('common.loading')}>
          <svg viewBox="22 22 44 44" aria-hidden="true">
            <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
          </svg>
        </span>
        <p>{plainMessage('offline.message')}</p>
      </div>
    </div>
  );
}
