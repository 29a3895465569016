/**
 * The offline spinner (shell-access-navigation.md §4): while the browser is offline (the connectivity
 * machine, engine/machines/connectivity.ts, on the window's 'offline' and 'online' events) a spinner
 * overlay shows the offline message; coming back online clears it.
 */
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { connectivityMachine } from '../../engine/machines/connectivity';
import { message } from '../../engine/messages/catalogue';

/** The overlay; see the module comment. */
export function ConnectivityOverlay() {
  const [snapshot, send] = useMachine(connectivityMachine, { input: { online: navigator.onLine } });
  useEffect(() => {
    const online = () => send({ type: 'ONLINE' });
    const offline = () => send({ type: 'OFFLINE' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [send]);
  const isOffline = snapshot.matches('offline');
  return (
    <Backdrop open={isOffline} sx={{ zIndex: 9998, color: '#fff' }}>
      {isOffline && (
        <Stack alignItems="center" gap={2} sx={{ maxWidth: 560, textAlign: 'center', px: 2 }} role="alert">
          <CircularProgress color="inherit" />
          <Typography>{message('offline.message')}</Typography>
        </Stack>
      )}
    </Backdrop>
  );
}
