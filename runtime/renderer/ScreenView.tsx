/**
 * ScreenView: a loaded screen document rendered by its kind (a register, a form in a mode, or a
 * menu), for any host: a page (ScreenPage) or a dialog (ScreenDialog). Each kind's renderer is its
 * own chunk, loaded on demand.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { message } from '../../engine/messages/catalogue';
import type { FormMode, ScreenDocument } from './documents';

const Register = lazy(() => import('./Register').then((m) => ({ default: m.Register })));
const FormScreen = lazy(() => import('./FormScreen').then((m) => ({ default: m.FormScreen })));
const MenuScreen = lazy(() => import('./MenuScreen').then((m) => ({ default: m.MenuScreen })));

export interface ScreenViewProps {
  document: ScreenDocument;
  /** Values the document's templates read, e.g. the route parameters. */
  params: Record<string, string | undefined>;
  /** Mode of a form screen; default 'add'. */
  mode?: FormMode;
  /** Called with a title provider's title (titleFrom). */
  onTitle?: (title: string) => void;
  /**
   * The host's part in the screen's outcome: a register's 'close' action answer, or a form's submit
   * answer (instead of the document's `then`). Without it, a page keeps the document's own behaviour.
   */
  onResult?: (answer: unknown) => void;
}

/** A centred progress circle while a document or a renderer loads. */
export function ScreenLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={message('common.loading')} />
    </Box>
  );
}

/** Renders `document` by its kind; see the module comment. */
export function ScreenView({ document: doc, params, mode = 'add', onTitle, onResult }: ScreenViewProps) {
  return (
    <Suspense fallback={<ScreenLoading />}>
      {doc.kind === 'register' && (
        <Register key={doc.id} document={doc} params={params} onTitle={onTitle} onResult={onResult} />
      )}
      {doc.kind === 'form' && (
        <FormScreen
          key={`${doc.id}-${mode}`}
          document={doc}
          params={params}
          mode={mode}
          onTitle={onTitle}
          onSubmitted={onResult}
        />
      )}
      {doc.kind === 'menu' && <MenuScreen key={doc.id} document={doc} params={params} />}
    </Suspense>
  );
}
