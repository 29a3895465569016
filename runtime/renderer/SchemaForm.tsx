/**
 * SchemaForm: the shared form renderer (DESIGN.md "runtime/ and designer/"). RJSF with the MUI theme,
 * the field-type registry (./widgets) and the platform's Ajv; every screen form and every compiled
 * form definition renders through it, so what an administrator previews is what a project user fills.
 *
 * Multi-page forms (form-configuration.md §2, §4, §5 "Multi-page renderer"): page links above and
 * below the form, labelled by page label or 'Page N', the active page in red; Next/Previous; going
 * forward is blocked while the current page has errors, with the catalogue message; in view state
 * the checks are skipped. The flow is engine/machines/paging.ts.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type CoreForm from '@rjsf/core';
import Form from '@rjsf/mui';
import type { CustomValidator, FormValidation, RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { compiledFormDefaultsBehavior } from '../../engine/forms/compile';
import { type PagingBlockedMessageId, pagingMachine } from '../../engine/machines/paging';
import { message } from '../../engine/messages/catalogue';
import { satisfies } from '../../engine/validation/interpreted';
import { transformErrors } from './errors';
import type { FormValidator } from './functions/validators';
import { formValidator } from './validator';
import { fields, templates, widgets } from './widgets';
import { LONG_FORM_FIELDS, LONG_FORM_SETTLE_MS, type SchemaFormContext } from './widgets/deferred-change';

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
  /** Called with valid data; while its promise is pending the submit button is disabled. */
  onSubmit?: (formData: FormData) => void | Promise<void>;
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
  secondSubmit?: { label: string; onSubmit: (formData: FormData) => void | Promise<void> };
  /** Shown above the buttons after a submit that failed validation (e.g. 'Please fill in mandatory fields'). */
  invalidMessage?: string;
  /** Prefix of the input ids (default 'root'). */
  idPrefix?: string;
  /** A named validator's check (runtime/renderer/functions/validators.ts): message ids by field. */
  validate?: FormValidator;
  /** Called with the data when the user leaves a page (index from 0) of a multi-page form while editing. */
  onPageLeave?: (formData: FormData, pageIndex: number) => void | Promise<void>;
}

function isValid(schema: RJSFSchema, data: FormData, validate?: FormValidator): boolean {
  if (validate && Object.values(validate(data)).some((ids) => (ids?.length ?? 0) > 0)) return false;
  return formValidator.validateFormData(data, schema).errors.length === 0;
}

/** RJSF's customValidate from a named validator: each message beside its field. */
function customValidateOf(validate: FormValidator | undefined): CustomValidator<FormData, RJSFSchema> | undefined {
  if (!validate) return undefined;
  return (data, errors) => {
    for (const [field, ids] of Object.entries(validate(data ?? {}))) {
      const fieldErrors = (errors as unknown as Record<string, FormValidation<FormData> | undefined>)[field];
      for (const id of ids ?? []) fieldErrors?.addError(message(id));
    }
    return errors;
  };
}

/** Index of the first shown page holding a key with an error, or -1. */
function firstPageWithErrors(pages: SchemaFormPage[], data: FormData): number {
  return pages.findIndex((page) => pageShown(page, data) && !isValid(page.schema, data));
}

/** True when a page's condition holds (or it has none). */
function pageShown(page: SchemaFormPage, data: FormData): boolean {
  return !page.visibleWhen || satisfies(page.visibleWhen, data);
}

