/**
 * An offline form's register page (`/offline/:projectId/qa/:formId`, `…/health-and-safety/:formId`; issue 26 §5,
 * §7; contract §7): the screen document offline/form-register through the shared renderer (its rows from the
 * offline router, asked again when the sync runner's news say they changed), above it the refusals of its entries
 * with the server's message (a register cell holds a state, not a sentence), and below it the conflict dialog of the child route `entry/:entryNumber/conflicts`
 * (./ConflictDialog), so the register stays in view while a conflict is resolved.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { loadScreen, type ScreenDocument } from '../renderer/documents';
import { useLoaderData, useStableParams } from '../renderer/ScreenPage';
import { ScreenLoading, ScreenView } from '../renderer/ScreenView';
import { type LocalEntryView, type OfflineState, useOfflineApi, useOfflineState } from './offline-api';

/** The register's screen document. */
const REGISTER_SCREEN = 'offline/form-register';

/** The number an offline page shows for an entry: the server's once known, else the device's (negative). */
export function entryNumberOf(entry: Pick<LocalEntryView, 'entryNumber' | 'localNumber'>): number {
  return entry.entryNumber ?? entry.localNumber;
}

/**
 * What of the sync runner's state says rows changed: a round starting or ending (rows syncing), one that reached the
 * server (lastSyncAt), the counts of waiting commands, conflicts and refusals. The rows are asked again (the table
 * stays: paging and sorting are kept).
 */
function stateKey(state: OfflineState | null): string {
  return state ? [state.running, state.lastSyncAt, state.queued, state.conflicts, state.refused].join('|') : '';
}

/** The page; see the module comment. */
export function OfflineRegisterPage() {
  const { projectId, formId } = useParams();
  const api = useOfflineApi();
  const state = useOfflineState();
  const [refused, setRefused] = useState<LocalEntryView[]>([]);
  const params = useStableParams();
  const loaderData = useLoaderData();
  const [doc, setDoc] = useState<ScreenDocument | null>(null);
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    loadScreen(REGISTER_SCREEN).then(setDoc);
  }, []);
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
      {!doc ? (
        <ScreenLoading />
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title ?? message(doc.title)}
          </Typography>
          {/* Its rows are asked again when the sync runner's news say they changed: each row's sync state is current. */}
          <ScreenView
            document={doc}
            params={params}
            onTitle={setTitle}
            loaderData={loaderData}
            reloadKey={generation}
          />
        </>
      )}
      <Outlet />
    </>
  );
}

export default OfflineRegisterPage;
