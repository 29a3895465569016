/**
 * SchemaForm: the shared form renderer (DESIGN.md "runtime/ and designer/"). RJSF with the MUI theme,
 * the field-type registry (./widgets) and the platform's Ajv; every screen form and every compiled
 * form definition renders through it, so what an administrator previews is what a project user fills.
 *
 * Multi-page forms (form-configuration.md §2, §4, §5 "Multi-page renderer"): page links above and
 * below the form, labelled by page label or 'Page N', the active page in red; Next/Previous; going
 * forward is blocked while the current page has errors, with the catalogue message; in view state
 * the checks are skipped. The flow is engine/machines/paging.ts.
 *
 * Issue 19:
 * - Each page of a multi-page form has a heading (its label or 'Page N'). After Next, Previous or a page
 *   link the new page opens at its top: the form's top scrolls into view and its heading takes focus.
 * - Moving and submitting first hand over the edits still on their way from the fields
 *   (widgets/deferred-change.ts, flushed synchronously), then validate: a click right after typing is
 *   never lost.
 * - Checks JSON Schema cannot make (a grid's rows: field-problems.ts) run with the schema's, in the browser
 *   as on the server.
 * - The server's messages (`serverErrors`, a refused submit or page save) show at their questions (RJSF
 *   extraErrors) until the answer changes; the links of the pages holding an error are marked (an icon and
 *   an accessible description), and the form goes to the first of them.
 * - `onDirtyChange` says whether the data differs from what the form started with: the data it was given,
 *   with what changed before the user first touched the form (RJSF's defaults on mount, a widget's default
 *   such as today's date).
 */
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type CoreForm from '@rjsf/core';
import Form from '@rjsf/mui';
import type { CustomValidator, ErrorSchema, FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMachine } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { compiledFormDefaultsBehavior } from '../../engine/forms/compile';
import { type PagingBlockedMessageId, pagingMachine } from '../../engine/machines/paging';
import { message } from '../../engine/messages/catalogue';
import { satisfies } from '../../engine/validation/interpreted';
import { transformErrors } from './errors';
import { fieldProblems } from './field-problems';
import { sameAnswers } from './form-data';
import type { FormValidator } from './functions/validators';
import { formValidator } from './validator';
import { fields, templates, widgets, withTestedWidgets } from './widgets';
import {
  LONG_FORM_FIELDS,
  LONG_FORM_SETTLE_MS,
  type PendingEdits,
  type SchemaFormContext,
} from './widgets/deferred-change';

/** Form data: one key per field (q_<questionId> for compiled form definitions). */
export type FormData = Record<string, unknown>;

/** One page of a multi-page form: its own schema and uiSchema over the keys it holds. */
export interface SchemaFormPage {
  id: number | string;
  /** Shown in the page links; empty means 'Page N'. */
  label: string;
  keys: string[];
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** Shown only while this JSON Schema holds for the form data (a page hidden by condition). */
  visibleWhen?: object;
}

export interface SchemaFormProps {
  /** Schema of the whole form (validated on submit). */
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** Pages of a multi-page form; with fewer than two the whole schema is one page. */
  pages?: SchemaFormPage[];
  /** Initial data; later changes of this prop are not followed (the form owns its data). */
  formData?: FormData;
  onChange?: (formData: FormData) => void;
  /**
   * Called with valid data; while its promise (if any) is pending the submit button is disabled. Giving true
   * says the data is saved: what the form holds becomes what it started with (onDirtyChange).
   */
  onSubmit?: (formData: FormData) => unknown;
  /** View state: inputs are read-only and paging checks are skipped. */
  readonly?: boolean;
  /** The screen's route parameters and inputs, for fields that call the API (formContext.params). */
  params?: Record<string, string | undefined>;
  /** Text of the submit button; without it there is none. */
  submitLabel?: string;
  /** Disable the submit button while the data is invalid (e.g. LOGIN). */
  disableWhileInvalid?: boolean;
  blockedMessageId?: PagingBlockedMessageId;
  /** More buttons after the submit button (Cancel, Back). */
  actions?: ReactNode;
  /** A second submit button (e.g. 'Save & New'): valid data goes to its own handler instead of onSubmit. */
  secondSubmit?: { label: string; onSubmit: (formData: FormData) => unknown };
  /** Shown above the buttons after a submit that failed validation (e.g. 'Please fill in mandatory fields'). */
  invalidMessage?: string;
  /** Prefix of the input ids (default 'root'). */
  idPrefix?: string;
  /** A named validator's check (runtime/renderer/functions/validators.ts): message ids by field. */
  validate?: FormValidator;
  /**
   * Called with the data when the user leaves a page (index from 0) of a multi-page form while editing, with the
   * index of the page shown next.
   */
  onPageLeave?: (formData: FormData, pageIndex: number, nextPageIndex: number) => void | Promise<void>;
  /** The page (index from 0) a multi-page form opens at, e.g. where a draft was left; default 0. */
  startPage?: number;
  /**
   * The server's messages by field key (a refused submit or page save): shown at their fields until the
   * answer changes, the links of their pages marked, and the form goes to the first page holding one. A new
   * object for each refusal.
   */
  serverErrors?: Record<string, string[]>;
  /** Shown at the top of the form, above the page links (e.g. what a refused submit says): it scrolls into view with the form's top. */
  notice?: ReactNode;
  /** Called when the data starts or stops differing from what the form started with (see the module comment). */
  onDirtyChange?: (dirty: boolean) => void;
}