/** Keys of fields whose `ui:visibleWhen` does not hold for `data` (engine/forms/visibility.ts). */
export function hiddenKeys(uiSchema: UiSchema, data: FormData): string[] {
  return Object.entries(uiSchema).flatMap(([key, ui]) => {
    const when = (ui as { 'ui:visibleWhen'?: object } | undefined)?.['ui:visibleWhen'];
    return when && !satisfies(when, data) ? [key] : [];
  });
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

/** The shared form renderer; see the module comment. */
export function SchemaForm(props: SchemaFormProps) {
  if (typeof performance !== 'undefined' && performance.getEntriesByName('form:render').length === 0)
    performance.mark('form:render');
  const { schema, uiSchema, onChange, onSubmit, readonly = false, submitLabel, disableWhileInvalid, actions } = props;
  const pages = props.pages && props.pages.length > 1 ? props.pages : undefined;
  // The form's data lives in RJSF's Form (uncontrolled: `initialFormData` when it mounts, on each page) and
  // in this ref. Typing into a field re-renders neither this component nor, through it, the Form a second
  // time (a controlled Form derives its whole state again from the echoed data on every keystroke).
  const dataRef = useRef<FormData>(props.formData ?? {});
  // What this component renders from the data, each kept only while it changes: the fields hidden by
  // their conditions, the pages shown, and (for a submit button that waits for it) the form's validity.
  const [hidden, setHidden] = useState<string[]>(() => hiddenKeys(uiSchema ?? {}, dataRef.current));
  const [shownIndexes, setShownIndexes] = useState<number[]>(() => shownPageIndexes(pages, dataRef.current));
  const [valid, setValid] = useState(() => !disableWhileInvalid || isValid(schema, dataRef.current, props.validate));
  const [busy, setBusy] = useState(false);
  // A submit refused by validation shows invalidMessage until the next submit.
  const [refused, setRefused] = useState(false);
  // Enter in a field submits too: one submit at a time, whatever the button shows.
  const submitting = useRef(false);
  const [showErrorsOnMount, setShowErrorsOnMount] = useState(false);
  const formRef = useRef<CoreForm<FormData, RJSFSchema>>(null);
  const [snapshot, send] = useMachine(pagingMachine, {
    input: { pageCount: pages?.length ?? 1, readonly, blockedMessageId: props.blockedMessageId },
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
    if (!readonly && props.onPageLeave) void props.onPageLeave(dataRef.current, left);
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
    }),
    [pageSchema, disableWhileInvalid, props.validate, props.params],
  );
  const formUi = useMemo(() => {
    const ui = page?.uiSchema ?? uiSchema ?? {};
    return { ...withHidden(ui, hidden), 'ui:submitButtonOptions': { norender: true } };
  }, [page, uiSchema, hidden]);

  // User Timing marks of the form's first render (read by the form-page benchmark).
  useEffect(() => {
    performance.mark('form:committed');
  }, []);

  useEffect(() => {
    if (showErrorsOnMount) {
      formRef.current?.validateForm();
      setShowErrorsOnMount(false);
    }
  }, [showErrorsOnMount]);

  const currentPageValid = () => readonly || (formRef.current?.validateForm() ?? false);

  const secondSubmitting = useRef(false);
  const handleChange = (changed: FormData) => {
    // A field its condition hides keeps no value (a hidden question is never answered).
    const hiddenNow = hiddenKeys(uiSchema ?? {}, changed);
    const dropped = hiddenNow.some((key) => changed[key] !== undefined);
    const data = dropped
      ? Object.fromEntries(Object.entries(changed).filter(([key]) => !hiddenNow.includes(key)))
      : changed;
    dataRef.current = data;
    setHidden((before) => (sameList(before, hiddenNow) ? before : hiddenNow));
    if (pages) {
      const shownNow = shownPageIndexes(pages, data);
      setShownIndexes((before) => (sameList(before, shownNow) ? before : shownNow));
    }
    if (disableWhileInvalid) setValid(isValid(schema, data, props.validate));
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
      const invalidPage = firstPageWithErrors(pages, data);
      if (invalidPage >= 0 && invalidPage !== current) {
        send({ type: 'GOTO', page: invalidPage, pageValid: false });
        setShowErrorsOnMount(true);
        return;
      }
    }
    if (!isValid(schema, data, props.validate) || submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      await submit(data);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const pageLinks = pages ? (
    <Stack direction="row" flexWrap="wrap" gap={1} component="nav" sx={{ my: 1 }}>
      {shownPages.map(({ p, index }) => (
        <Button
          key={p.id}
          size="small"
          variant={index === current ? 'outlined' : 'text'}
          aria-current={index === current ? 'page' : undefined}
          sx={index === current ? { color: ACTIVE_PAGE_COLOUR, borderColor: ACTIVE_PAGE_COLOUR } : undefined}
          onClick={() => send({ type: 'GOTO', page: index, pageValid: index > current ? currentPageValid() : true })}
        >
          {p.label || message('form.page', { n: index + 1 })}
        </Button>
      ))}
    </Stack>
  ) : null;

  return (
    <Box>
      {pageLinks}
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
        customValidate={customValidateOf(props.validate)}
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
              onClick={() =>
                previousShown !== undefined && send({ type: 'GOTO', page: previousShown, pageValid: true })
              }
            >
              {message('form.previous')}
            </Button>
          )}
          {pages && !lastPage && (
            <Button
              variant="outlined"
              onClick={() =>
                nextShown !== undefined && send({ type: 'GOTO', page: nextShown, pageValid: currentPageValid() })
              }
            >
              {message('form.next')}
            </Button>
          )}
          {submitLabel && !readonly && lastPage && (
            <Button
              type="submit"
              variant="contained"
              disabled={busy || (disableWhileInvalid && !valid)}
              onClick={() => {
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
                secondSubmitting.current = true;
              }}
            >
              {props.secondSubmit.label}
            </Button>
          )}
          {actions}
        </Stack>
      </Form>
      {pageLinks}
    </Box>
  );
}
