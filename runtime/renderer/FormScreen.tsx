/**
 * FormScreen: a form screen document (schemas/meta/form.schema.json) through SchemaForm. The form is
 * the document's own schema + uiSchema, or what a named source makes of an API answer (a form
 * definition compiled by the engine). In view and edit modes the saved item is loaded and turned
 * into form data by a named converter. Submit builds the body with a named body builder, calls the
 * document's operation, then navigates (`then`) or hands the answer to `onSubmitted`.
 *
 * A refused submit or page save (issue 19): the details that name a field of the form show at their
 * fields, with their pages marked (SchemaForm `serverErrors`), under the catalogue's summary
 * ('form.errorSummary'); details that name no field are listed under it. The leave guard hears of
 * changes only while the data differs from what the form started with (SchemaForm `onDirtyChange`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { prepareOptionCollator } from '../../engine/forms/field-types/shared';
import type { PagingBlockedMessageId } from '../../engine/machines/paging';
import { type MessageId, message } from '../../engine/messages/catalogue';
import { formRegisterPath } from '../../engine/rules/form-sections';
import { ApiError, callOperation, errorText } from '../api/client';
import { type LeaveQuestion, useHasUnsavedChanges, useLeaveQuestion, useUnsavedChanges } from '../shell/leave-guard';
import { useRunAction } from './actions';
import { holds } from './conditions';
import type { FormDocument, FormMode } from './documents';
import { hasKeptAnswers, KeptAnswers } from './entry/KeptAnswers';
import { withFetchedOptions } from './form-options';
import { fileOfDataUrl } from './functions/body-builders';
import { useScreenHost } from './host/ScreenHost';
import { messageHtml } from './host/sanitize';
import { localizeUiSchema } from './labels';
import { bodyBuilders, type FormSourceResult, formSources, toFormData, validators } from './registry';
import { type FormData, SchemaForm } from './SchemaForm';
import { callFillable, fillTemplate, resolveCall } from './templates';
import { type EntryState, EntryStateContext } from './widgets/entry-state';

/** A row's values as message placeholders (strings and numbers only). */
function templateValues(row: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(row).filter(
      (e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number',
    ),
  );
}

import { useSessionUser } from './user';

/** An answer as placeholder values (an object's fields; nothing for other answers). */
function asRecord(answer: unknown): Record<string, unknown> {
  return answer !== null && typeof answer === 'object' && !Array.isArray(answer)
    ? (answer as Record<string, unknown>)
    : {};
}

/**
 * The field a detail's path names (`q_5`, `/name`, `q_12_other`), if the form has it: the path's first
 * segment when it is a property of the schema, or the question key it extends (`q_<id>`).
 */
