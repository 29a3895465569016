/**
 * `/offline` (shell-access-navigation.md §2.3; administration-data.md §7 Projects; issue 26 §1, §6; contract §7):
 * - On this device: the projects kept on the device (runtime/offline offlineProjects) with when each was
 *   downloaded and how many of its changes are not synced; Forms, Photos, Refresh, and Remove from device (asked
 *   first; refused with the count while anything of the project is not synced: releasing would lose it).
 * - Projects you may take offline (projects.getQaOfflineInfo, online only): Take offline downloads the bundle
 *   (takeProjectOffline records it with updateQaOfflineInfo too).
 * - Available offline: a switch per project the user may edit (projects.getall's hasEdit), saved with
 *   projects.offlineAvailability (updateProjectOffineAvailability); the list above follows it.
 * - Storage on this device: used of quota, whether it is persistent, and a button asking for persistence.
 * - Download unsynced data: a zip of everything not acknowledged (issue 26 §6).
 * A component, not a screen document: its actions call the device side (runtime/offline), which the renderer's
 * action kinds (operation calls) do not reach.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import type { Project } from '../../engine/types/generated/project';
import { callOperation, errorText, saveFile } from '../api/client';
import { formatBytes, formatTime } from './format';
import { type OfflineProject, useOfflineApi, useOfflineState } from './offline-api';

interface QaOfflineInfo {
  projectIds: number[];
  updated: string | null;
  projects: Array<{ id: number; code: string; name: string }>;
}

interface Notice {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/** The name of the unsynced-data zip: `unsynced-<yyyy-mm-dd>.zip` (the device's date). */
export function unsyncedFileName(now: Date): string {
  return `unsynced-${now.toISOString().slice(0, 10)}.zip`;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The page; see the module comment. */
export function OfflineProjectsPage() {
  const api = useOfflineApi();
  const state = useOfflineState();
  const [onDevice, setOnDevice] = useState<OfflineProject[] | null>(null);
  const [info, setInfo] = useState<QaOfflineInfo | null>(null);
  const [infoFailed, setInfoFailed] = useState(false);
  const [editable, setEditable] = useState<Project[]>([]);
  const [storage, setStorage] = useState<{ usage: number; quota: number; persisted: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<OfflineProject | null>(null);

  const readDevice = useCallback(async () => {
    if (!api) return;
    const [projects, space] = await Promise.all([api.offlineProjects(), api.storageInfo()]);
    setOnDevice(projects);
    setStorage(space);
  }, [api]);

  const readServer = useCallback(async () => {
    try {
      const [answer, projects] = await Promise.all([
        callOperation<QaOfflineInfo>('projects.getQaOfflineInfo'),
        callOperation<Project[]>('projects.getall', { params: { type: 'projects' } }),
      ]);
      setInfo(answer);
      setEditable(projects.filter((p) => p.hasEdit === true));
      setInfoFailed(false);
    } catch {
      setInfoFailed(true);
    }
  }, []);

  useEffect(() => {
    readDevice().catch(() => undefined);
  }, [readDevice]);
  // The sync runner's news (a sync finished, a bundle refreshed) changes the unsynced counts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on each new state
  useEffect(() => {
    if (state) readDevice().catch(() => undefined);
  }, [state]);
  useEffect(() => {
    readServer();
  }, [readServer]);

  /** Runs one action of the page: its button busy meanwhile, its outcome in the notice. */
  async function run(key: string, action: () => Promise<string | undefined>): Promise<void> {
    setBusy(key);
    setNotice(null);
    try {
      const done = await action();
      if (done) setNotice({ severity: 'success', text: done });
    } catch (error) {
      setNotice({ severity: 'error', text: errorText(error) });
    } finally {
      setBusy(null);
      await readDevice().catch(() => undefined);
    }
  }

  const kept = new Set((onDevice ?? []).map((p) => p.projectId));
  const takeable = (info?.projects ?? []).filter((p) => !kept.has(p.id));

  function askRemove(project: OfflineProject): void {
    if (project.unsynced > 0) {
      setNotice({
        severity: 'error',
        text: message('offlineScreens.projects.removeUnsynced', { code: project.code, count: project.unsynced }),
      });
      return;
    }
    setRemoving(project);
  }

  function remove(project: OfflineProject): void {
    setRemoving(null);
    run(`remove-${project.projectId}`, async () => {
      await api?.releaseProject(project.projectId);
      return message('offlineScreens.projects.removed', { code: project.code });
    });
  }

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {message('offlineScreens.projects.title')}
      </Typography>
      {notice && (
        <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}

      <Section title={message('offlineScreens.projects.onDevice')}>
        {!onDevice ? (
          <LinearProgress aria-label={message('common.loading')} />
        ) : onDevice.length === 0 ? (
          <Alert severity="info">{message('offlineScreens.projects.noneOnDevice')}</Alert>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{message('offlineScreens.projects.project')}</TableCell>
                <TableCell>{message('offlineScreens.projects.downloadedAt')}</TableCell>
                <TableCell>{message('offlineScreens.projects.unsynced')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {onDevice.map((project) => (
                <TableRow key={project.projectId}>
                  <TableCell>{`${project.code} ${project.name}`}</TableCell>
                  <TableCell>{formatTime(project.downloadedAt)}</TableCell>
                  <TableCell>{project.unsynced}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      <Button
                        component={RouterLink}
                        to={`/offline/${project.projectId}/qa`}
                        size="small"
                        variant="contained"
                      >
                        {message('offlineScreens.projects.open')}
                      </Button>
                      <Button component={RouterLink} to={`/offline/${project.projectId}/photos`} size="small">
                        {message('offlineScreens.projects.photos')}
                      </Button>
                      <Button
                        size="small"
                        disabled={busy !== null || state?.online === false}
                        onClick={() =>
                          run(`refresh-${project.projectId}`, async () => {
                            await api?.refreshBundle(project.projectId);
                            return message('offlineScreens.projects.refreshed', { code: project.code });
                          })
                        }
                      >
                        {message('offlineScreens.projects.refresh')}
                      </Button>
                      <Button size="small" color="error" disabled={busy !== null} onClick={() => askRemove(project)}>
                        {message('offlineScreens.projects.remove')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section title={message('offlineScreens.projects.available')}>
        {infoFailed ? (
          <Alert severity="info">{message('offlineScreens.projects.needsConnection')}</Alert>
        ) : !info ? (
          <LinearProgress aria-label={message('common.loading')} />
        ) : takeable.length === 0 && kept.size === 0 ? (
          <Alert severity="info">{message('offlineScreens.projects.noneAvailable')}</Alert>
        ) : (
          <Stack spacing={1}>
            {takeable.map((project) => (
              <Stack key={project.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography sx={{ flex: 1 }}>{`${project.code} ${project.name}`}</Typography>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={busy !== null || !api || state?.online === false}
                  onClick={() =>
                    run(`take-${project.id}`, async () => {
                      await api?.takeProjectOffline(project.id);
                      return message('offlineScreens.projects.taken', { code: project.code });
                    })
                  }
                >
                  {message('offlineScreens.projects.takeOffline')}
                </Button>
              </Stack>
            ))}
          </Stack>
        )}
        {busy?.startsWith('take-') && <LinearProgress aria-label={message('common.loading')} sx={{ mt: 1 }} />}
      </Section>

      {!infoFailed && info && (
        <Section title={message('offlineScreens.availability.title')}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {message('offlineScreens.availability.hint')}
          </Typography>
          {editable.length === 0 ? (
            <Alert severity="info">{message('offlineScreens.availability.none')}</Alert>
          ) : (
            <Stack>
              {editable.map((project) => (
                <FormControlLabel
                  key={project.id}
                  label={`${project.code} ${project.name}`}
                  control={
                    <Switch
                      checked={project.offlineAvailable === true}
                      disabled={busy !== null}
                      slotProps={{
                        input: {
                          'aria-label': message('offlineScreens.availability.switch', {
                            code: project.code,
                            name: project.name,
                          }),
                        },
                      }}
                      onChange={(_, checked) =>
                        run(`available-${project.id}`, async () => {
                          await callOperation('projects.offlineAvailability', {
                            body: { id: project.id, offlineAvailable: checked },
                          });
                          await readServer();
                          return undefined;
                        })
                      }
                    />
                  }
                />
              ))}
            </Stack>
          )}
        </Section>
      )}

      <Section title={message('offlineScreens.storage.title')}>
        {storage && (
          <>
            <Typography>
              {message('offlineScreens.storage.used', {
                used: formatBytes(storage.usage),
                quota: formatBytes(storage.quota),
              })}
            </Typography>
            <LinearProgress
              variant="determinate"
              aria-hidden
              value={storage.quota > 0 ? Math.min(100, (storage.usage / storage.quota) * 100) : 0}
              sx={{ my: 1 }}
            />
            <Typography variant="body2" sx={{ mb: 1 }}>
              {message(storage.persisted ? 'offlineScreens.storage.persisted' : 'offlineScreens.storage.notPersisted')}
            </Typography>
            {!storage.persisted && (
              <Button
                size="small"
                variant="outlined"
                disabled={busy !== null}
                onClick={() =>
                  run('persist', async () => {
                    const granted = await api?.requestPersistence();
                    if (!granted)
                      setNotice({ severity: 'info', text: message('offlineScreens.storage.persistRefused') });
                    return undefined;
                  })
                }
              >
                {message('offlineScreens.storage.persist')}
              </Button>
            )}
          </>
        )}
        <Box sx={{ mt: 2 }}>
          <Button
            variant="outlined"
            disabled={busy !== null || !api}
            onClick={() =>
              run('download', async () => {
                const blob = await (api as NonNullable<typeof api>).downloadUnsynced();
                saveFile({ blob, fileName: unsyncedFileName(new Date()) });
                return undefined;
              })
            }
          >
            {message('offlineScreens.download')}
          </Button>
        </Box>
      </Section>

      <Dialog open={removing !== null} onClose={() => setRemoving(null)}>
        <DialogTitle>{message('offlineScreens.projects.remove')}</DialogTitle>
        <DialogContent>
          {removing && message('offlineScreens.projects.removeConfirm', { code: removing.code })}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{message('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => removing && remove(removing)}>
            {message('offlineScreens.projects.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export default OfflineProjectsPage;
