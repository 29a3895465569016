/**
 * Every real form of ../shared/real-forms renders (issue 22 §1: "each must import without an exception, compile,
 * render in the runtime"): imported through the registry (engine/import), opened as the form creator would open it,
 * compiled by the runtime's form source and its first page rendered by SchemaForm in jsdom, without an error and
 * with a field for each of the page's questions. The API side (create, publish, a sample entry) is
 * api/forms-import.test.ts; the S9/S10 originals that are not JSON are refused there.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importForm } from '../../engine/import';
import { importedDraft } from '../../engine/import/report-view';
import type { ImportFormat } from '../../engine/import/types';
import { isJsLiteral, REAL_FORMS, realForms } from '../../engine/test/real-forms';
import { formSources } from '../../runtime/renderer/functions/form-sources';
import { SchemaForm } from '../../runtime/renderer/SchemaForm';

afterEach(cleanup);

function rendersEach(format: ImportFormat) {
  const importer = path.resolve(import.meta.dirname, '..', '..', 'engine', 'import', `${format}.ts`);
  describe(`the real ${format} forms in the runtime's renderer`, () => {
    it('has the importer', () => {
      expect(existsSync(importer), `engine/import/${format}.ts`).toBe(true);
    });
    const files = existsSync(path.join(REAL_FORMS, format)) ? realForms(format) : [];
    for (const file of files.filter((name) => !isJsLiteral(name)))
      it(`${file}: its first page renders`, async () => {
        const bytes = readFileSync(path.join(REAL_FORMS, format, file));
        const source = format === 'xlsform' ? new Uint8Array(bytes) : bytes.toString('utf8');
        const { definition } = await importForm(format, source, { formArea: 'quality-assurance', fallbackTitle: file });
        const form = formSources.formDefinition(importedDraft(definition, 'quality-assurance'));
        const failed = vi.spyOn(console, 'error');
        const { container } = render(
          <SchemaForm schema={form.schema} uiSchema={form.uiSchema} pages={form.pages} formData={{}} params={{}} />,
        );
        const [first] = definition.pages;
        expect(first, 'a page').toBeDefined();
        const asked = first.questions.filter((q) => q.type !== 'Note').length;
        expect(
          container.querySelectorAll('input, textarea, [role="combobox"], [role="radiogroup"], canvas, table').length,
        ).toBeGreaterThanOrEqual(asked > 0 ? 1 : 0);
        // React reports a render that threw, or a bad element, on console.error.
        expect(failed.mock.calls.map((call) => String(call[0])).filter((text) => /Error|Warning: /.test(text))).toEqual(
          [],
        );
        failed.mockRestore();
      });
  });
}

rendersEach('surveyjs');
rendersEach('formio');
rendersEach('xlsform');