function fieldOfPath(path: string, properties: Record<string, unknown>): string | undefined {
  const first = path.replace(/^\//, '').split('/')[0] ?? '';
  if (first !== '' && Object.hasOwn(properties, first)) return first;
  const question = /^(q_\d+)_/.exec(first)?.[1];
  return question && Object.hasOwn(properties, question) ? question : undefined;
}

/**
 * A refusal's details split by where they belong: messages by field (those whose path names a field of the
 * form) and the rest. Anything but an ApiError has neither.
 */
function detailsOf(
  error: Error | null,
  schema: { properties?: Record<string, unknown> } | undefined,
): { byField: Record<string, string[]>; other: string[] } {
  const byField: Record<string, string[]> = {};
  const other: string[] = [];
  if (!(error instanceof ApiError)) return { byField, other };
  for (const d of error.details) {
    const field = fieldOfPath(d.path ?? '', schema?.properties ?? {});
    if (field) byField[field] = [...new Set([...(byField[field] ?? []), d.message])];
    else if (!other.includes(d.message)) other.push(d.message);
  }
  return { byField, other };
}

/**
 * The notice's text for a refusal: the catalogue's summary when details show at their fields; for a body
 * refused with details that name no field, the plain 'The request is not valid.' (the details are listed
 * under it, never run into one line); otherwise the error's own text.
 */
function refusalText(error: Error, refusal: { byField: Record<string, string[]>; other: string[] }): string {
  if (Object.keys(refusal.byField).length > 0) return message('form.errorSummary');
  if (error instanceof ApiError && error.messageId === 'validation.invalidBody' && refusal.other.length > 0)
    return message('validation.badRequest');
  return errorText(error);
}

/** What a refused submit or page save says above the form: its text, and the details listed that are not it. */
function RefusalNotice({
  error,
  refusal,
}: {
  error: Error;
  refusal: { byField: Record<string, string[]>; other: string[] };
}) {
  const text = refusalText(error, refusal);
  const listed = refusal.other.filter((detail) => detail !== text);
  return (
    <Alert severity="error" sx={{ mb: 2 }} role="alert">
      {text}
      {listed.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {listed.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/**
 * An error's text with its details one per line (an import's per-row report, administration-data.md §8). A
 * detail that repeats the text (a rule's single message, e.g. the QR code setup's save rules) is shown once.
 */
function withDetails(error: Error): string {
  const text = errorText(error);
  const details = error instanceof ApiError ? error.details.map((d) => d.message) : [];
  return [...new Set([text, ...details])].join('\n');
}

export interface FormScreenProps {
  document: FormDocument;
  params: Record<string, string | undefined>;
  mode: FormMode;
  /** Replaces the document's `then`: what happens with the operation's answer. */
  onSubmitted?: (answer: unknown) => void | Promise<void>;
  /** Called with the source's title (titleFrom 'source'). */
  onTitle?: (title: string) => void;
  /** The row the form opens with (a modal form opened by a row action): its form data and `row`. */
  input?: Record<string, unknown>;
  /** Screen inputs of the page showing the form (e.g. { type }); template values before the route's. */
  screen?: Record<string, string | undefined>;
  /** A change loads the form again. */
  reloadKey?: number;
  /** Data the route's loaders fetched, by loader name (a source's `fromLoader`). */
  loaderData?: Record<string, unknown>;
}

type Loaded = { form: FormSourceResult; formData: FormData; item?: Record<string, unknown> };

function staticForm(doc: FormDocument): Loaded | null {
  if (doc.source || !doc.schema) return null;
  return {
    form: { schema: doc.schema, uiSchema: localizeUiSchema(doc.uiSchema ?? {}), data: undefined },
    formData: {},
  };
}

/** The form's schema without some of its fields (the upload fields, which the body does not carry). */
function withoutFields<S>(schema: S, fields: ReadonlySet<string>): S {
  const given = schema as { properties?: Record<string, unknown> } | undefined;
  if (!given?.properties) return schema;
  const properties = Object.fromEntries(Object.entries(given.properties).filter(([key]) => !fields.has(key)));
  return { ...given, properties } as S;
}

/**
 * The files of the upload fields (submit.uploads), each field's sent as multipart `files` with its call, in order;
 * a field holding no file makes no call.
 * @throws ApiError when an upload is refused
 */
async function sendUploads(
  uploads: readonly NonNullable<NonNullable<FormDocument['submit']>['uploads']>[number][],
  formData: FormData,
  scope: Parameters<typeof resolveCall>[1],
): Promise<void> {
  for (const upload of uploads) {
    const value = formData[upload.field];
    const dataUrls = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && v.startsWith('data:'),
    );
    if (dataUrls.length === 0) continue;
    const body = new globalThis.FormData();
    for (const dataUrl of dataUrls) body.append('files', fileOfDataUrl(dataUrl));
    const { params, query } = resolveCall(upload.call, scope);
    await callOperation(upload.call.operation, { params, query, body });
  }
}

/** State passed to the next page after a successful submit, for its confirmation toast. */
export interface FlashState {
  flashMessageId?: string;
}

// The options' collator is made in a task of its own once this code is in: the form page's route calls are usually
// still out then, and its compile (which sorts dropdowns' options with it) need not wait for the locale data.
if (typeof window !== 'undefined') setTimeout(prepareOptionCollator, 0);

/** Renders a form screen document; see the module comment. */
const NO_SCREEN: Record<string, string | undefined> = {};

export function FormScreen({
  document: doc,
  params,
  mode: requestedMode,
  onSubmitted,
  onTitle,
  input,
  screen = NO_SCREEN,
  reloadKey = 0,
  loaderData,
}: FormScreenProps) {
  const navigate = useNavigate();
  const reportUnsaved = useUnsavedChanges();
  const hasUnsaved = useHasUnsavedChanges();
  const runAction = useRunAction();
  const host = useScreenHost();
  const user = useSessionUser();
  // A new entry whose form is the document's own, or comes from a route loader's data, is there at the
  // first render: the form renders with the page rather than after it (an effect runs after the paint).
  // A prefill counts only where the route can fill its call (a scanned code's token, a linked entry): the entry
  // screen names two, and the plain add route, which fills neither, rendered a pass late (after the shell painted).
  const initial = useMemo(() => {
    const prefills = requestedMode === 'add' && doc.prefill?.some((p) => callFillable(p.call, [screen, params]));
    if (requestedMode !== 'add' || input || doc.load?.notFound || prefills || doc.options) return null;
    if (!doc.source) return staticForm(doc);
    const fromLoader = doc.source.fromLoader ? loaderData?.[doc.source.fromLoader] : undefined;
    if (fromLoader === undefined) return null;
    performance.mark('form:source');
    const form = formSources[doc.source.name](fromLoader);
    performance.mark('form:compiled');
    return { form, formData: {} } satisfies Loaded;
  }, [doc, requestedMode, input, loaderData, screen, params]);
  useEffect(() => {
    if (initial && doc.titleFrom === 'source' && initial.form.title) onTitle?.(initial.form.title);
  }, [initial, doc.titleFrom, onTitle]);
  const [loaded, setLoaded] = useState<Loaded | null>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  // What the named validator reads besides the form data (validationData), e.g. the other setups.
  const [validationData, setValidationData] = useState<unknown>(undefined);
  const [submitError, setSubmitError] = useState<ApiError | Error | null>(null);
  const [formKey, setFormKey] = useState(0);
  // Each load is a new form (SchemaForm takes its data once), so newly loaded data shows.
  const [loadCount, setLoadCount] = useState(0);
  const scope = [screen as Record<string, unknown>, params as Record<string, unknown>];
  // A form whose load may find nothing ('add' on 404) is in edit mode once it has an item.
  const mode = requestedMode === 'view' ? 'view' : loaded?.item ? 'edit' : requestedMode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and formKey (after a save) load the form again
  useEffect(() => {
    if (initial) return;
    let live = true;
    (async () => {
      let form: FormSourceResult;
      let sourceAnswer: unknown;
      if (doc.source) {
        const loaded = doc.source.fromLoader ? loaderData?.[doc.source.fromLoader] : undefined;
        const { params: callParams } = resolveCall(doc.source.call, [params]);
        const answer = loaded ?? (await callOperation<unknown>(doc.source.call.operation, { params: callParams }));
        sourceAnswer = answer;
        performance.mark('form:source');
        form = formSources[doc.source.name](answer);
        performance.mark('form:compiled');
      } else {
        form = { schema: doc.schema ?? {}, uiSchema: localizeUiSchema(doc.uiSchema ?? {}), data: undefined };
      }
      if (doc.options) form = { ...form, schema: await withFetchedOptions(doc, form.schema, [screen, params]) };
      // The row a form opens with (edit, view), through the document's converter; a form opened to add starts
      // empty (its schema's defaults).
      let formData: FormData = input
        ? doc.fromInput && requestedMode !== 'add'
          ? toFormData[doc.fromInput](input, form.data)
          : { ...input }
        : {};
      let item: Record<string, unknown> | undefined = input;
      // The first prefill whose call the route can fill (a scanned code's token, a linked entry); none on the
      // plain add route.
      // A modal opened to add has an empty row as its input: that prefills like a plain add route.
      const prefill =
        (!input || Object.keys(input).length === 0) && requestedMode === 'add'
          ? doc.prefill?.find((p) => callFillable(p.call, [screen, params]))
          : undefined;
      if (prefill) {
        const { params: callParams, query } = resolveCall(prefill.call, [screen, params]);
        const answer = await callOperation<unknown>(prefill.call.operation, { params: callParams, query });
        formData = toFormData[prefill.toFormData](answer, form.data);
      }
      if (doc.validationData) {
        const { params: callParams, query } = resolveCall(doc.validationData.call, [screen, params]);
        const answer = await callOperation<unknown>(doc.validationData.call.operation, { params: callParams, query });
        if (live) setValidationData(answer);
      }
      if (!input && doc.load && (requestedMode !== 'add' || doc.load.notFound === 'add')) {
        const { params: callParams, query } = resolveCall(doc.load.call, [screen, params]);
        try {
          const answer = await callOperation<Record<string, unknown>>(doc.load.call.operation, {
            params: callParams,
            query,
          });
          item = answer;
          // A saved item shown as it was filled in: the source's version it names (source.viewVersion), in view
          // mode, and in edit mode too where the route keeps it (source.keepVersionWhen: the offline pages, whose
          // entries keep the form version they were started on, issue 26 §5).
          const keep = doc.source?.keepVersionWhen;
          const kept = requestedMode === 'view' || (requestedMode === 'edit' && !!keep && params[keep] === 'true');
          const wanted = doc.source?.viewVersion && kept ? answer[doc.source.viewVersion] : undefined;
          if (doc.source && typeof wanted === 'number' && wanted !== (sourceAnswer as { version?: unknown }).version) {
            const { params: callParams } = resolveCall(doc.source.call, [params]);
            const versioned = await callOperation<unknown>(doc.source.call.operation, {
              params: callParams,
              query: { version: String(wanted) },
            });
            form = formSources[doc.source.name](versioned);
          }
          formData = toFormData[doc.load.toFormData](answer, form.data);
        } catch (e) {
          if (!(doc.load.notFound === 'add' && e instanceof ApiError && e.status === 404)) throw e;
          item = undefined;
        }
      }
      if (!live) return;
      setLoaded({ form, formData, item: requestedMode === 'add' && input ? undefined : item });
      setLoadCount((n) => n + 1);
      if (doc.titleFrom === 'source' && form.title) onTitle?.(form.title);
      if (doc.rowTitle && input && requestedMode !== 'add') onTitle?.(message(doc.rowTitle, templateValues(input)));
    })().catch((e: unknown) => {
      if (live) setLoadError(errorText(e));
    });
    return () => {
      live = false;
    };
  }, [doc, params, screen, requestedMode, initial, onTitle, input, reloadKey, formKey, loaderData]);

  const validatorName = doc.validator;
  const loadedItem = loaded?.item;
  const validate = useMemo(
    () =>
      validatorName
        ? (data: FormData) => validators[validatorName](data, { data: validationData, item: loadedItem })
        : undefined,
    [validatorName, validationData, loadedItem],
  );
  const formParams = useMemo(() => ({ ...params, ...screen }), [params, screen]);
  // A refusal's details by field (shown at the fields) and the others (listed in the notice).
  const formSchema = loaded?.form.schema;
  const refusal = useMemo(
    () => detailsOf(submitError, formSchema as { properties?: Record<string, unknown> } | undefined),
    [submitError, formSchema],
  );

  // The entry number a page save answered: later page saves and the final submit update that entry.
  const savedEntryNumber = useRef<number | undefined>(undefined);
  const entryParams = () =>
    savedEntryNumber.current === undefined ? params : { ...params, entryNumber: String(savedEntryNumber.current) };

  // Page saves go one after the other, and the final submit waits for them: a later save must know the entry
  // number an earlier one answered, or a slow connection would make two entries.
  const pageSaves = useRef<Promise<boolean>>(Promise.resolve(true));
  // The form's data and page as the user left them last, for a save when the user leaves the form.
  const latestData = useRef<FormData>({});
  // (null until the user moves: the page the form opened at.)
  const currentPage = useRef<number | null>(null);
  // A full submit ended the entry: leaving asks nothing more.
  const completed = useRef(false);

  // Page saves (form-configuration.md §4) make a new item a draft, and continue one (an item loaded with
  // isDraft); a submitted item changes only by a full submit (docs/decisions.md "Drafts").
  const continuingDraft = requestedMode !== 'add' && loadedItem?.isDraft === true;
  const savesPages = Boolean(doc.submit?.pageSave) && mode !== 'view' && (requestedMode === 'add' || continuingDraft);
  // A draft opens at the page it was left on (its activePageOrder, 1-based).
  const startPage =
    continuingDraft && typeof loadedItem?.activePageOrder === 'number' ? loadedItem.activePageOrder - 1 : 0;

  /**
   * Leaving a page saves the entry so far (submit.pageSave; form-configuration.md §4), after earlier saves; the
   * page shown next is where the draft opens again.
   */
  const handlePageLeave = (formData: FormData, _pageLeft: number, nextPageIndex: number) => {
    currentPage.current = nextPageIndex;
    pageSaves.current = pageSaves.current.then(() => savePage(formData, nextPageIndex));
    return pageSaves.current.then(() => undefined);
  };

  // The refusal of the last page save that failed: a later page save that succeeds takes only that away, not a
  // refused submit (the page change a refusal makes saves a draft, and the refusal must stay).
  const pageSaveError = useRef<Error | null>(null);

  /** One page save; true when it was saved (a refusal shows as the submit error). */
  const savePage = async (formData: FormData, activePageIndex: number): Promise<boolean> => {
    const submit = doc.submit;
    if (!loaded || !submit) return false;
    try {
      const body = await bodyBuilders[submit.body]({
        formData,
        sourceData: loaded.form.data,
        params: { ...entryParams(), ...screen },
        item: loaded.item,
      });
      const { params: callParams, query } = resolveCall(submit.call, [screen, params]);
      const answer = await callOperation<{ entryNumber?: number }>(submit.call.operation, {
        params: callParams,
        query: { ...query, isFromPaging: 'true', activePageOrder: String(activePageIndex + 1) },
        body,
      });
      if (typeof answer?.entryNumber === 'number' && requestedMode === 'add')
        savedEntryNumber.current = answer.entryNumber;
      setSubmitError((shown) => (shown !== null && shown === pageSaveError.current ? null : shown));
      return true;
    } catch (e) {
      const error = e instanceof Error ? e : new Error(errorText(e));
      pageSaveError.current = error;
      setSubmitError(error);
      return false;
    }
  };

  // The leave question reads the save of the latest render (it is made once, before the form has loaded).
  const latestSavePage = useRef(savePage);
  latestSavePage.current = savePage;

  // What a file field must know of the entry: whether it is saved (its files then stay when the page is left).
  const entryState = useMemo<EntryState>(
    () => ({ saved: () => savedEntryNumber.current !== undefined || requestedMode !== 'add' }),
    [requestedMode],
  );

  // Leaving an entry form that is a draft, or holds answers not saved yet, asks whether to keep the draft or
  // discard it (docs/decisions.md "Drafts"), and does what the answer says.
  const draftNumber = () =>
    savedEntryNumber.current ?? (continuingDraft && params.entryNumber ? Number(params.entryNumber) : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the question reads refs when the user leaves
  const leaveQuestion = useMemo<LeaveQuestion | null>(() => {
    if (!savesPages) return null;
    return {
      applies: () => !completed.current && (savedEntryNumber.current !== undefined || hasUnsaved()),
      text: () => message(draftNumber() === undefined ? 'form.unsavedEntryLeave' : 'form.draftLeave'),
      // A page save in flight (Cancel right after Next) makes the entry a draft when it answers.
      settled: () => pageSaves.current,
      choices: [
        {
          label: message('form.keepDraft'),
          variant: 'contained',
          run: async () => {
            if (!(await pageSaves.current)) return false;
            if (!hasUnsaved() && draftNumber() !== undefined) return true;
            const saved = await latestSavePage.current(latestData.current, currentPage.current ?? startPage);
            if (!saved) throw new Error(message('form.draftNotKept'));
            return true;
          },
        },
        {
          label: message('form.discardDraft'),
          variant: 'outlined',
          run: async () => {
            await pageSaves.current;
            const entryNumber = draftNumber();
            if (entryNumber !== undefined && doc.submit?.discardCall) {
              const { params: callParams } = resolveCall(doc.submit.discardCall, [
                { entryNumber: String(entryNumber) },
                screen,
                params,
              ]);
              try {
                await callOperation(doc.submit.discardCall.operation, { params: callParams });
              } catch (e) {
                throw new Error(errorText(e));
              }
            }
            return true;
          },
        },
        { label: message('form.stay'), run: async () => false },
      ],
    };
  }, [savesPages, continuingDraft, params, screen, doc.submit]);
  useLeaveQuestion(leaveQuestion);

  /**
   * then.offerLinked: asks, for each active linked form setup of the saved entry's form, whether to open the
   * linked form's new entry prefilled from it; true when the user said Yes (and was taken there).
   */
  const offerLinkedForm = async (answer: unknown): Promise<boolean> => {
    const saved = answer as { formId?: number; entryNumber?: number; projectId?: number; formArea?: string };
    if (!host || !saved?.formId || !saved.entryNumber) return false;
    const links = await callOperation<
      { linkedFormId: number; linkedFormArea: string; linkedFormTitle?: string; isActive: boolean }[]
    >('forms.links', { query: { formId: String(saved.formId) } }).catch(() => []);
    for (const link of links.filter((l) => l.isActive)) {
      const yes = await host.confirm(messageHtml('forms.offerLinked', { title: link.linkedFormTitle ?? '' }));
      if (!yes) continue;
      navigate(
        `${formRegisterPath(saved.projectId ?? '', link.linkedFormArea, link.linkedFormId)}/linked/${saved.formArea}/${saved.formId}/${saved.entryNumber}`,
      );
      return true;
    }
    return false;
  };

  const handleSubmit = async (formData: FormData, andNew = false) => {
    const submit = doc.submit;
    if (!loaded || !submit) return;
    setSubmitError(null);
    const { confirm } = submit;
    const row = loaded.item;
    if (confirm && holds(confirm.when, { row, formData, route: params, screen, user, selection: [] })) {
      const html = messageHtml(confirm.messageId, { ...params, ...screen, ...row, ...formData });
      if (host && !(await host.confirm(html))) return;
    }
    await pageSaves.current;
    try {
      // The upload fields' files go after the call (submit.uploads), not in its body.
      const uploadFields = new Set((submit.uploads ?? []).map((u) => u.field));
      const bodyData = Object.fromEntries(Object.entries(formData).filter(([key]) => !uploadFields.has(key)));
      const bodySchema = uploadFields.size > 0 ? withoutFields(loaded.form.schema, uploadFields) : loaded.form.schema;
      const body = await bodyBuilders[submit.body]({
        formData: bodyData,
        sourceData: loaded.form.data,
        params: { ...entryParams(), ...screen },
        item: row,
        schema: bodySchema,
      });
      const call = row && submit.editCall ? submit.editCall : submit.call;
      const { params: callParams, query } = resolveCall(call, [row, screen, params]);
      const answer = await callOperation<unknown>(call.operation, { params: callParams, body, query });
      await sendUploads(submit.uploads ?? [], formData, [{ answer }, row, screen, params]);
      completed.current = true;
      reportUnsaved(false);
      // Save & New: the item is saved; the form starts afresh in add mode.
      if (andNew) {
        completed.current = false;
        savedEntryNumber.current = undefined;
        if (submit.successMessageId && host)
          host.toast(message(submit.successMessageId, templateValues(asRecord(answer))));
        setFormKey((k) => k + 1);
        return true;
      }
      // Completing a new entry offers its linked forms; changing a saved one does not.
      if (submit.then?.offerLinked && requestedMode === 'add' && (await offerLinkedForm(answer))) return true;
      if (submit.then?.navigate && !onSubmitted) {
        const state: FlashState = { flashMessageId: submit.successMessageId };
        navigate(fillTemplate(submit.then.navigate, [params]), { state });
        return true;
      }
      if (submit.successMessageId && host)
        host.toast(message(submit.successMessageId, templateValues(asRecord(answer))));
      if (submit.then?.reset) setFormKey((k) => k + 1);
      if (onSubmitted) await onSubmitted(answer);
      return true;
    } catch (e) {
      const error = e instanceof Error ? e : new Error(errorText(e));
      if (submit.onError === 'ignore') return;
      if (submit.onError === 'modal' && host) host.showError(withDetails(error) || message('common.serverError'));
      else setSubmitError(error);
      if (submit.resetOnError) setFormKey((k) => k + 1);
    }
  };

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!loaded) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={message('common.loading')} />
      </Box>
    );
  }

  const context = { row: loaded.item, route: params, screen, user, selection: [] };
  const buttons = (doc.buttons ?? []).filter(
    (button) => (!button.modes || button.modes.includes(mode)) && holds(button.visibleWhen, context),
  );
  const runButton = async (button: (typeof buttons)[number]) => {
    setSubmitError(null);
    try {
      const outcome = await runAction(button.action, [loaded.item, ...scope], {
        context,
        params: { ...params, ...screen },
      });
      if (outcome.kind === 'refresh') setFormKey((k) => k + 1);
    } catch (e) {
      setSubmitError(e as Error);
    }
  };
  return (
    <Box>
      {hasKeptAnswers(loaded.item) && <KeptAnswers kept={loaded.item.keptAnswers} />}
      <EntryStateContext.Provider value={entryState}>
        <SchemaForm
          key={`${formKey}-${loadCount}`}
          schema={loaded.form.schema}
          uiSchema={loaded.form.uiSchema}
          pages={loaded.form.pages}
          formData={loaded.formData}
          readonly={mode === 'view'}
          submitLabel={doc.submit ? message(doc.submit.label) : undefined}
          disableWhileInvalid={doc.submit?.disableWhileInvalid}
          validate={validate}
          params={formParams}
          blockedMessageId={doc.messages?.blocked as PagingBlockedMessageId | undefined}
          invalidMessage={doc.messages?.invalid ? message(doc.messages.invalid as MessageId) : undefined}
          onSubmit={handleSubmit}
          secondSubmit={
            doc.submit?.andNew && mode === 'add'
              ? { label: message(doc.submit.andNew.label), onSubmit: (data) => handleSubmit(data, true) }
              : undefined
          }
          startPage={startPage}
          onPageLeave={savesPages ? handlePageLeave : undefined}
          onChange={
            mode === 'view'
              ? undefined
              : (data) => {
                  latestData.current = data;
                }
          }
          onDirtyChange={mode === 'view' ? undefined : reportUnsaved}
          serverErrors={refusal.byField}
          notice={submitError && <RefusalNotice error={submitError} refusal={refusal} />}
          actions={buttons.map((button) => (
            <Button
              key={button.id}
              variant={button.variant ?? 'outlined'}
              disabled={!holds(button.enabledWhen, context)}
              onClick={() => void runButton(button)}
            >
              {message(button.label)}
            </Button>
          ))}
        />
      </EntryStateContext.Provider>
    </Box>
  );
}
