/**
 * ScreenView: a loaded screen document rendered by its kind (a register, a form in a mode, a menu, a
 * page of several documents, or a file browser), for any host: a page (ScreenPage) or a dialog (ScreenDialog). Each kind's
 * renderer is its own chunk, loaded on demand. The outermost ScreenView mounts the ScreenHost (the
 * confirmation, error and form dialogs and the toasts actions use).
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { message } from '../../engine/messages/catalogue';
import type { FormMode, ScreenDocument } from './documents';
import { ScreenHost } from './host/ScreenHost';

/** Each kind's view, loaded on demand (the same module promise for a preload and the lazy component). */
const viewModules = {
  register: () => import('./Register'),
  form: () => import('./FormScreen'),
  menu: () => import('./MenuScreen'),
  page: () => import('./PageScreen'),
  'file-browser': () => import('./files/FileBrowser'),
} as const;

type ViewKind = keyof typeof viewModules;
type ViewModule<K extends ViewKind> = Awaited<ReturnType<(typeof viewModules)[K]>>;

/** The views already loaded, by kind. */
const loadedViews: { [K in ViewKind]?: ViewModule<K> } = {};

function loadView<K extends ViewKind>(kind: K): Promise<ViewModule<K>> {
  return (viewModules[kind]() as Promise<ViewModule<K>>).then((module) => {
    (loadedViews as Record<K, ViewModule<K>>)[kind] = module;
    return module;
  });
}

/**
 * A lazy view that renders at once when its code is already loaded (a route preloaded it): React reads a
 * thenable that calls back synchronously without suspending, so the page renders in one pass.
 */
function lazyView<K extends ViewKind, P>(kind: K, pick: (module: ViewModule<K>) => ComponentType<P>) {
  return lazy(() => {
    const loaded = loadedViews[kind] as ViewModule<K> | undefined;
    if (loaded) {
      const ready = { default: pick(loaded) };
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (see the function's comment)
      return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
    }
    return loadView(kind).then((module) => ({ default: pick(module) }));
  });
}

const Register = lazyView('register', (m) => m.Register);
const FormScreen = lazyView('form', (m) => m.FormScreen);
const MenuScreen = lazyView('menu', (m) => m.MenuScreen);
const PageScreen = lazyView('page', (m) => m.PageScreen);
const FileBrowser = lazyView('file-browser', (m) => m.FileBrowser);

/**
 * Starts loading the view of a document's kind, so a route can fetch it beside its data instead of after
 * the document arrived (the code of a page then comes in one round rather than a chain).
 */
export function preloadView(kind: ScreenDocument['kind']): Promise<unknown> {
  return loadView(kind).catch(() => undefined);
}

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
  /** Screen inputs of the page the document is part of (e.g. { type }). */
  screen?: Record<string, string | undefined>;
  /** A change reloads the screen's data (a sibling part saved). */
  reloadKey?: number;
  /** The row a form opens with (a form opened in a modal by a row action). */
  input?: Record<string, unknown>;
  /** Data the route's named loaders fetched, by loader name (e.g. `form`): the screen does not fetch it again. */
  loaderData?: Record<string, unknown>;
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
export function ScreenView({
  document: doc,
  params,
  mode = 'add',
  onTitle,
  onResult,
  screen,
  reloadKey,
  input,
  loaderData,
}: ScreenViewProps) {
  // A view whose code is loaded renders without a Suspense boundary around it, decided once: it never suspends, and a
  // first screen drawn on the server then hydrates with the page in one pass (React leaves a boundary's content from
  // the server for a later, lowest-priority pass). Both sides draw the same: the server's route preloaded the view.
  const [direct] = useState(() => loadedViews[doc.kind as ViewKind] !== undefined);
  const view = (
    <>
      {doc.kind === 'register' && (
        <Register
          key={doc.id}
          document={doc}
          params={params}
          onTitle={onTitle}
          onResult={onResult}
          screen={screen}
          reloadKey={reloadKey}
          loaderData={loaderData}
        />
      )}
      {doc.kind === 'form' && (
        <FormScreen
          key={`${doc.id}-${mode}`}
          document={doc}
          params={params}
          mode={mode}
          onTitle={onTitle}
          onSubmitted={onResult}
          screen={screen}
          reloadKey={reloadKey}
          input={input}
          loaderData={loaderData}
        />
      )}
      {doc.kind === 'menu' && <MenuScreen key={doc.id} document={doc} params={params} />}
      {doc.kind === 'page' && <PageScreen key={doc.id} document={doc} params={params} loaderData={loaderData} />}
      {doc.kind === 'file-browser' && (
        <FileBrowser key={`${doc.id}-${params.projectId ?? ''}`} document={doc} params={params} />
      )}
    </>
  );
  return <ScreenHost>{direct ? view : <Suspense fallback={<ScreenLoading />}>{view}</Suspense>}</ScreenHost>;
}
