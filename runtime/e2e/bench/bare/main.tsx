/**
 * The baseline of the form-page benchmark (runtime/e2e/bench/form-page.ts): plain @rjsf/mui with
 * @rjsf/validator-ajv8 and no custom widgets, rendering a compiled schema fetched as JSON
 * (`?form=<name>` reads `/<name>.json`), its data held by the parent through onChange (the usual
 * controlled pattern). `window.__dataAt` is the time the schema arrived.
 */
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    __dataAt?: number;
  }
}

const name = new URLSearchParams(window.location.search).get('form') ?? 'a';
const { schema, uiSchema } = (await (await fetch(`/${name}.json`)).json()) as {
  schema: RJSFSchema;
  uiSchema: UiSchema;
};
window.__dataAt = performance.now();

function App() {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      onChange={(event) => setFormData(event.formData as Record<string, unknown>)}
    />
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
