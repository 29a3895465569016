/**
 * The layouts of the offline section (issue 26; shell-access-navigation.md §2.3; contract §7), named pages of
 * schemas/screens/routes.json:
 * - `offline` (every `/offline/*` page): the sync banner (./SyncBanner) above the page; it starts the sync runner
 *   (runtime/offline startSync: the online event, the timer), so sync runs by itself while an offline page is open.
 * - `offlineProject` (`/offline/:projectId/*`): installs the offline router of the project in the API client
 *   (runtime/api/client.ts routeCallsOffline(createOfflineRouter(projectId))) while the project's pages are open,
 *   and removes it on leaving, so the same form runtime (FormScreen, the register) reads the device's bundle and
 *   writes to its outbox. Its pages render only once the router is in place: a child's first call (a child's
 *   effects run before its parent's) must not reach the network.
 */
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import * as client from '../api/client';
import { loadOfflineApi, type OfflineRouterLike, useOfflineState } from './offline-api';
import { SyncBanner } from './SyncBanner';

/** The `offline` layout: the banner and the page; it starts the sync runner (once per page load). */
export function OfflineLayout() {
  const state = useOfflineState();
  useEffect(() => {
    loadOfflineApi()
      .then((api) => api.startSync?.())
      .catch(() => undefined);
  }, []);
  return (
    <>
      <SyncBanner state={state} />
      <Outlet />
    </>
  );
}

type RouteCalls = (router: OfflineRouterLike | null) => void;

/**
 * The API client's offline seam (contract §4; off-client adds it to runtime/api/client.ts). Read by name so this
 * layout builds before the seam lands; without it the pages' calls go to the network as usual.
 */
function routeCallsOffline(router: OfflineRouterLike | null): void {
  const seam = (client as unknown as { routeCallsOffline?: RouteCalls }).routeCallsOffline;
  seam?.(router);
}

/** The `offlineProject` layout: the project's router installed while its pages are open. */
export function OfflineProjectLayout() {
  const { projectId } = useParams();
  const [ready, setReady] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let installed = false;
    setReady(null);
    setFailed(false);
    loadOfflineApi()
      .then((api) => {
        if (!live) return;
        routeCallsOffline(api.createOfflineRouter(Number(projectId)));
        installed = true;
        setReady(projectId ?? '');
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (installed) routeCallsOffline(null);
    };
  }, [projectId]);

  if (failed) return <Alert severity="error">{message('offlineScreens.unavailable')}</Alert>;
  // Keyed by project: a page of another project never renders through the last one's router.
  return ready === projectId ? <Outlet key={ready} /> : null;
}

export default OfflineLayout;
