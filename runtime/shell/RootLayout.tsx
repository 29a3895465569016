/**
 * The root of every page: a progress bar while a route navigates (shell-access-navigation.md §2.4
 * spinner), the offline spinner (./ConnectivityOverlay), and the confirmation toast a page asks for through
 * navigation state (FlashState, ./FlashToast). Plain (runtime/plain) but for the toast, which loads with the
 * first one (with the catalogue its text comes from), so the login page loads neither MUI nor the catalogue.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { ProgressBar } from '../plain/ProgressBar';
import { ConnectivityOverlay } from './ConnectivityOverlay';

const FlashToast = lazy(async () => ({ default: (await import('./FlashToast')).FlashToast }));

/** The root layout; see the module comment. */
export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  /** The message id of the toast shown (its text comes with the toast's code). */
  const [flash, setFlash] = useState<string | null>(null);
  // Once shown, the toast stays mounted, so it closes with its transition.
  const [toasted, setToasted] = useState(false);

  useEffect(() => {
    const id = (location.state as { flashMessageId?: unknown } | null)?.flashMessageId;
    if (typeof id === 'string') {
      setFlash(id);
      setToasted(true);
    }
  }, [location]);

  return (
    <>
      {navigation.state !== 'idle' && <ProgressBar fixed />}
      <Outlet />
      <ConnectivityOverlay />
      {toasted && (
        <Suspense fallback={null}>
          <FlashToast messageId={flash} onClose={() => setFlash(null)} />
        </Suspense>
      )}
    </>
  );
}
