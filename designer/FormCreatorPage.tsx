/**
 * The form creator's page (issue 21 parts 1, 5, 7's live panel, 8's publish and 9; routes.json
 * `{area}/form-creator` and `{area}/form-creator/:formId`, page `formCreator`): loads the form's working copy
 * (forms.get, with forms.publishImpact for the ids its published versions used and the design check's context; both
 * asked by the `:formId` route's loader `workingCopy` beside the shell's guards, and taken here when the page mounts)
 * or starts a blank draft, and lays out the creator around one {@link DesignerStore}: a toolbar (Undo and Redo naming
 * the edit, the save state, the version, Design check with its count, Preview, JSON, Publish), the palette column,
 * the page tabs above the canvas, the property panel, and the live design check.
 *
 * The draft autosaves (./autosave.ts); a new form is created on its first save and its id put in the URL without
 * remounting (the `:formId` route is a child of the page's route, so the page and its undo history stay). While a
 * save is pending, running or refused the page reports unsaved changes to the shell's leave guard; the page being
 * hidden saves at once. Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y undo and redo (./page/undo-keys.ts).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  Link as RouterLink,
  type UIMatch,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
import { canRedo, canUndo, type Draft, type EditKind, redoKind, undoKind } from '../engine/designer';
import type { DesignCheckContext, DesignProblem } from '../engine/forms/design-check';
import { importedDraft, questionOfFinding } from '../engine/import/report-view';
import type { ImportFinding } from '../engine/import/types';
import { type MessageId, message } from '../engine/messages/catalogue';
import type { FormArea, FormDefinition } from '../engine/types/generated';
import { callOperation, errorText } from '../runtime/api/client';
import { OnceOpened } from '../runtime/plain/OnceOpened';
import { useUnsavedChanges } from '../runtime/shell/leave-guard';
import type { WorkingCopyLoad } from '../runtime/shell/route-loaders';
import { Autosaver, type SaveState } from './autosave';
import { Canvas } from './canvas/Canvas';
import { DesignerDnd } from './canvas/dnd';
import { PageTabs } from './canvas/PageTabs';
import { ExportDialog } from './import/ExportDialog';
import { ImportDialog, type ImportOutcome } from './import/ImportDialog';
import { ImportReport } from './import/ImportReport';
import { LibraryMenu } from './library/QuestionLibrary';
import { DesignCheckPanel, useDesignProblems } from './page/DesignCheckPanel';
import { JsonDialog } from './page/JsonDialog';
import { PublishDialog, type PublishImpact } from './page/PublishDialog';
import { undoKeyOf } from './page/undo-keys';
import { Palette } from './palette/Palette';
import { PreviewDialog } from './preview/PreviewDialog';
import { PropertyPanel } from './properties/PropertyPanel';
import { DesignerContext, DesignerStore, useDesigner, useDesignerStore } from './store';

/** The route's parameters with the fixed ones of its parents (routes.json `params`: formArea). */
function useRouteParams(): { formArea: string; formId?: string } {
  const path = useParams();
  const matches = useMatches() as Array<UIMatch<unknown, { params?: Record<string, string> } | undefined>>;
  const fixed = Object.assign({}, ...matches.map((m) => m.handle?.params ?? {})) as Record<string, string>;
  return { formArea: path.formArea ?? fixed.formArea, formId: path.formId };
}

/** A new form's blank draft: the catalogue's "Untitled form", one empty page. */
export function blankDraft(formArea: string): Draft {
  return {
    id: 0,
    clientId: 0,
    formArea: formArea as FormArea,
    title: message('formCreator.untitled'),
    status: 'Draft',
    version: 1,
    pages: [{ id: 1, label: message('formCreator.pageLabel', { number: 1 }), questions: [] }],
  };
}

/** What the page loaded with the draft: the published version and its entries (the design check's context). */
interface Loaded {
  store: DesignerStore;
  autosaver: Autosaver;
  publishedVersion: number | null;
  context: DesignCheckContext;
  /** The import this new draft came from (not saved yet when opened). */
  imported?: ImportOutcome;
  /** The report of the import the form came from: this session's, or one kept in the tab for the saved form. */
  importReport?: KeptReport;
}

