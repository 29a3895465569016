/**
 * The sync banner at the top of every `/offline/*` page (issue 26 §3 "a banner, not the blocking spinner"; contract
 * §7): one line saying where the device's changes are, read from the sync runner's state (runtime/offline
 * subscribeOffline), in a polite live region so a screen reader hears a change without losing its place. The Sync
 * action is the spec's (shell-access-navigation.md §2.4): it goes to /qa/access, which re-checks the session,
 * syncs, and returns to `?return=`. While sync is paused for a lost session the banner offers 'Log in to sync';
 * nothing queued is dropped.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import type { OfflineState } from './offline-api';

/** The banner's main text for `state` (one line; the most pressing news first). */
export function bannerText(state: OfflineState): string {
  if (state.paused === 'session') return message('offlineScreens.banner.session');
  if (state.running) return message('offlineScreens.banner.syncing');
  if (state.conflicts > 0) return message('offlineScreens.banner.conflicts', { count: state.conflicts });
  if (state.queued > 0) return message('offlineScreens.banner.waiting', { count: state.queued });
  if (state.filesPending > 0) return message('offlineScreens.banner.files', { count: state.filesPending });
  return message('offlineScreens.banner.synced');
}

/** The path the Sync action opens: /qa/access, returning to `returnPath` (shell-access-navigation.md §2.4). */
export function syncPath(returnPath: string): string {
  return `/qa/access?return=${encodeURIComponent(returnPath)}`;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The banner; `state` null while the device side loads. */
export function SyncBanner({ state }: { state: OfflineState | null }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const tone = !state
    ? 'grey.100'
    : state.paused || state.conflicts > 0 || state.refused > 0
      ? 'warning.light'
      : state.queued > 0 || state.filesPending > 0 || !state.online
        ? 'info.light'
        : 'success.light';
  return (
    <Box
      data-testid="sync-banner"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        mb: 2,
        borderRadius: 1,
        bgcolor: tone,
      }}
    >
      <Box role="status" aria-live="polite" sx={{ flex: 1, minWidth: 200 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {state ? bannerText(state) : message('offlineScreens.banner.loading')}
        </Typography>
        {state && state.refused > 0 && (
          <Typography component="span" sx={{ ml: 1 }}>
            {message('offlineScreens.banner.refused', { count: state.refused })}
          </Typography>
        )}
        {state && !state.online && (
          <Typography component="span" variant="body2" sx={{ display: 'block' }}>
            {message('offlineScreens.banner.offline')}
          </Typography>
        )}
        {state?.lastSyncAt && (
          <Typography component="span" variant="body2" sx={{ display: 'block' }}>
            {message('offlineScreens.banner.lastSync', { time: timeFormat.format(new Date(state.lastSyncAt)) })}
          </Typography>
        )}
      </Box>
      {state?.paused === 'session' ? (
        <Link component={RouterLink} to={`/login?returnUrl=${encodeURIComponent(here)}`}>
          {message('offlineScreens.banner.session')}
        </Link>
      ) : (
        <Button component={RouterLink} to={syncPath(here)} variant="outlined" size="small">
          {message('offlineScreens.banner.sync')}
        </Button>
      )}
    </Box>
  );
}
