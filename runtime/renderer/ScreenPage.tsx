/**
 * ScreenPage: loads a screen document by id and renders it as a page with the route parameters:
 * its title as the heading, then the screen (ScreenView: a register, a form in the route's mode, or
 * a menu).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { type UIMatch, useMatches, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { type FormMode, loadScreen, type ScreenDocument } from './documents';
import { ScreenLoading, ScreenView } from './ScreenView';

export interface ScreenPageProps {
  /** Screen document id, e.g. 'quality-assurance/form-register'. */
  screenId: string;
  /** Mode of a form screen; default 'add'. */
  mode?: FormMode;
  /** The document, when the route loaded it already (it is then shown at the first render). */
  document?: ScreenDocument;
}

/**
 * The route parameters with the fixed ones of the matched routes (routes.json `params`; a path parameter
 * wins), as one object per distinct set of values (effects depend on it).
 */
export function useStableParams(): Record<string, string | undefined> {
  const pathParams = useParams();
  const matches = useMatches() as Array<UIMatch<unknown, { params?: Record<string, string> } | undefined>>;
  const params = Object.assign({}, ...matches.map((m) => m.handle?.params ?? {}), pathParams) as Record<
    string,
    string | undefined
  >;
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the params' values
  return useMemo(() => params, [key]);
}

/**
 * The data of the named loaders of every matched route, by loader name (routes.json `loader`), e.g.
 * `{ project: { code, name }, form: FormDefinition }`: what the route already fetched, for the screen.
 */
export function useLoaderData(): Record<string, unknown> {
  const matches = useMatches() as Array<UIMatch<unknown, { loader?: string } | undefined>>;
  const entries = matches.flatMap((m) => (m.handle?.loader ? [[m.handle.loader, m.data] as const] : []));
  const key = entries.map(([name]) => name).join(',');
  const values = entries.map(([, data]) => data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names and data objects stand for the entries
  return useMemo(() => Object.fromEntries(entries), [key, ...values]);
}

/**
 * The title of a screen titled from its source (`titleFrom: 'source'`) when a route loader has its source (a form's
 * definition): the page's heading is the form's title at its first render, not the screen's for a pass (and the
 * first screen the server draws, runtime/server/render.tsx, has it too).
 */
function loaderTitle(doc: ScreenDocument, loaderData: Record<string, unknown>): string | undefined {
  if (doc.kind !== 'form' || doc.titleFrom !== 'source' || !doc.source?.fromLoader) return undefined;
  const title = (loaderData[doc.source.fromLoader] as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' && title !== '' ? title : undefined;
}

/** Renders the screen document `screenId`; see the module comment. */
export function ScreenPage({ screenId, mode = 'add', document: given }: ScreenPageProps) {
  const params = useStableParams();
  const loaderData = useLoaderData();
  const [doc, setDoc] = useState<ScreenDocument | null>(given ?? null);
  const [failed, setFailed] = useState(false);
  const [title, setTitle] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    if (given) {
      setDoc(given);
      return;
    }
    setDoc(null);
    setTitle(null);
    loadScreen(screenId)
      .then((loaded) => live && setDoc(loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [screenId, given]);

  if (failed) return <Alert severity="error">{message('common.serverError')}</Alert>;
  if (!doc) return <ScreenLoading />;
  const heading = title ?? loaderTitle(doc, loaderData) ?? message(doc.title);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      <ScreenView document={doc} params={params} mode={mode} onTitle={setTitle} loaderData={loaderData} />
    </Box>
  );
}