function isValid(
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  data: FormData,
  validate?: FormValidator,
): boolean {
  if (validate && Object.values(validate(data)).some((ids) => (ids?.length ?? 0) > 0)) return false;
  if (Object.keys(fieldProblems(schema, uiSchema, data)).length > 0) return false;
  return formValidator.validateFormData(data, schema).errors.length === 0;
}

/**
 * RJSF's customValidate: a named validator's messages and the checks JSON Schema cannot make
 * (field-problems.ts), each beside its field.
 */
function customValidateOf(
  validate: FormValidator | undefined,
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
): CustomValidator<FormData, RJSFSchema> {
  return (data, errors) => {
    const handlers = errors as unknown as Record<string, FormValidation<FormData> | undefined>;
    for (const [field, ids] of Object.entries(validate?.(data ?? {}) ?? {})) {
      for (const id of ids ?? []) handlers[field]?.addError(message(id));
    }
    for (const [field, texts] of Object.entries(fieldProblems(schema, uiSchema, data ?? {}))) {
      for (const text of texts) handlers[field]?.addError(text);
    }
    return errors;
  };
}

/** Indexes of the shown pages holding a field with an error, in order. */
function invalidPagesOf(pages: SchemaFormPage[], data: FormData): number[] {
  return shownPageIndexes(pages, data).filter((index) => !isValid(pages[index].schema, pages[index].uiSchema, data));
}

/** The server's messages as RJSF extraErrors, for the keys given (a page's), or undefined when there are none. */
function extraErrorsOf(messages: Record<string, string[]>, keys: readonly string[]): ErrorSchema<FormData> | undefined {
  const shown = keys.filter((key) => (messages[key]?.length ?? 0) > 0);
  if (shown.length === 0) return undefined;
  return Object.fromEntries(shown.map((key) => [key, { __errors: messages[key] }])) as ErrorSchema<FormData>;
}

/** True when a page's condition holds (or it has none). */
function pageShown(page: SchemaFormPage, data: FormData): boolean {
  return !page.visibleWhen || satisfies(page.visibleWhen, data);
}

/**
 * Keys of fields whose `ui:visibleWhen` does not hold for `data` (engine/forms/conditions.ts compiles it). A
 * hidden field's value counts as cleared for the others' conditions, as on the server (engine/forms/visibility.ts
 * hiddenQuestionIds): the hidden set is recomputed without the hidden values until it settles, so a field
 * shown while a hidden one is not answered shows, whatever the hidden one held.
 */
export function hiddenKeys(uiSchema: UiSchema, data: FormData): string[] {
  const conditional = Object.entries(uiSchema).flatMap(([key, ui]) => {
    const when = (ui as { 'ui:visibleWhen'?: object } | undefined)?.['ui:visibleWhen'];
    return when ? [[key, when] as const] : [];
  });
  let hidden: string[] = [];
  let seen = data;
  // The hidden fields that hold a value: clearing only these changes what the conditions read.
  let cleared: string[] = [];
  // Conditions read only earlier questions (checkFormDefinition), so this settles within a round per field.
  for (let round = 0; round <= conditional.length; round++) {
    hidden = conditional.flatMap(([key, when]) => (satisfies(when, seen) ? [] : [key]));
    const clearing = hidden.filter((key) => data[key] !== undefined);
    if (sameList(clearing, cleared)) break;
    cleared = clearing;
    seen = Object.fromEntries(Object.entries(data).filter(([key]) => !cleared.includes(key)));
  }
  return hidden;
}