/** An import's report as the creator keeps it beside the form. */
type KeptReport = Pick<ImportOutcome['result'], 'report' | 'summary'>;

const reportKey = (formArea: string, formId: number | string) => `site-forms:import-report:${formArea}:${formId}`;

/**
 * Keeps an imported form's report in the tab's session storage once the form is saved, so a reload of the form
 * (or opening it again in the tab) still shows it. Storage refused (private mode, full): the report stays for the
 * session only.
 */
function keepReport(formArea: string, formId: number, kept: KeptReport): void {
  try {
    sessionStorage.setItem(reportKey(formArea, formId), JSON.stringify(kept));
  } catch {
    // Not kept past this page: nothing else depends on it.
  }
}

/** The report kept for a saved form in this tab, if any. */
function keptReport(formArea: string, formId: number | string): KeptReport | undefined {
  try {
    const text = sessionStorage.getItem(reportKey(formArea, formId));
    const kept = text ? (JSON.parse(text) as KeptReport) : undefined;
    return Array.isArray(kept?.report) && kept?.summary ? kept : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The location state that opens an imported draft (the Import dialog's "Open in the form creator"): the import's
 * answer and a nonce, so that a second import onto the same path starts a new session.
 */
export interface ImportedState {
  imported: ImportOutcome & { nonce: string };
}

function importedOf(state: unknown): ImportedState['imported'] | undefined {
  const imported = (state as Partial<ImportedState> | null)?.imported;
  return imported?.result?.definition ? imported : undefined;
}

/** Opens an import's draft in the form creator, unsaved (a new session of the new-form path). */
export function useOpenImported(formArea: string): (outcome: ImportOutcome) => void {
  const navigate = useNavigate();
  return useCallback(
    (outcome: ImportOutcome) => {
      const state: ImportedState = { imported: { ...outcome, nonce: `${Date.now()}-${Math.random()}` } };
      navigate(`/${formArea}/form-creator`, { state });
    },
    [navigate, formArea],
  );
}

/**
 * The page. A new path (another form, or a new one from the menu) starts a new session; the id a new form got
 * on its first save does not (its history stays).
 */
export function FormCreatorPage() {
  const { formArea, formId } = useRouteParams();
  const location = useLocation();
  const imported = formId === undefined ? importedOf(location.state) : undefined;
  const created = useRef<string | undefined>(undefined);
  const onCreated = useCallback((id: number) => {
    created.current = String(id);
  }, []);
  const [session, setSession] = useState({ formId, n: 0, nonce: imported?.nonce });
  if (formId !== session.formId || (imported && imported.nonce !== session.nonce)) {
    const adopted = formId !== undefined && formId === created.current;
    setSession({ formId, n: adopted ? session.n : session.n + 1, nonce: imported?.nonce });
  }
  return (
    <FormCreatorSession
      key={`${formArea}|${session.n}`}
      formArea={formArea}
      formId={session.formId}
      imported={imported}
      onCreated={onCreated}
    />
  );
}

function FormCreatorSession(props: {
  formArea: string;
  formId?: string;
  imported?: ImportOutcome;
  onCreated: (id: number) => void;
}) {
  const { formArea, onCreated } = props;
  // The form this session opened (a new form's id, once created, changes only the URL), or the import it opened.
  const [formId] = useState(props.formId);
  const [imported] = useState(props.imported);
  // The working copy's calls the route's loader started for this form (runtime/shell/route-loaders.ts workingCopy),
  // taken once: a later session of the page (a form opened again) asks anew.
  const matches = useMatches();
  const [started] = useState(() =>
    matches
      .map((m) => (m.data as { workingCopy?: WorkingCopyLoad } | undefined)?.workingCopy)
      .find((w) => w !== undefined && w.formArea === formArea && w.formId === props.formId),
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const start = async (): Promise<Loaded> => {
      if (formId === undefined) {
        // An imported draft is the history's start (nothing to undo back to) and is not saved until the
        // administrator saves or edits it (docs/import-and-migration.md "Import in the form creator").
        const store = new DesignerStore(
          imported ? importedDraft(imported.result.definition, formArea) : blankDraft(formArea),
        );
        return {
          store,
          autosaver: new Autosaver(store, formArea, undefined),
          publishedVersion: null,
          context: {},
          imported,
          importReport: imported?.result,
        };
      }
      const params = { formArea, id: formId };
      const [copy, impact] = await Promise.all([
        started?.copy ?? callOperation<FormDefinition>('forms.get', { params }),
        (started?.impact as Promise<PublishImpact> | undefined) ??
          callOperation<PublishImpact>('forms.publishImpact', { params }),
      ]);
      const store = new DesignerStore(copy, impact.idFloor);
      return {
        store,
        autosaver: new Autosaver(store, formArea, { formId: copy.id, modified: copy.modified }),
        publishedVersion: impact.publishedVersion,
        context: { published: impact.published ?? undefined, entryCount: impact.entries },
        importReport: keptReport(formArea, copy.id),
      };
    };
    let made: Loaded | undefined;
    start()
      .then((result) => {
        made = result;
        if (live) setLoaded(result);
        else result.autosaver.dispose();
      })
      .catch((error) => live && setFailed(errorText(error)));
    return () => {
      live = false;
      made?.autosaver.dispose();
    };
  }, [formArea, formId, imported, started]);

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!loaded) return <Typography color="text.secondary">{message('common.loading')}</Typography>;
  return (
    <DesignerContext.Provider value={loaded.store}>
      <Creator formArea={formArea} loaded={loaded} onCreated={onCreated} />
    </DesignerContext.Provider>
  );
}

function useSaveState(autosaver: Autosaver): SaveState {
  return useSyncExternalStore(autosaver.subscribe, autosaver.getState);
}

/**
 * A part of the save state (a primitive): the component renders again only when it changes, not on every change
 * of the state (an edit makes it pending, then saving, then saved).
 */
function useSaveStateOf<T extends string | number | boolean | undefined>(
  autosaver: Autosaver,
  pick: (state: SaveState) => T,
): T {
  return useSyncExternalStore(autosaver.subscribe, () => pick(autosaver.getState()));
}

/**
 * Reports unsaved work to the shell's leave guard: while a save waits, runs or was refused, and an imported draft
 * nothing was saved of. Its own component, so that the save state's changes on each edit render nothing else.
 */
function UnsavedReport({ autosaver, imported }: { autosaver: Autosaver; imported: boolean }) {
  const unsaved = useSaveStateOf(
    autosaver,
    (state) =>
      state.status === 'pending' ||
      state.status === 'saving' ||
      state.status === 'failed' ||
      (imported && state.status === 'new'),
  );
  // The guard forgets reports when the path changes (a new page starts clean); this page stays, so it reports
  // again after the guard has forgotten.
  const report = useUnsavedChanges();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the reason to report again
  useEffect(() => {
    report(unsaved);
    const again = setTimeout(() => report(unsaved));
    return () => clearTimeout(again);
  }, [report, unsaved, pathname]);
  return null;
}

/** The save state indicator; with another administrator's save, its message and Reload. */
function SaveIndicator({ autosaver, formArea }: { autosaver: Autosaver; formArea: string }) {
  const state = useSaveState(autosaver);
  const store = useDesignerStore();
  const reload = async () => {
    if (state.formId === undefined) return;
    const copy = await callOperation<FormDefinition>('forms.get', { params: { formArea, id: state.formId } });
    autosaver.reloaded(copy);
    store.reset(copy, store.getState().history.floor);
  };
  const text =
    state.status === 'new'
      ? message('formCreator.saveState.new')
      : state.status === 'saved'
        ? message('formCreator.saveState.saved')
        : state.status === 'failed'
          ? message('formCreator.saveState.failed', { reason: state.error?.message ?? '' })
          : message('formCreator.saveState.saving');
  return (
    <Stack direction="row" alignItems="center" spacing={1} sx={{ maxWidth: 640 }}>
      <Typography
        variant="body2"
        color={state.status === 'failed' ? 'error' : 'text.secondary'}
        data-testid="designer-save-state"
        role="status"
      >
        {text}
      </Typography>
      {autosaver.conflicted && (
        <Button color="error" size="small" variant="outlined" onClick={reload}>
          {message('formCreator.reload')}
        </Button>
      )}
    </Stack>
  );
}

/** The catalogue's name of each kind of edit, for "Undo {edit}" (a new kind fails the type check until named). */
const EDIT_NAMES: Record<EditKind, MessageId> = {
  addQuestion: 'formCreator.edit.addQuestion',
  updateQuestion: 'formCreator.edit.updateQuestion',
  changeQuestionType: 'formCreator.edit.changeQuestionType',
  deleteQuestions: 'formCreator.edit.deleteQuestions',
  moveQuestions: 'formCreator.edit.moveQuestions',
  duplicateQuestions: 'formCreator.edit.duplicateQuestions',
  pasteQuestions: 'formCreator.edit.pasteQuestions',
  addPage: 'formCreator.edit.addPage',
  renamePage: 'formCreator.edit.renamePage',
  movePage: 'formCreator.edit.movePage',
  deletePage: 'formCreator.edit.deletePage',
  updateSettings: 'formCreator.edit.updateSettings',
  updatePageCondition: 'formCreator.edit.updatePageCondition',
};

/**
 * The Undo or Redo button with the edit it takes back or makes again in its tooltip. What it shows follows the
 * history after the edit's frame (a deferred value): an Undo that empties the history disabled the focused button in
 * the edit's commit, and Chromium then laid the page out twice in the middle of it (the focus leaving a disabled
 * button; React putting it back), about 5 ms of an Undo's frame (issue 21 "Speed", docs/performance.md "The fourth
 * pass"). A click in that frame on a button still enabled does nothing (the store's undo of an empty history).
 */
function HistoryButton({ which }: { which: 'undo' | 'redo' }) {
  const store = useDesignerStore();
  // What it shows, not the history: an edit of the same kind as the last renders neither button again.
  const enabled = useDeferredValue(useDesigner((s) => (which === 'undo' ? canUndo(s.history) : canRedo(s.history))));
  const kind: EditKind | undefined = useDeferredValue(
    useDesigner((s) => (which === 'undo' ? undoKind(s.history) : redoKind(s.history))),
  );
  return (
    <HistoryButtonView
      which={which}
      enabled={enabled}
      kind={kind}
      onClick={which === 'undo' ? store.undo : store.redo}
    />
  );
}

/** The history buttons' keyboard focus, without MUI's focus ripple. */
const HISTORY_FOCUS = {
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/** The button of {@link HistoryButton}, memoised: the edit's own render leaves it as it was. */
const HistoryButtonView = memo(function HistoryButtonView({
  which,
  enabled,
  kind,
  onClick,
}: {
  which: 'undo' | 'redo';
  enabled: boolean;
  kind: EditKind | undefined;
  onClick: () => void;
}) {
  const tip = kind
    ? message(which === 'undo' ? 'formCreator.undoEdit' : 'formCreator.redoEdit', {
        edit: message(EDIT_NAMES[kind]),
      })
    : message(which === 'undo' ? 'formCreator.nothingToUndo' : 'formCreator.nothingToRedo');
  const tipId = useId();
  // The tooltip shows the edit on hover and focus; the button's description says it to a screen reader.
  return (
    <Tooltip title={tip} describeChild>
      <span>
        <Button
          aria-label={message(which === 'undo' ? 'formCreator.undo' : 'formCreator.redo')}
          aria-describedby={tipId}
          disabled={!enabled}
          onClick={onClick}
          // No ripple (its start and stop rendered in the click's own task); the keyboard focus is an outline.
          disableRipple
          sx={HISTORY_FOCUS}
        >
          {message(which === 'undo' ? 'formCreator.undo' : 'formCreator.redo')}
          <Box component="span" id={tipId} sx={visuallyHidden}>
            {tip}
          </Box>
        </Button>
      </span>
    </Tooltip>
  );
});

/** The store's notice (a refusal, a deletion with Undo) as a snackbar. */
function NoticeSnackbar() {
  const store = useDesignerStore();
  // A notice goes (an Undo clears the deletion's) after the edit's frame: the snackbar is keyed by its notice, and its
  // unmount was part of an Undo's frame (docs/performance.md "The fourth pass"). A new notice shows at once.
  const now = useDesigner((s) => s.notice);
  const later = useDeferredValue(now);
  const notice = now ?? later;
  return (
    <Snackbar
      key={notice?.seq}
      open={notice !== undefined}
      autoHideDuration={notice?.undoable ? 8000 : 5000}
      onClose={(_, reason) => reason !== 'clickaway' && store.dismiss()}
      // A click elsewhere does not close it (above), so no click-away listener: its check of the page's scrollbar
      // forced a layout in every click's task while a notice showed (an Undo's among them).
      slotProps={{ clickAwayListener: { mouseEvent: false, touchEvent: false } }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={notice?.severity === 'error' ? 'error' : 'info'}
        onClose={store.dismiss}
        action={
          notice?.undoable ? (
            <Button color="inherit" size="small" onClick={store.undo}>
              {message('formCreator.undo')}
            </Button>
          ) : undefined
        }
      >
        {notice ? message(notice.messageId, notice.params) : ''}
      </Alert>
    </Snackbar>
  );
}

/** No problems (before the first check, or none found): one array, so the toolbar's props stay the same. */
const NO_PROBLEMS: DesignProblem[] = [];

function Creator(props: { formArea: string; loaded: Loaded; onCreated: (id: number) => void }) {
  const { formArea, loaded, onCreated } = props;
  const { store, autosaver } = loaded;
  const title = useDesigner((s) => s.history.present.title);
  // Parts of the save state only (the toolbar does not render on each edit's pending, saving, saved).
  const formId = useSaveStateOf(autosaver, (state) => state.formId);
  const isNew = useSaveStateOf(autosaver, (state) => state.status === 'new');
  const conflicted = useSaveStateOf(autosaver, (state) => state.status === 'failed' && state.error?.status === 409);
  const [publishedVersion, setPublishedVersion] = useState(loaded.publishedVersion);
  const [context, setContext] = useState(loaded.context);
  // Unknown until the first check, after the first paint (the button then names no counts).
  const checkedProblems = useDesignProblems(context);
  const problems = checkedProblems ?? NO_PROBLEMS;
  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const [checkOpen, setCheckOpen] = useState(false);
  const [dialog, setDialog] = useState<'publish' | 'json' | 'preview' | 'import' | 'export' | null>(null);
  const { imported, importReport } = loaded;
  const [reportOpen, setReportOpen] = useState(importReport !== undefined);
  const openImported = useOpenImported(formArea);
  // An opened import says what it is and that it is not saved yet (the save state says it too).
  useEffect(() => {
    if (imported) store.tell({ messageId: 'import.ui.opened', params: { title: store.draft.title }, severity: 'info' });
  }, [imported, store]);
  // The form library's Import (routes to a new form with ?import=1) opens the dialog at once.
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    if (search.get('import') === null) return;
    setDialog('import');
    setSearch(
      (params) => {
        params.delete('import');
        return params;
      },
      { replace: true },
    );
  }, [search, setSearch]);
  const ids = { toolbar: useId(), palette: useId(), canvas: useId(), check: useId() };

  // The leave guard is told by <UnsavedReport> (an imported draft nothing was saved of is unsaved work too).
  const report = useUnsavedChanges();
  // Once the imported form exists, its report is kept with it in the tab.
  useEffect(() => {
    if (imported && formId !== undefined)
      keepReport(formArea, formId, { report: imported.result.report, summary: imported.result.summary });
  }, [imported, formId, formArea]);
  const urlFormId = useParams().formId;

  // A new form's first save: its id goes into the URL; the path changes, the page and its history stay, so
  // there is nothing to ask before that navigation.
  const navigate = useNavigate();
  useEffect(() => {
    if (formId === undefined || urlFormId !== undefined) return;
    onCreated(formId);
    report(false);
    navigate(`/${formArea}/form-creator/${formId}`, { replace: true });
  }, [formId, urlFormId, onCreated, report, navigate, formArea]);

  // The page hidden (a closed tab, another app on a phone): save what is waiting at once.
  useEffect(() => {
    const hide = () => void autosaver.flush({ keepalive: true });
    window.addEventListener('pagehide', hide);
    return () => window.removeEventListener('pagehide', hide);
  }, [autosaver]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const asked = undoKeyOf(event);
      if (!asked) return;
      event.preventDefault();
      if (asked === 'undo') store.undo();
      else store.redo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);

  const onPublished = useCallback((published: FormDefinition, impact: PublishImpact) => {
    setPublishedVersion(published.version);
    setContext({ published: { pages: published.pages }, entryCount: impact.entries });
  }, []);
  const checkLabel = useMemo(
    () =>
      checkedProblems === undefined
        ? message('formCreator.designCheck')
        : message('formCreator.checkCount', { errors: errorCount, warnings: problems.length - errorCount }),
    [checkedProblems, errorCount, problems.length],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box
        component="section"
        aria-labelledby={ids.toolbar}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
      >
        <Typography id={ids.toolbar} variant="h5" component="h1" sx={{ mr: 1 }}>
          {title || message('formCreator.untitled')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="designer-version">
          {publishedVersion === null
            ? message('formCreator.notPublished')
            : message('formCreator.version', { version: publishedVersion })}
        </Typography>
        {publishedVersion !== null && formId !== undefined && (
          <Link component={RouterLink} to={`/${formArea}/form-library/${formId}/versions`} variant="body2">
            {message('formCreator.versions')}
          </Link>
        )}
        <Divider orientation="vertical" flexItem />
        <SaveIndicator autosaver={autosaver} formArea={formArea} />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={0.5} role="toolbar" aria-label={message('formCreator.toolbar')}>
          <HistoryButton which="undo" />
          <HistoryButton which="redo" />
          <Tooltip title={checkLabel} describeChild>
            <Button
              aria-label={message('formCreator.designCheck')}
              aria-pressed={checkOpen}
              onClick={() => setCheckOpen((open) => !open)}
            >
              {message('formCreator.designCheck')}
              {/* A count of its own rather than MUI's Badge, which would join the MUI chunk every page loads. */}
              {problems.length > 0 && (
                <Box
                  component="span"
                  data-testid="designer-check-count"
                  sx={{
                    ml: 1,
                    px: 0.75,
                    borderRadius: 5,
                    fontSize: 12,
                    lineHeight: '20px',
                    minWidth: 20,
                    color: 'common.white',
                    bgcolor: errorCount > 0 ? 'error.main' : 'warning.dark',
                  }}
                >
                  {problems.length}
                </Box>
              )}
            </Button>
          </Tooltip>
          {imported !== undefined && isNew && (
            <Button variant="outlined" onClick={() => void autosaver.flush({ create: true })}>
              {message('import.ui.save')}
            </Button>
          )}
          {importReport !== undefined && (
            <Button aria-pressed={reportOpen} onClick={() => setReportOpen((shown) => !shown)}>
              {message('import.ui.reportButton')}
            </Button>
          )}
          <Button onClick={() => setDialog('preview')}>{message('formCreator.preview')}</Button>
          <Button onClick={() => setDialog('json')}>{message('formCreator.json')}</Button>
          <Button onClick={() => setDialog('import')}>{message('import.ui.run')}</Button>
          <Button onClick={() => setDialog('export')}>{message('import.ui.export')}</Button>
          <Button variant="contained" onClick={() => setDialog('publish')} disabled={conflicted}>
            {message('formCreator.publish')}
          </Button>
        </Stack>
      </Box>
      {/* One drag-and-drop context for palette, page tabs and canvas (designer/canvas/dnd.tsx). On a wide screen the
          three columns fill the window below the toolbar and scroll each on its own, so the canvas's virtualised list
          has a bounded height and the palette and properties stay in view beside a long page. */}
      <Workspace
        paletteId={ids.palette}
        canvasId={ids.canvas}
        checkId={ids.check}
        checkOpen={checkOpen}
        problems={problems}
        importReport={reportOpen ? importReport : undefined}
      />
      <UnsavedReport autosaver={autosaver} imported={imported !== undefined} />
      <NoticeSnackbar />
      <OnceOpened open={dialog === 'publish'}>
        <PublishDialog
          open={dialog === 'publish'}
          onClose={() => setDialog(null)}
          autosaver={autosaver}
          formArea={formArea}
          onPublished={onPublished}
        />
      </OnceOpened>
      <OnceOpened open={dialog === 'json'}>
        <JsonDialog open={dialog === 'json'} onClose={() => setDialog(null)} />
      </OnceOpened>
      <OnceOpened open={dialog === 'preview'}>
        <PreviewDialog open={dialog === 'preview'} onClose={() => setDialog(null)} />
      </OnceOpened>
      <OnceOpened open={dialog === 'import'}>
        <ImportDialog
          open={dialog === 'import'}
          onClose={() => setDialog(null)}
          formArea={formArea}
          onOpen={(outcome) => {
            setDialog(null);
            openImported(outcome);
          }}
        />
      </OnceOpened>
      <OnceOpened open={dialog === 'export'}>
        <ExportDialog open={dialog === 'export'} onClose={() => setDialog(null)} />
      </OnceOpened>
    </Box>
  );
}

/**
 * The three columns under one drag-and-drop context, memoised: an edit re-renders the parts that read the draft
 * (canvas, page tabs, property panel) and not the DndContext above them, whose new context values re-rendered
 * every draggable (the palette's items, the tabs, the rows) on each key typed into a property (issue 21 "Speed":
 * label-to-canvas p95 144 ms against SurveyJS's 63 ms before, 36-52 ms after; docs/performance.md).
 */
const Workspace = memo(function Workspace(props: {
  paletteId: string;
  canvasId: string;
  checkId: string;
  checkOpen: boolean;
  problems: DesignProblem[];
  /** The import report shown above the canvas. */
  importReport?: KeptReport;
}) {
  const { paletteId, canvasId, checkId, checkOpen, problems, importReport } = props;
  return (
    <DesignerDnd>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr) 320px' },
          height: { md: 'max(480px, calc(100vh - 260px))' },
          alignItems: 'stretch',
        }}
      >
        <Box component="section" aria-labelledby={paletteId} sx={{ overflowY: { md: 'auto' }, minHeight: 0 }}>
          <Typography id={paletteId} variant="subtitle1" component="h2">
            {message('formCreator.questionTypes')}
          </Typography>
          <LibraryMenu />
          <Palette />
        </Box>
        <Box
          component="section"
          aria-labelledby={canvasId}
          sx={{ minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        >
          <Typography id={canvasId} variant="subtitle1" component="h2">
            {message('formCreator.pagesAndQuestions')}
          </Typography>
          {checkOpen && (
            <Box
              sx={{ mb: 1, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '35%', overflowY: 'auto' }}
            >
              <DesignCheckPanel problems={problems} headingId={checkId} />
            </Box>
          )}
          {importReport && <ImportedReport kept={importReport} />}
          <PageTabs />
          <Box sx={{ flex: 1, minHeight: { xs: '70vh', md: 0 }, display: 'flex', flexDirection: 'column' }}>
            <Canvas />
          </Box>
        </Box>
        {/* The panel is its own landmark (an aside named Properties, with its heading). */}
        <Box sx={{ overflowY: { md: 'auto' }, minHeight: 0 }}>
          <PropertyPanel />
        </Box>
      </Box>
    </DesignerDnd>
  );
});

/**
 * The import's report in the creator (issue 22 §1: the administrator fixes reported items): each finding about a
 * question has Show question, which shows its page and selects it for the property panel.
 */
function ImportedReport({ kept }: { kept: KeptReport }) {
  const store = useDesignerStore();
  const headingId = useId();
  const questionOf = useCallback((finding: ImportFinding) => questionOfFinding(store.draft, finding), [store]);
  return (
    <Box
      data-testid="designer-import-report"
      sx={{ mb: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: '35%', overflowY: 'auto' }}
    >
      <ImportReport
        report={kept.report}
        summary={kept.summary}
        headingId={headingId}
        questionOf={questionOf}
        onShow={(questionId) => store.select(questionId)}
      />
    </Box>
  );
}
