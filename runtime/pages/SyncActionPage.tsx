/**
 * /qa/access, the sync action (shell-access-navigation.md §2.4; issue 26 §3): a progress line while
 * ../shell/sync-action runs (the session re-checked, the device synced), then the page it returns to, with a toast
 * saying how the sync ended. Plain (runtime/plain): it opens offline from the service worker's precache, and
 * with no MUI.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { ProgressBar } from '../plain/ProgressBar';
import '../plain/plain.css';
import { runSyncAction } from '../shell/sync-action';

/** The page; see the module comment. */
export function SyncActionPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  // One run per visit (React's development mode mounts twice; the login's return is a new visit).
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === search) return;
    started.current = search;
    void runSyncAction(new URLSearchParams(search)).then(({ to, flashMessageId }) =>
      navigate(to, { replace: true, state: flashMessageId ? { flashMessageId } : null }),
    );
  }, [search, navigate]);
  return (
    <div className="plain-card">
      <div className="plain-card-content">
        <ProgressBar />
        <p className="plain-body1" role="status">
          {message('offlineShell.syncing')}
        </p>
      </div>
    </div>
  );
}