/** Indexes of the pages whose condition holds for `data` (every page without one). */
function shownPageIndexes(pages: SchemaFormPage[] | undefined, data: FormData): number[] {
  return (pages ?? []).flatMap((page, index) => (pageShown(page, data) ? [index] : []));
}

/** True when two lists hold the same items in the same order. */
function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The uiSchema with hidden fields rendered as nothing. */
function withHidden(uiSchema: UiSchema, hidden: readonly string[]): UiSchema {
  if (hidden.length === 0) return uiSchema;
  const out: UiSchema = { ...uiSchema };
  for (const key of hidden) if (key in uiSchema) out[key] = { 'ui:widget': 'hidden' };
  return out;
}

/** The active page link's red (§5 "the active one in red"): 6.6:1 on white, 5.6:1 on the demo clients' page backgrounds (issue 19: #ff0000 was 4:1). */
const ACTIVE_PAGE_COLOUR = '#b71c1c';

/** A page's label in its link and heading: its own, or 'Page N'. */
function pageLabel(page: SchemaFormPage, index: number): string {
  return page.label || message('form.page', { n: index + 1 });
}

/** The shared form renderer; see the module comment. */
export function SchemaForm(props: SchemaFormProps) {
  if (typeof performance !== 'undefined' && performance.getEntriesByName('form:render').length === 0)
    performance.mark('form:render');
  const { schema, uiSchema, onChange, onSubmit, readonly = false, submitLabel, disableWhileInvalid, actions } = props;
  const { onDirtyChange } = props;
  const pages = props.pages && props.pages.length > 1 ? props.pages : undefined;
  // The form's data lives in RJSF's Form (uncontrolled: `initialFormData` when it mounts, on each page) and
  // in this ref. Typing into a field re-renders neither this component nor, through it, the Form a second
  // time (a controlled Form derives its whole state again from the echoed data on every keystroke).
  const dataRef = useRef<FormData>(props.formData ?? {});
  // What this component renders from the data, each kept only while it changes: the fields hidden by
  // their conditions, the pages shown, and (for a submit button that waits for it) the form's validity.
  const [hidden, setHidden] = useState<string[]>(() => hiddenKeys(uiSchema ?? {}, dataRef.current));
  const [shownIndexes, setShownIndexes] = useState<number[]>(() => shownPageIndexes(pages, dataRef.current));
  const [valid, setValid] = useState(
    () => !disableWhileInvalid || isValid(schema, uiSchema, dataRef.current, props.validate),
  );
  const [busy, setBusy] = useState(false);
  // A submit refused by validation shows invalidMessage until the next submit.
  const [refused, setRefused] = useState(false);
  // Enter in a field submits too: one submit at a time, whatever the button shows.
  const submitting = useRef(false);
  const [showErrorsOnMount, setShowErrorsOnMount] = useState(false);
  const formRef = useRef<CoreForm<FormData, RJSFSchema>>(null);
  // The form's top (scrolled into view when a page opens) and the page's heading (focused then).
  const topRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pageErrorId = `${useId()}-page-error`;
  // The fields' edits still on their way (widgets/deferred-change.ts), handed over before moving or submitting.
  const pendingEdits = useRef<PendingEdits>(new Set()).current;
  // What the form started with, and whether the user has touched the form since its page opened (changes
  // before that are the form's own: defaults, not edits).
  const baseline = useRef<FormData>(dataRef.current);
  const touched = useRef(false);
  const reportedDirty = useRef(false);
  // The server's messages shown, and the data they were given for (a message goes when its answer changes).
  const [serverShown, setServerShown] = useState<Record<string, string[]>>({});
  const serverData = useRef<FormData>({});
  // After a submit the browser refused: the pages with errors are marked until they are put right.
  const [checkPages, setCheckPages] = useState(false);
  const [invalidPages, setInvalidPages] = useState<number[]>([]);
  const [snapshot, send, actor] = useMachine(pagingMachine, {
    input: {
      pageCount: pages?.length ?? 1,
      readonly,
      blockedMessageId: props.blockedMessageId,
      start: props.startPage,
    },
  });
  const current = pages ? snapshot.context.current : 0;
  const page = pages?.[current];
  const blocked = snapshot.matches({ editing: 'blocked' });
  // The data the Form starts from: read when the page changes (the Form mounts again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the moment to read the ref
  const givenData = useMemo(() => dataRef.current, [current]);
  // Pages hidden by condition get no link and are stepped over (the machine still counts every page).
  const shownPages = pages ? shownIndexes.map((index) => ({ p: pages[index], index })) : [];
  const nextShown = shownPages.find(({ index }) => index > current)?.index;
  const previousShown = [...shownPages].reverse().find(({ index }) => index < current)?.index;
  const lastPage = !pages || nextShown === undefined;
  // Leaving a page saves it (form-configuration.md §4): the page left and the data at that moment.
  const pageShownBefore = useRef(current);
  useEffect(() => {
    if (pageShownBefore.current === current) return;
    const left = pageShownBefore.current;
    pageShownBefore.current = current;
    if (!readonly && props.onPageLeave) void props.onPageLeave(dataRef.current, left, current);
  }, [current, readonly, props.onPageLeave]);
  // A long page's text fields hand their edits over once typing pauses (widgets/deferred-change.ts).
  const pageSchema = page?.schema ?? schema;
  const formContext = useMemo<SchemaFormContext>(
    () => ({
      settleMs:
        Object.keys(pageSchema.properties ?? {}).length >= LONG_FORM_FIELDS && !disableWhileInvalid && !props.validate
          ? LONG_FORM_SETTLE_MS
          : 0,
      params: props.params,
      pendingEdits,
    }),
    [pageSchema, disableWhileInvalid, props.validate, props.params, pendingEdits],
  );
  // Each field's widget as the ranked testers pick it (widgets/index.ts): the named one, or the best fit.
  const testedUi = useMemo(
    () => withTestedWidgets(pageSchema as RJSFSchema, page?.uiSchema ?? uiSchema ?? {}),
    [pageSchema, page, uiSchema],
  );
  const formUi = useMemo(
    () => ({ ...withHidden(testedUi, hidden), 'ui:submitButtonOptions': { norender: true } }),
    [testedUi, hidden],
  );

  // User Timing marks of the form's first render (read by the form-page benchmark).
  useEffect(() => {
    performance.mark('form:committed');
  }, []);

  /** Shows the form from its top, with focus on the page's heading (a multi-page form's). */
  const reveal = useCallback(() => {
    const top = topRef.current;
    if (top && typeof top.scrollIntoView === 'function') top.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  // A page that opens (Next, Previous, a page link, a refusal's first page with errors) opens at its top.
  const pageOpened = useRef(current);
  useEffect(() => {
    if (pageOpened.current === current) return;
    pageOpened.current = current;
    reveal();
  }, [current, reveal]);

  /** Hands over the edits still on their way, now: the form's state holds them when this returns. */
  const flushEdits = () => {
    if (pendingEdits.size === 0) return;
    flushSync(() => {
      for (const flush of pendingEdits) flush();
    });
  };

  /** Moves to a page (the machine decides); a page that opens starts untouched. */
  const goTo = (page: number, pageValid: boolean) => {
    const before = actor.getSnapshot().context.current;
    send({ type: 'GOTO', page, pageValid });
    if (actor.getSnapshot().context.current !== before) touched.current = false;
  };

  // A refusal of the server: its messages at their fields, and the first page holding one opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refusal is the moment to act, with the pages of now
  useEffect(() => {
    const given = props.serverErrors ?? {};
    setServerShown(given);
    serverData.current = dataRef.current;
    const keys = Object.keys(given);
    if (keys.length === 0) return;
    const first = pages ? shownIndexes.find((index) => pages[index].keys.some((key) => keys.includes(key))) : undefined;
    if (first !== undefined && first !== actor.getSnapshot().context.current) goTo(first, true);
    else reveal();
  }, [props.serverErrors]);
  const extraErrors = useMemo(
    () => extraErrorsOf(serverShown, page ? page.keys : Object.keys(serverShown)),
    [serverShown, page],
  );
  // The pages whose links are marked: those holding a server message, and those the browser found wrong
  // after a refused submit.
  const pagesWithErrors = useMemo(() => {
    if (!pages) return new Set<number>();
    const keys = Object.keys(serverShown);
    const marked = new Set(invalidPages);
    pages.forEach((p, index) => {
      if (p.keys.some((key) => keys.includes(key))) marked.add(index);
    });
    return marked;
  }, [pages, serverShown, invalidPages]);

  useEffect(() => {
    if (showErrorsOnMount) {
      formRef.current?.validateForm();
      setShowErrorsOnMount(false);
    }
  }, [showErrorsOnMount]);

  const currentPageValid = () => readonly || (formRef.current?.validateForm() ?? false);
  const customValidate = useMemo(
    () => customValidateOf(props.validate, pageSchema, page?.uiSchema ?? uiSchema),
    [props.validate, pageSchema, page, uiSchema],
  );

  const markTouched = () => {
    touched.current = true;
  };

  const secondSubmitting = useRef(false);
  const handleChange = (changed: FormData) => {
    // A field its condition hides keeps no value (a hidden question is never answered).
    const hiddenNow = hiddenKeys(uiSchema ?? {}, changed);
    const dropped = hiddenNow.some((key) => changed[key] !== undefined);
    const data = dropped
      ? Object.fromEntries(Object.entries(changed).filter(([key]) => !hiddenNow.includes(key)))
      : changed;
    const before = dataRef.current;
    dataRef.current = data;
    if (!touched.current) {
      // Not the user's doing (RJSF's defaults on mount, a widget's default): part of what the form started with.
      const merged = { ...baseline.current };
      for (const key of new Set([...Object.keys(before), ...Object.keys(data)]))
        if (!sameAnswers(before[key], data[key])) merged[key] = data[key];
      baseline.current = merged;
    }
    if (onDirtyChange) {
      const dirty = !sameAnswers(data, baseline.current);
      if (dirty !== reportedDirty.current) {
        reportedDirty.current = dirty;
        onDirtyChange(dirty);
      }
    }
    // A server message goes once its answer changes.
    setServerShown((shown) => {
      const answered = Object.keys(shown).filter((key) => !sameAnswers(data[key], serverData.current[key]));
      return answered.length === 0
        ? shown
        : Object.fromEntries(Object.entries(shown).filter(([key]) => !answered.includes(key)));
    });
    if (checkPages && pages) {
      const now = invalidPagesOf(pages, data);
      setInvalidPages((was) => (sameList(was, now) ? was : now));
      if (now.length === 0) setCheckPages(false);
    }
    setHidden((before) => (sameList(before, hiddenNow) ? before : hiddenNow));
    if (pages) {
      const shownNow = shownPageIndexes(pages, data);
      setShownIndexes((before) => (sameList(before, shownNow) ? before : shownNow));
    }
    if (disableWhileInvalid) setValid(isValid(schema, uiSchema, data, props.validate));
    // The Form drops them too (each reports a change without the value).
    if (dropped)
      for (const key of hiddenNow) if (changed[key] !== undefined) formRef.current?.setFieldValue(key, undefined);
    if (blocked) send({ type: 'EDITED' });
    onChange?.(data);
  };

  const handleSubmit = async (data: FormData) => {
    setRefused(false);
    // The button that submitted: the second submit's click marks it just before the form submits.
    const second = secondSubmitting.current;
    secondSubmitting.current = false;
    const submit = second && props.secondSubmit ? props.secondSubmit.onSubmit : onSubmit;
    if (readonly || !submit) return;
    if (pages) {
      const invalid = invalidPagesOf(pages, data);
      // From now on the marks follow the edits (only while there are any: it validates every page).
      setCheckPages(invalid.length > 0);
      setInvalidPages((was) => (sameList(was, invalid) ? was : invalid));
      const invalidPage = invalid[0] ?? -1;
      if (invalidPage >= 0 && invalidPage !== current) {
        goTo(invalidPage, false);
        setShowErrorsOnMount(true);
        return;
      }
    }
    if (!isValid(schema, uiSchema, data, props.validate) || submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      if ((await submit(data)) === true) {
        baseline.current = data;
        reportedDirty.current = false;
      }
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  /** Moves to a page after handing over the edits on their way; going forward needs the page valid. */
  const move = (index: number) => {
    flushEdits();
    goTo(index, index > current ? currentPageValid() : true);
  };

  // The links above and below the form: two navigation landmarks, each named (axe: landmark-unique).
  const pageLinks = (place: 'top' | 'bottom') =>
    pages ? (
      <Stack
        direction="row"
        flexWrap="wrap"
        gap={1}
        component="nav"
        aria-label={message(place === 'top' ? 'form.pageLinks' : 'form.pageLinksEnd')}
        sx={{ my: 1 }}
      >
        {shownPages.map(({ p, index }) => {
          const hasErrors = pagesWithErrors.has(index);
          return (
            <Button
              key={p.id}
              size="small"
              variant={index === current ? 'outlined' : 'text'}
              aria-current={index === current ? 'page' : undefined}
              aria-describedby={hasErrors ? pageErrorId : undefined}
              data-has-errors={hasErrors || undefined}
              startIcon={hasErrors ? <ErrorOutlineIcon color="error" aria-hidden /> : undefined}
              sx={index === current ? { color: ACTIVE_PAGE_COLOUR, borderColor: ACTIVE_PAGE_COLOUR } : undefined}
              onClick={() => move(index)}
            >
              {pageLabel(p, index)}
            </Button>
          );
        })}
      </Stack>
    ) : null;

  return (
    <Box
      ref={topRef}
      // Anything the user does in the form (portalled menus included: React events follow the component tree).
      onPointerDownCapture={markTouched}
      onKeyDownCapture={markTouched}
      onPasteCapture={markTouched}
      onDropCapture={markTouched}
    >
      {props.notice}
      {pageLinks('top')}
      {pages && (
        <Box id={pageErrorId} sx={visuallyHidden}>
          {message('form.pageHasErrors')}
        </Box>
      )}
      {page && (
        <Typography ref={headingRef} component="h2" variant="h6" tabIndex={-1} sx={{ mt: 1 }}>
          {pageLabel(page, current)}
        </Typography>
      )}
      <Form
        key={current}
        ref={formRef}
        schema={pageSchema}
        uiSchema={formUi}
        initialFormData={givenData}
        validator={formValidator}
        widgets={widgets}
        fields={fields}
        templates={templates}
        formContext={formContext}
        idPrefix={props.idPrefix}
        readonly={readonly}
        disabled={readonly}
        noHtml5Validate
        experimental_defaultFormStateBehavior={compiledFormDefaultsBehavior}
        showErrorList={false}
        transformErrors={transformErrors}
        customValidate={customValidate}
        extraErrors={extraErrors}
        // A named validator's messages show as the user types (the password rules of §5).
        liveValidate={props.validate ? 'onChange' : undefined}
        onChange={(event) => handleChange((event.formData ?? {}) as FormData)}
        onSubmit={(event) => void handleSubmit((event.formData ?? {}) as FormData)}
        // Errors show beside their fields (and invalidMessage above the buttons); RJSF would also log them.
        onError={() => setRefused(true)}
      >
        {refused && props.invalidMessage && (
          <Alert severity="error" sx={{ my: 1 }} role="alert">
            {props.invalidMessage}
          </Alert>
        )}
        {blocked && (
          <Alert severity="error" sx={{ my: 1 }}>
            {message(snapshot.context.blockedMessageId)}
          </Alert>
        )}
        <Stack direction="row" gap={1} sx={{ mt: 2 }} flexWrap="wrap">
          {pages && (
            <Button
              variant="outlined"
              disabled={previousShown === undefined}
              onClick={() => previousShown !== undefined && move(previousShown)}
            >
              {message('form.previous')}
            </Button>
          )}
          {pages && !lastPage && (
            <Button variant="outlined" onClick={() => nextShown !== undefined && move(nextShown)}>
              {message('form.next')}
            </Button>
          )}
          {submitLabel && !readonly && lastPage && (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (disableWhileInvalid && !valid)}
              onClick={() => {
                // Before the submit event: the form submits what the fields hold.
                flushEdits();
                secondSubmitting.current = false;
              }}
            >
              {submitLabel}
            </Button>
          )}
          {props.secondSubmit && !readonly && lastPage && (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (disableWhileInvalid && !valid)}
              onClick={() => {
                flushEdits();
                secondSubmitting.current = true;
              }}
            >
              {props.secondSubmit.label}
            </Button>
          )}
          {actions}
        </Stack>
      </Form>
      {pageLinks('bottom')}
    </Box>
  );
}
