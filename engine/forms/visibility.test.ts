/** Questions and pages hidden by condition: never required, never saved (engine/forms/visibility.ts). */
import { checkFormDefinition } from '../rules/form-definition';
import type { FormDefinition } from '../types/generated';
import { ajv } from '../validation/ajv';
import { compileFormDefinition } from './compile';
import { formDataToAnswers } from './entry-data';
import { validateAnswers, withComputedValues } from './validate-submission';
import { conditionHolds, conditionSchema, hiddenQuestionIds } from './visibility';

const yesNo = [
  { id: 1, value: 'Yes' },
  { id: 2, value: 'No' },
];

const def = {
  id: 3,
  clientId: 1,
  formArea: 'health-and-safety',
  title: 'Permit',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: 'Work',
      questions: [
        { id: 1, label: 'Hot work?', type: 'Dropdown', options: yesNo, required: true },
        {
          id: 2,
          label: 'Fire watch name',
          type: 'Text',
          required: true,
          visibleWhen: { questionId: 1, equals: 'Yes' },
        },
        { id: 3, label: 'Extinguisher checked', type: 'Checkbox', visibleWhen: { questionId: 2 } },
        {
          id: 4,
          label: 'Hazards',
          type: 'MultiSelect',
          options: [
            { id: 1, value: 'Sparks' },
            { id: 2, value: 'Fumes' },
          ],
        },
      ],
    },
    {
      id: 2,
      label: 'Fumes',
      visibleWhen: { questionId: 4, oneOf: ['Fumes'] },
      questions: [{ id: 5, label: 'Extraction in place', type: 'Text', required: true }],
    },
  ],
} as unknown as FormDefinition;

describe('visibility conditions', () => {
  it('say the same thing as JSON Schema and as a plain evaluation', () => {
    const cases: Array<[Parameters<typeof conditionHolds>[0], Record<string, unknown>]> = [
      [{ questionId: 1, equals: 'Yes' }, { q_1: 'Yes' }],
      [{ questionId: 1, equals: 'Yes' }, { q_1: 'No' }],
      [{ questionId: 1 }, { q_1: '' }],
      [{ questionId: 1 }, {}],
      [{ questionId: 4, oneOf: ['Fumes'] }, { q_4: ['Sparks', 'Fumes'] }],
      [{ questionId: 4, oneOf: ['Fumes'] }, { q_4: ['Sparks'] }],
    ];
    for (const [when, data] of cases) {
      expect(ajv.validate(conditionSchema(when), data), JSON.stringify([when, data])).toBe(conditionHolds(when, data));
    }
  });

  it('hide a question, the questions it would show, and a page', () => {
    expect([...hiddenQuestionIds(def, { q_1: 'No', q_2: 'left over' })].sort()).toEqual([2, 3, 5]);
    expect([...hiddenQuestionIds(def, { q_1: 'Yes', q_2: 'Aoife', q_4: ['Fumes'] })]).toEqual([]);
  });

  it('make a question required only while shown', () => {
    const { schema, pages } = compileFormDefinition(def);
    expect(schema.required).toEqual(['q_1']);
    const validate = ajv.compile(schema);
    expect(validate({ q_1: 'No' })).toBe(true);
    expect(validate({ q_1: 'Yes' })).toBe(false);
    expect(validate({ q_1: 'Yes', q_2: 'Aoife' })).toBe(true);
    expect(validate({ q_1: 'No', q_4: ['Fumes'] })).toBe(false); // the Fumes page shows: its question is required
    expect(pages[1].visibleWhen).toEqual(conditionSchema({ questionId: 4, oneOf: ['Fumes'] }));
  });

  it('never save a hidden answer, in the browser or on the server', () => {
    expect(formDataToAnswers(def, { q_1: 'No', q_2: 'left over' }).map((a) => a.questionId)).toEqual([1]);
    const sent = [
      { formId: 3, questionId: 1, answers: ['No'] },
      { formId: 3, questionId: 2, answers: ['left over'] },
    ];
    expect(validateAnswers(def, sent)).toEqual([]);
    expect(withComputedValues(def, sent).map((a) => a.questionId)).toEqual([1]);
  });

  it('must read a question that comes before', () => {
    const forward = structuredClone(def);
    forward.pages[0].questions[0].visibleWhen = { questionId: 2 };
    expect(checkFormDefinition(forward).map((p) => p.messageId)).toEqual(['forms.conditionInvalid']);
    expect(checkFormDefinition(def)).toEqual([]);
  });
});
