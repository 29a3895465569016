/** A Dropdown with allowOther: 'Other' last, and a text asked for while it is chosen. */
import type { FormDefinition } from '../types/generated';
import { ajv } from '../validation/ajv';
import { compileFormDefinition } from './compile';
import { answersToFormData, formDataToAnswers } from './entry-data';
import { validateAnswers } from './validate-submission';

const def = {
  id: 2,
  clientId: 1,
  formArea: 'quality-assurance',
  title: 'Delivery',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: '',
      questions: [
        {
          id: 1,
          label: 'Supplier',
          type: 'Dropdown',
          required: true,
          allowOther: true,
          options: [
            { id: 1, value: 'Kilsaran' },
            { id: 2, value: 'Roadstone' },
          ],
        },
      ],
    },
  ],
} as unknown as FormDefinition;

describe('allowOther', () => {
  it('offers Other last and asks for its text only while it is chosen', () => {
    const { schema, uiSchema } = compileFormDefinition(def);
    const options = (schema.properties?.q_1?.oneOf ?? []) as Array<{ const: string }>;
    expect(options.map((o) => o.const)).toEqual(['Kilsaran', 'Roadstone', 'Other']);
    expect(uiSchema['ui:order']).toEqual(['q_1', 'q_1_other']);
    expect(schema.properties?.q_1_other).toMatchObject({ type: 'string', title: 'Other (please specify)' });
    const validate = ajv.compile(schema);
    expect(validate({ q_1: 'Kilsaran' })).toBe(true);
    expect(validate({ q_1: 'Other' })).toBe(false);
    expect(validate({ q_1: 'Other', q_1_other: 'Local quarry' })).toBe(true);
  });

  it('saves the text as the answer’s other, and the server wants it while Other is chosen', () => {
    const answers = formDataToAnswers(def, { q_1: 'Other', q_1_other: 'Local quarry' });
    expect(answers).toEqual([{ formId: 2, questionId: 1, answers: ['Other'], other: 'Local quarry' }]);
    expect(answersToFormData(def, answers)).toEqual({ q_1: 'Other', q_1_other: 'Local quarry' });
    expect(validateAnswers(def, answers)).toEqual([]);
    const missing = validateAnswers(def, [{ formId: 2, questionId: 1, answers: ['Other'] }]);
    expect(missing.map((p) => p.messageId)).toEqual(['validation.required']);
  });
});
