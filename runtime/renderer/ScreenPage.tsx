/**
 * ScreenPage: loads a screen document by id and renders it as a page with the route parameters:
 * its title as the heading, then the screen (ScreenView: a register, a form in the route's mode, or
 * a menu).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { type FormMode, loadScreen, type ScreenDocument } from './documents';
import { ScreenLoading, ScreenView } from './ScreenView';

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
  if (!doc) return <ScreenLoading />;
  const heading = title ?? message(doc.title);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <ScreenView document={doc} params={params} mode={mode} onTitle={setTitle} />
    </Box>
  );
}
