/**
 * Import and export through the API (issue 22 §1, §2 API half, "Bad input", "Done when"): POST
 * /api/settings/forms/{formArea}/import answers a draft and its report and saves nothing; every bad input is a 4xx
 * with a catalogue message; and every real form of ../shared/real-forms imports, is created, publishes and takes a
 * sample entry that reads back (each format's files in a describe of their own, reading the folder at run time).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerKey } from '../engine/forms/answer-keys';
import { compileFormDefinition } from '../engine/forms/compile';
import { type FormData, formDataToAnswers } from '../engine/forms/entry-data';
import { fieldTypeOf } from '../engine/forms/field-types';
import { allQuestions, type QuestionProperties } from '../engine/forms/questions';
import { validateAnswers } from '../engine/forms/validate-submission';
import type { ImportFinding, ImportSummary } from '../engine/import';
import { isJsLiteral, REAL_FORMS, realForms } from '../engine/test/real-forms';
import type { Answer, FormDefinition, FormDefinitionInput, GridQuestion } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

/** Makes the Form.io importer throw once (an importer's bug) for the import.core.failed check. */
const breakFormio = { next: false };
vi.mock('../engine/import/formio', async (original) => {
  const actual = await original<typeof import('../engine/import/formio')>();
  return {
    ...actual,
    importFormio: (...args: Parameters<typeof actual.importFormio>) => {
      if (breakFormio.next) {
        breakFormio.next = false;
        throw new TypeError("Cannot read properties of undefined (reading 'key')");
      }
      return actual.importFormio(...args);
    },
  };
});

const Q = '/api/settings/forms/quality-assurance';
let h: Harness;
let admin: string;
let user: string;
let viewer: string;

beforeAll(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  user = await h.login('user@demo.local');
  viewer = await h.login('view@demo.local');
});

afterEach(() => {
  breakFormio.next = false;
});

interface Imported {
  definition: FormDefinitionInput;
  report: ImportFinding[];
  summary: ImportSummary;
}

const answer = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const got = await res;
  expect(got.status, await got.clone().text()).toBe(status);
  return (await got.json()) as T;
};

const importCall = (body: unknown, cookie = admin) => h.call('POST', `${Q}/import`, { cookie, body });

/** The stored definitions, to check a refused import wrote nothing. */
const definitionCount = () => h.store.collection('formDefinitions').countDocuments({});

/** A small SurveyJS form and a small Form.io form written here. */
const surveyJs = {
  title: 'Scaffold check',
  pages: [{ name: 'p1', elements: [{ type: 'text', name: 'tag', title: 'Scaffold tag', isRequired: true }] }],
};
const formio = {
  title: 'Delivery note',
  display: 'form',
  components: [{ type: 'textfield', key: 'supplier', label: 'Supplier', input: true }],
};

