/**
 * ScreenPage: loads a screen document by id and renders it with the route parameters: a register,
 * a form (in the route's mode) or a menu. Each kind's renderer is its own chunk, loaded on demand.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { type FormMode, loadScreen, type ScreenDocument } from './documents';

const Register = lazy(() => import('./Register').then((m) => ({ default: m.Register })));
const FormScreen = lazy(() => import('./FormScreen').then((m) => ({ default: m.FormScreen })));
const MenuScreen = lazy(() => import('./MenuScreen').then((m) => ({ default: m.MenuScreen })));

export interface ScreenPageProps {
  /** Screen document id, e.g. 'quality-assurance/form-register'. */
  screenId: string;
  /** Mode of a form screen; default 'add'. */
  mode?: FormMode;
}

/** The route parameters, as one object per distinct set of values (effects depend on it). */
export function useStableParams(): Record<string, string | undefined> {
  const params = useParams();
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the params' values
  return useMemo(() => params, [key]);
}

function Loading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={message('common.loading')} />
    </Box>
  );
}

/** Renders the screen document `screenId`; see the module comment. */
export function ScreenPage({ screenId, mode = 'add' }: ScreenPageProps) {
  const params = useStableParams();
  const [doc, setDoc] = useState<ScreenDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [title, setTitle] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setDoc(null);
    setTitle(null);
    loadScreen(screenId)
      .then((loaded) => live && setDoc(loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [screenId]);

  if (failed) return <Alert severity="error">{message('common.serverError')}</Alert>;
  if (!doc) return <Loading />;
  const heading = title ?? message(doc.title);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <Suspense fallback={<Loading />}>
        {doc.kind === 'register' && <Register key={doc.id} document={doc} params={params} onTitle={setTitle} />}
        {doc.kind === 'form' && (
          <FormScreen key={`${doc.id}-${mode}`} document={doc} params={params} mode={mode} onTitle={setTitle} />
        )}
        {doc.kind === 'menu' && <MenuScreen key={doc.id} document={doc} params={params} />}
      </Suspense>
    </Box>
  );
}
