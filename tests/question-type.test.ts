/**
 * "Adding a type is one engine file, one widget file and its texts" (issue 20 part 5): the sample Rating type of
 * tests/fixtures/question-type, registered from there with nothing else edited, is a question type like the
 * others: its questions are valid form-definition questions (and a keyword it does not take is refused), it
 * compiles, the server validates its answers, and the register and the CSV show them. The renderer's side is
 * runtime/renderer/question-type.test.tsx; docs/authoring.md "A new question type" adds the same files to a copy of
 * the repository (tests/authoring.test.ts).
 */

import { registerCsv } from '../engine/export/csv';
import { compileFormDefinition } from '../engine/forms/compile';
import { formDataToAnswers } from '../engine/forms/entry-data';
import type { AnyFieldType } from '../engine/forms/field-types';
import { allFieldTypes, fieldTypeOf, registerFieldType } from '../engine/forms/field-types';
import { QUESTION_SCHEMA_ID, questionMetaSchema } from '../engine/forms/field-types/question-schema';
import { validateAnswers } from '../engine/forms/validate-submission';
import { addMessages } from '../engine/messages/catalogue';
import { entryToRegisterRow } from '../engine/registers/rows';
import { checkFormDefinition } from '../engine/rules/form-definition';
import type { FormDefinition, FormEntry } from '../engine/types/generated';
import { registeredFieldTypes } from '../engine/types/generated/field-types';
import { ajv, ajvErrorsToDetails } from '../engine/validation/ajv';
import texts from './fixtures/question-type/messages.json';

/**
 * Where docs/authoring.md "A new question type" has installed the sample (tests/authoring.test.ts runs this file in
 * its copy of the repository with SAMPLE_QUESTION_TYPE=installed), it is the repository's own: `npm run gen` listed
 * it and its texts are in the catalogue, and it must not be registered again.
 */
const installed = process.env.SAMPLE_QUESTION_TYPE === 'installed';

/**
 * Otherwise the fixture is loaded as a type shipped apart would be: by a path the type checker does not follow (its
 * code is written as it reads once installed, naming the generated RatingQuestion and catalogue ids the repository
 * does not have; tests/authoring.test.ts type-checks it installed).
 */
if (!installed) {
  const fixture = (file: string) => new URL(`./fixtures/question-type/${file}`, import.meta.url).href;
  const { rating } = (await import(/* @vite-ignore */ fixture('rating.ts'))) as { rating: AnyFieldType };
  addMessages(texts);
  registerFieldType(rating);
}

const question = { id: 1, label: 'Housekeeping', type: 'Rating', scale: 4, required: true, showInRegister: true };
const definition = {
  id: 90,
  clientId: 1,
  formArea: 'quality-assurance',
  title: 'Site rating',
  status: 'Published',
  version: 1,
  pages: [{ id: 1, label: '', questions: [question] }],
} as unknown as FormDefinition;

describe('a question type registered from a fixture folder', () => {
  it('is in the field-type index, found for its questions', () => {
    expect(allFieldTypes().map((type) => type.name)).toContain('rating');
    expect(fieldTypeOf(question).name).toBe('rating');
    // Installed, `npm run gen` lists it and writes it into the form-definition meta-schema the API checks.
    if (installed) {
      expect(registeredFieldTypes.map((type) => type.name)).toContain('rating');
      const validate = ajv.getSchema(QUESTION_SCHEMA_ID);
      expect(validate?.(question)).toBe(true);
      expect(validate?.({ ...question, allowOther: true })).toBe(false);
    }
  });

  it('joins the form-definition meta-schema: its keywords are taken, a foreign one is refused', () => {
    // The meta-schema `npm run gen` would write with the sample registered (under an $id of its own here).
    const validate = ajv.compile({
      ...questionMetaSchema(allFieldTypes()),
      $id: 'https://site-forms.dev/tests/question-with-rating.schema.json',
    });
    expect(validate(question)).toBe(true);
    expect(validate({ ...question, scale: 11 })).toBe(false);
    expect(validate({ ...question, allowOther: true })).toBe(false);
    expect(ajvErrorsToDetails(validate.errors ?? [])).toEqual([
      expect.objectContaining({
        path: '/allowOther',
        messageId: 'forms.foreignKeyword',
        message: "Question 'Housekeeping' (Rating) does not take the property 'allowOther'.",
      }),
    ]);
    expect(checkFormDefinition(definition)).toEqual([]);
  });

  it('compiles to its answer schema and its widget', () => {
    const { schema, uiSchema } = compileFormDefinition(definition);
    expect(schema.properties?.q_1).toEqual({ type: 'integer', title: 'Housekeeping', minimum: 1, maximum: 4 });
    expect(schema.required).toEqual(['q_1']);
    expect(uiSchema.q_1).toEqual({ 'ui:widget': 'star-rating', 'ui:options': { max: 4 } });
  });

  it('is validated on the server as the form is in the browser', () => {
    expect(validateAnswers(definition, [{ questionId: 1, answers: [3] }])).toEqual([]);
    expect(validateAnswers(definition, [{ questionId: 1, answers: [5] }])).toEqual([
      expect.objectContaining({ path: 'q_1', messageId: 'validation.max', message: 'Housekeeping must be at most 4.' }),
    ]);
    expect(validateAnswers(definition, [])).toEqual([
      expect.objectContaining({ path: 'q_1', messageId: 'validation.required' }),
    ]);
  });

  it('shows in the register and in the CSV', () => {
    const answers = formDataToAnswers(definition, { q_1: 3 });
    expect(answers).toEqual([{ formId: 90, questionId: 1, answers: [3] }]);
    const entry = {
      id: 1,
      entryNumber: 7,
      date: '2026-11-20T09:30:00.000Z',
      enteredBy: 'Ann Site',
      answers,
    } as unknown as FormEntry;
    expect(entryToRegisterRow(definition, entry).q_1).toBe('3 of 4');
    const csv = registerCsv(definition, [entry]);
    expect(csv.split('\r\n')[0]).toMatch(/,Housekeeping$/);
    expect(csv.split('\r\n')[1]).toMatch(/,3 of 4$/);
  });
});