describe('POST /api/settings/forms/{formArea}/import', () => {
  it('answers the draft, its report and counts, and saves nothing', async () => {
    const before = await definitionCount();
    const result = await answer<Imported>(importCall({ format: 'surveyjs', source: surveyJs }));
    expect(result.definition.title).toBe('Scaffold check');
    expect(result.definition.pages[0].questions.length).toBeGreaterThan(0);
    expect(Array.isArray(result.report)).toBe(true);
    expect(result.summary).toEqual({
      exact: expect.any(Number),
      lossy: expect.any(Number),
      dropped: expect.any(Number),
    });
    // The same source as the text of its file.
    const asText = await answer<Imported>(importCall({ format: 'surveyjs', source: JSON.stringify(surveyJs) }));
    expect(asText.definition).toEqual(result.definition);
    const fromFormio = await answer<Imported>(importCall({ format: 'formio', source: JSON.stringify(formio) }));
    expect(fromFormio.definition.title).toBe('Delivery note');
    expect(await definitionCount()).toBe(before);
  });

  it('takes the title from the file name when the source has none', async () => {
    const { title, ...untitled } = surveyJs;
    const result = await answer<Imported>(
      importCall({ format: 'surveyjs', source: untitled, fileName: 'C:\\forms\\Hot works permit.json' }),
    );
    expect(result.definition.title).toBe('Hot works permit');
  });

  it('refuses a source that is not of the format with a catalogue message, and saves nothing', async () => {
    const before = await definitionCount();
    const refused = async (body: unknown, messageId: string, status = 400) => {
      const res = await importCall(body);
      const text = await res.text();
      expect(res.status, text).toBe(status);
      const error = JSON.parse(text) as { messageId: string; message: string };
      expect(error.messageId).toBe(messageId);
      expect(error.message).not.toMatch(/\{\w+\}/);
      return error.message;
    };
    expect(await refused({ format: 'surveyjs', source: '{ pages: [' }, 'import.core.notJson')).toContain(
      'not valid SurveyJS JSON',
    );
    await refused({ format: 'formio', source: '[1, 2]' }, 'import.core.notForm');
    await refused({ format: 'formio', source: '"a form"' }, 'import.core.notForm');
    // A form of the other format: named, so the administrator can choose it.
    expect(await refused({ format: 'surveyjs', source: formio }, 'import.core.otherFormat')).toBe(
      'The source is Form.io JSON, not SurveyJS JSON: import it as Form.io JSON.',
    );
    await refused({ format: 'formio', source: JSON.stringify(surveyJs) }, 'import.core.otherFormat');
    // XLSForm: base64 of a spreadsheet; anything else is not one.
    await refused({ format: 'xlsform', source: surveyJs }, 'import.core.notBase64');
    await refused({ format: 'xlsform', source: 'not base64 at all!' }, 'import.core.notBase64');
    await refused(
      { format: 'xlsform', source: Buffer.from('name,label\nq1,Question').toString('base64') },
      'import.core.notSpreadsheet',
    );
    await refused(
      { format: 'xlsform', source: Buffer.from(JSON.stringify(formio)).toString('base64') },
      'import.core.otherFormat',
    );
    // The body's own shape.
    await refused({ format: 'odk', source: surveyJs }, 'validation.invalidBody');
    await refused({ format: 'surveyjs' }, 'validation.invalidBody');
    await refused({ format: 'surveyjs', source: 12 }, 'validation.invalidBody');
    expect(await definitionCount()).toBe(before);
  });

  it('answers 413 for a source over 5 MB decoded, and for a body over the limit', async () => {
    const big = { ...surveyJs, description: 'x'.repeat(5 * 1024 * 1024) };
    const over = await importCall({ format: 'surveyjs', source: JSON.stringify(big) });
    expect(over.status).toBe(413);
    expect(((await over.json()) as { messageId: string }).messageId).toBe('import.core.tooLarge');
    const overAsObject = await importCall({ format: 'surveyjs', source: big });
    expect(overAsObject.status).toBe(413);
    const xlsx = Buffer.alloc(5 * 1024 * 1024 + 10, 0x50).toString('base64');
    const overXlsx = await importCall({ format: 'xlsform', source: xlsx });
    expect(overXlsx.status).toBe(413);
    expect(((await overXlsx.json()) as { messageId: string }).messageId).toBe('import.core.tooLarge');
    // A body past the operation's limit is refused before it is read.
    const huge = await h.call('POST', `${Q}/import`, {
      cookie: admin,
      raw: JSON.stringify({ format: 'surveyjs', source: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { messageId: string }).messageId).toBe('limits.bodyTooLarge');
    // Other operations keep the default limit.
    const other = await h.call('POST', Q, {
      cookie: admin,
      raw: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(other.status).toBe(413);
  });

  it('answers 400 import.core.failed naming the format when an importer breaks, never a 5xx', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    breakFormio.next = true;
    const res = await importCall({ format: 'formio', source: formio });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { messageId: string; message: string };
    expect(body.messageId).toBe('import.core.failed');
    expect(body.message).toContain('Form.io JSON');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('is for the area administrators of the client only', async () => {
    expect((await importCall({ format: 'surveyjs', source: surveyJs }, viewer)).status).toBe(403);
    expect((await importCall({ format: 'surveyjs', source: surveyJs }, user)).status).toBe(200);
    const hs = await h.login('hs@demo.local');
    expect((await importCall({ format: 'surveyjs', source: surveyJs }, hs)).status).toBe(403);
    expect(
      (
        await h.call('POST', '/api/settings/forms/health-and-safety/import', {
          cookie: hs,
          body: { format: 'surveyjs', source: surveyJs },
        })
      ).status,
    ).toBe(200);
    expect((await h.call('POST', `${Q}/import`, { body: { format: 'surveyjs', source: surveyJs } })).status).toBe(401);
  });
});

describe('GET /api/settings/forms/{formArea}/{id}/export', () => {
  const pour = demoSeed.formDefinitions[0];

  it('answers the working copy as SurveyJS JSON with its report', async () => {
    const result = await answer<{ source: { pages: unknown[] }; report: ImportFinding[]; summary: ImportSummary }>(
      h.call('GET', `${Q}/${pour.id}/export?format=surveyjs`, { cookie: admin }),
    );
    expect(result.source.pages.length).toBeGreaterThan(0);
    expect(Array.isArray(result.report)).toBe(true);
    expect(result.summary.exact).toBeGreaterThan(0);
  });

  it('refuses another format, another client and a viewer', async () => {
    const res = await h.call('GET', `${Q}/${pour.id}/export?format=formio`, { cookie: admin });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { messageId: string }).messageId).toBe('import.core.exportFormat');
    expect((await h.call('GET', `${Q}/${pour.id}/export`, { cookie: viewer })).status).toBe(403);
    const other = demoSeed.formDefinitions.find((f) => f.clientId !== 1 && f.formArea === 'quality-assurance');
    expect(other, "another client's form in the demo seed").toBeDefined();
    expect((await h.call('GET', `${Q}/${other?.id}/export`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${Q}/999999/export`, { cookie: admin })).status).toBe(404);
  });
});

/**
 * A sample entry for an imported form: the harness's `sampleAnswers` where its answer suits the question (text,
 * number, date, choices), each other type answered as the form would post it (a table row, a grid cell, the type's
 * own example for a signature or a file), a note or a display text left unanswered; an answer the server's checks
 * refuse (an imported pattern or length limit the sample text does not meet) is left out unless the question is
 * required, so the entry is the one a person could submit.
 */
function importedAnswers(def: FormDefinition): Answer[] {
  const sample = new Map(sampleAnswers(def).map((answer) => [answer.questionId, answer]));
  const compiled = compileFormDefinition(def);
  const data: Record<string, unknown> = {};
  for (const question of allQuestions(def)) {
    const q = question as QuestionProperties & Record<string, unknown>;
    const key = answerKey(q.id);
    const options = q.options?.map((o) => o.value);
    switch (q.type) {
      case 'Note':
        break;
      case 'Text':
      case 'Date':
      case 'Dropdown':
        data[key] = sample.get(q.id)?.answers[0];
        break;
      case 'Checkbox':
      case 'MultiSelect':
        data[key] = options?.length ? [options[0]] : q.type === 'Checkbox' ? true : undefined;
        break;
      case 'RichText':
        data[key] = '<p>Sample</p>';
        break;
      case 'TableLight':
      case 'Table': {
        const columns =
          (compiled.uiSchema[key] as { 'ui:options'?: { columns?: { key: string }[] } })['ui:options']?.columns ?? [];
        if (columns.length > 0) data[key] = [{ [columns[0].key]: 'Sample' }];
        break;
      }
      case 'Grid': {
        const cell = (q as unknown as GridQuestion).grid?.cells.find((c) => c.cellQuestion.type === 'Dropdown');
        if (cell)
          data[key] = {
            cells: [
              {
                cellId: cell.id,
                rowIndex: cell.rowIndex,
                columnIndex: cell.columnIndex,
                gridCellQuestionId: cell.cellQuestion.id,
                value: cell.cellQuestion.options?.[0].value,
              },
            ],
          };
        break;
      }
      default:
        data[key] = fieldTypeOf(question).example.good;
    }
  }
  let answers = formDataToAnswers(def, data as FormData);
  const refused = new Set(validateAnswers(def, answers).map((d) => d.path));
  const required = new Set(
    allQuestions(def)
      .filter((q) => (q as QuestionProperties).required)
      .map((q) => answerKey(q.id)),
  );
  answers = answers.filter((a) => !refused.has(answerKey(a.questionId)) || required.has(answerKey(a.questionId)));
  return answers;
}

/**
 * A real form through the API: import, create the form with the draft, publish it, submit one sample entry as the
 * project user and read it back.
 */
async function throughTheApi(format: 'surveyjs' | 'formio' | 'xlsform', file: string): Promise<Imported> {
  const bytes = readFileSync(path.join(REAL_FORMS, format, file));
  const source = format === 'xlsform' ? bytes.toString('base64') : bytes.toString('utf8');
  const imported = await answer<Imported>(importCall({ format, source, fileName: file }));
  for (const finding of imported.report) {
    expect(['info', 'lossy', 'dropped']).toContain(finding.severity);
    expect(typeof finding.path).toBe('string');
    expect(finding.message).not.toBe('');
  }
  const created = await answer<FormDefinition>(h.call('POST', Q, { cookie: admin, body: imported.definition }), 201);
  const published = await answer<FormDefinition>(
    h.call('PUT', `/api/settings/forms/publish/quality-assurance/${created.id}`, { cookie: admin }),
  );
  const answers = importedAnswers(published);
  const submitted = await answer<{ entryNumber: number }>(
    h.call('PUT', '/api/projects/1/forms/quality-assurance/submit', {
      cookie: user,
      body: { formId: created.id, answers },
    }),
  );
  const entry = await answer<{ formId: number; answers: { questionId: number }[] }>(
    h.call('GET', `/api/projects/1/forms/quality-assurance/${created.id}/get/${submitted.entryNumber}`, {
      cookie: user,
    }),
  );
  expect(entry.formId).toBe(created.id);
  return imported;
}

/** Runs the describe of one format when its importer has landed (engine/import/<format>.ts). */
function realFormsOf(format: 'surveyjs' | 'formio' | 'xlsform', notJson: (file: string) => boolean = () => false) {
  const importer = path.resolve(import.meta.dirname, '..', 'engine', 'import', `${format}.ts`);
  describe(`the real ${format} forms of ../shared/real-forms/${format}`, () => {
    it('has the folder and the importer', () => {
      expect(realForms(format).length).toBeGreaterThan(0);
      expect(existsSync(importer), `engine/import/${format}.ts`).toBe(true);
    });
    for (const file of existsSync(path.join(REAL_FORMS, format)) ? realForms(format) : [])
      if (notJson(file))
        it(`${file}: not JSON, refused with 400 import.core.notJson`, async () => {
          const res = await importCall({ format, source: readFileSync(path.join(REAL_FORMS, format, file), 'utf8') });
          expect(res.status).toBe(400);
          expect(((await res.json()) as { messageId: string }).messageId).toBe('import.core.notJson');
        });
      else
        it(`${file}: imports, publishes and takes an entry`, async () => {
          await throughTheApi(format, file);
        });
  });
}

realFormsOf('surveyjs', isJsLiteral);
realFormsOf('formio');
realFormsOf('xlsform');
