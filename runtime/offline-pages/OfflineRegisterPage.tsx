/**
 * An offline form's register page (`/offline/:projectId/qa/:formId`, `…/health-and-safety/:formId`; issue 26 §5,
 * §7; contract §7): the screen document offline/form-register through the shared renderer (its rows from the
 * offline router), above it the refusals of its entries with the server's message (a register cell holds a
 * state, not a sentence), and below it the conflict dialog of the child route `entry/:entryNumber/conflicts`
 * (./ConflictDialog), so the register stays in view while a conflict is resolved.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { ScreenPage } from '../renderer/ScreenPage';
import { type LocalEntryView, type OfflineState, useOfflineApi, useOfflineState } from './offline-api';

/** The number an offline page shows for an entry: the server's once known, else the device's (negative). */
export function entryNumberOf(entry: Pick<LocalEntryView, 'entryNumber' | 'localNumber'>): number {
  return entry.entryNumber ?? entry.localNumber;
}

/**
 * What of the sync runner's state says rows changed: a round that reached the server (lastSyncAt), conflicts and
 * refusals found. Not `running` nor a failed round's backoff: redrawing on those would reload the register while
 * it is being used.
 */
function stateKey(state: OfflineState | null): string {
  return state ? [state.lastSyncAt, state.conflicts, state.refused].join('|') : '';
}

/** The page; see the module comment. */
export function OfflineRegisterPage() {
  const { projectId, formId } = useParams();
  const api = useOfflineApi();
  const state = useOfflineState();
  const [refused, setRefused] = useState<LocalEntryView[]>([]);
  // Bumped when the sync runner's counts change after the first state (not on the first: a second load for nothing).
  const [generation, setGeneration] = useState(0);
  const seen = useRef<string | null>(null);
  const key = stateKey(state);
  useEffect(() => {
    if (!state) return;
    if (seen.current !== null && seen.current !== key) setGeneration((n) => n + 1);
    seen.current = key;
  }, [state, key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on each news of the sync runner
  useEffect(() => {
    if (!api) return;
    let live = true;
    api
      .localEntries(Number(projectId), Number(formId))
      .then((found) => live && setRefused(found.filter((e) => e.syncState === 'refused')))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, projectId, formId, state]);

  return (
    <>
      {refused.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          {refused.map((entry) => (
            <Alert key={entry.entryId} severity="error">
              {message('offlineScreens.register.refused', {
                entryNumber: entryNumberOf(entry),
                message: entry.error?.message ?? message('common.serverError'),
              })}
            </Alert>
          ))}
        </Stack>
      )}
      {/* Drawn again when the sync runner's counts change, so each row's sync state is current. */}
      <ScreenPage key={generation} screenId="offline/form-register" />
      <Outlet />
    </>
  );
}

export default OfflineRegisterPage;
