/**
 * PlainForm: a form screen document of plain text inputs (hz-input only, one page, add mode) without the form
 * renderer: no RJSF, no Ajv, no field registry. The login page uses it, so the first page a user opens loads
 * none of the form machinery (issue "Performance at scale" §5). It reads the same document FormScreen does:
 * the fields and their order from the uiSchema (ui:title, ui:autofocus, ui:options.inputType and
 * autoComplete), required and lengths from the schema, checked by @cfworker/json-schema (an interpreting
 * validator, as in the browser's engine/validation/interpreted.ts); submit.disableWhileInvalid, submit.call,
 * and submit.body (the small builders here; any other from the renderer's registry, loaded on submit).
 * A failed call shows the server's message in an alert and enables the button again. Its controls are the
 * plain ones of runtime/plain (MUI's look without MUI) and its texts the first page's (../plain/messages: a
 * document's ids must be among them), so the login page loads neither MUI nor the whole catalogue.
 * @throws Error at render for a document with another widget (use FormScreen for it)
 */

import { type Schema, Validator } from '@cfworker/json-schema';
import { type FormEvent, useMemo, useState } from 'react';
import { callOperation, errorText } from '../api/client';
import { sha512Hex } from '../api/password';
import { Alert } from '../plain/Alert';
import { Button } from '../plain/Button';
import { plainMessage } from '../plain/messages';
import { TextField } from '../plain/TextField';
import type { FormDocument } from './documents';
import { requiredLabel } from './required-label';

type Values = Record<string, string>;

/** Body builders small enough for the first page; the others come from functions/body-builders on submit. */
const plainBodyBuilders: Record<string, (values: Values) => Promise<unknown>> = {
  /** As functions/body-builders loginCredentials: the e-mail trimmed and the SHA-512 of the password. */
  async loginCredentials(values) {
    return { email: (values.email ?? '').trim(), password: await sha512Hex(values.password ?? '') };
  },
};

interface FieldSpec {
  name: string;
  label: string;
  required: boolean;
  type: string;
  autoComplete?: string;
  autoFocus: boolean;
}

/** The fields of a plain document, in uiSchema order. */
export function plainFields(doc: FormDocument): FieldSpec[] {
  const ui = (doc.uiSchema ?? {}) as Record<string, Record<string, unknown>>;
  const schema = (doc.schema ?? {}) as { required?: string[]; properties?: Record<string, unknown> };
  return Object.keys(schema.properties ?? {}).map((name) => {
    const field = ui[name] ?? {};
    if (field['ui:widget'] !== 'hz-input') throw new Error(`PlainForm: ${doc.id}.${name} is not an hz-input`);
    const options = (field['ui:options'] ?? {}) as { inputType?: string; autoComplete?: string };
    return {
      name,
      label: plainMessage(field['ui:title'] as string),
      required: (schema.required ?? []).includes(name),
      type: options.inputType ?? 'text',
      autoComplete: options.autoComplete,
      autoFocus: field['ui:autofocus'] === true,
    };
  });
}

export interface PlainFormProps {
  document: FormDocument;
  /** The call's answer after a successful submit. */
  onSubmitted: (answer: unknown) => void;
}

/** Renders a plain form document; see the module comment. */
export function PlainForm({ document: doc, onSubmitted }: PlainFormProps) {
  const fields = useMemo(() => plainFields(doc), [doc]);
  const validator = useMemo(() => new Validator(doc.schema as Schema, '2020-12', false), [doc]);
  const [values, setValues] = useState<Values>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = doc.submit;
  if (!submit) throw new Error(`PlainForm: ${doc.id} has no submit`);
  // An empty input is an absent value, as RJSF has it (so `required` applies).
  const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
  const valid = validator.validate(data).valid;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const build =
        plainBodyBuilders[submit.body] ??
        (async (v: Values) =>
          (await import('./functions/body-builders')).bodyBuilders[submit.body]({ formData: v, params: {} }));
      const answer = await callOperation<unknown>(submit.call.operation, { body: await build(values) });
      onSubmitted(answer);
    } catch (e) {
      setError(errorText(e) || plainMessage('common.serverError'));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void send(event)}>
      {error && <Alert className="plain-mb-2">{error}</Alert>}
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={`root_${field.name}`}
          name={field.name}
          type={field.type}
          label={requiredLabel(field.label, field.required)}
          value={values[field.name] ?? ''}
          autoFocus={field.autoFocus}
          autoComplete={field.autoComplete}
          required={field.required}
          onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
        />
      ))}
      <Button type="submit" className="plain-mt-2" disabled={busy || (submit.disableWhileInvalid === true && !valid)}>
        {plainMessage(submit.label)}
      </Button>
    </form>
  );
}
