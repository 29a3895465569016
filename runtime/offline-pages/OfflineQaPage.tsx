/**
 * `/offline/:projectId/qa` (shell-access-navigation.md §2.3; issue 26 §2, §7; contract §7): the project's offline
 * forms, quality assurance and health and safety, from the bundle kept on the device (runtime/offline): each with
 * how many of its entries are on the device, how many wait to sync or are in conflict, its register (the form's
 * offline register, `/offline/{projectId}/qa/{formId}` or `…/health-and-safety/{formId}`) and Add (when the bundle
 * says the user may edit). A project not on the device says so and links to `/offline`.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import type { OfflineBundle } from '../../engine/types/generated/offline-bundle';
import { type LocalEntryView, projectBundle, useOfflineApi, useOfflineState } from './offline-api';

/** The path segment of a form area's offline pages: qa for quality assurance (the spec's), else the area. */
export function areaSegment(formArea: string): string {
  return formArea === 'quality-assurance' ? 'qa' : formArea;
}

/** The offline register of a form. */
export function registerPath(projectId: number | string, formArea: string, formId: number | string): string {
  return `/offline/${projectId}/${areaSegment(formArea)}/${formId}`;
}

const AREA_TITLES: Record<string, 'qa.title' | 'shell.healthSafety'> = {
  'quality-assurance': 'qa.title',
  'health-and-safety': 'shell.healthSafety',
};

/** The page; see the module comment. */
export function OfflineQaPage() {
  const { projectId } = useParams();
  const api = useOfflineApi();
  const state = useOfflineState();
  const [bundle, setBundle] = useState<OfflineBundle | null | undefined>(undefined);
  const [entries, setEntries] = useState<LocalEntryView[]>([]);

  useEffect(() => {
    let live = true;
    projectBundle(Number(projectId))
      .then((found) => live && setBundle(found ?? null))
      .catch(() => live && setBundle(null));
    return () => {
      live = false;
    };
  }, [projectId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on each news of the sync runner
  useEffect(() => {
    if (!api) return;
    let live = true;
    api
      .localEntries(Number(projectId))
      .then((found) => live && setEntries(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, projectId, state]);

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {bundle
          ? `${message('offlineScreens.qa.title')}: ${bundle.project.code} ${bundle.project.name}`
          : message('offlineScreens.qa.title')}
      </Typography>
      {bundle === undefined ? (
        <LinearProgress aria-label={message('common.loading')} />
      ) : bundle === null ? (
        <Alert severity="info">
          {message('offlineScreens.qa.notOnDevice')}{' '}
          <Link component={RouterLink} to="/offline">
            {message('offlineScreens.projects.title')}
          </Link>
        </Alert>
      ) : bundle.forms.length === 0 ? (
        <Alert severity="info">{message('offlineScreens.qa.noForms')}</Alert>
      ) : (
        <>
          {!bundle.canEdit && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {message('offlineScreens.qa.viewOnly')}
            </Alert>
          )}
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{message('offlineScreens.qa.form')}</TableCell>
                <TableCell>{message('offlineScreens.qa.area')}</TableCell>
                <TableCell>{message('offlineScreens.qa.entries')}</TableCell>
                <TableCell>{message('offlineScreens.register.syncState')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {bundle.forms.map((form) => {
                const mine = entries.filter((e) => e.formId === form.id);
                const waiting = mine.filter((e) => e.syncState === 'pending' || e.syncState === 'syncing').length;
                const conflicts = mine.filter((e) => e.syncState === 'conflict').length;
                const refused = mine.filter((e) => e.syncState === 'refused').length;
                const area = AREA_TITLES[form.formArea as string];
                const register = registerPath(bundle.project.id, form.formArea as string, form.id as number);
                return (
                  <TableRow key={`${form.formArea}-${form.id}`}>
                    <TableCell>
                      <Link component={RouterLink} to={register}>
                        {form.title}
                      </Link>
                    </TableCell>
                    <TableCell>{area ? message(area) : form.formArea}</TableCell>
                    <TableCell>{mine.length}</TableCell>
                    <TableCell>
                      {[
                        waiting > 0 ? `${message('offlineScreens.syncState.pending')}: ${waiting}` : '',
                        conflicts > 0 ? `${message('offlineScreens.syncState.conflict')}: ${conflicts}` : '',
                        refused > 0 ? `${message('offlineScreens.syncState.refused')}: ${refused}` : '',
                      ]
                        .filter(Boolean)
                        .join(', ') || (mine.length > 0 ? message('offlineScreens.syncState.synced') : '')}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button component={RouterLink} to={register} size="small">
                          {message('offlineScreens.qa.register')}
                        </Button>
                        {bundle.canEdit && form.displayEntryCreateButton !== false && (
                          <Button
                            component={RouterLink}
                            to={`${register}/add`}
                            size="small"
                            variant="contained"
                            aria-label={`${message('register.add')}: ${form.title}`}
                          >
                            {message('register.add')}
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}

export default OfflineQaPage;
