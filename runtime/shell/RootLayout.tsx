/**
 * The root of every page: a progress bar while a route navigates (shell-access-navigation.md §2.4
 * spinner), the offline spinner (./ConnectivityOverlay), and the confirmation toast a page asks for through navigation state (FlashState).
 */
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { isMessageId, message } from '../../engine/messages/catalogue';
import { ConnectivityOverlay } from './ConnectivityOverlay';

/** The root layout; see the module comment. */
export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const [flash, setFlash] = useState<string | null>(null);

  useEffect(() => {
    const id = (location.state as { flashMessageId?: unknown } | null)?.flashMessageId;
    if (typeof id === 'string' && isMessageId(id)) setFlash(message(id));
  }, [location]);

  return (
    <>
      {navigation.state !== 'idle' && (
        <LinearProgress sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }} />
      )}
      <Outlet />
      <ConnectivityOverlay />
      <Snackbar
        open={flash !== null}
        autoHideDuration={4000}
        onClose={() => setFlash(null)}
        message={flash ?? ''}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </>
  );
}
