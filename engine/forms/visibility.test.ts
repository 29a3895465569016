/** Questions and pages hidden by condition: never required, never saved (engine/forms/visibility.ts). */

import { formDefinitions as seededForms } from '../../fixtures/seed/forms';
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

  it('read a hidden question as not answered, on both sides (a chain of conditions settles)', () => {
    // Q2 shows while Q1 is Yes; Q3 shows while Q2 is not answered. With Q1 No, Q2's left-over answer is cleared,
    // so Q3 shows and its requiredness holds, in the plain evaluation and in the server's if/then alike.
    const chain = structuredClone(def);
    chain.version = 2; // published validators are cached by id and version
    chain.pages[0].questions[2] = {
      id: 3,
      label: 'Why no fire watch?',
      type: 'Text',
      required: true,
      visibleWhen: { questionId: 2, notAnswered: true },
    } as never;
    expect([...hiddenQuestionIds(chain, { q_1: 'No', q_2: 'left over' })].sort()).toEqual([2, 5]);
    const sent = [
      { formId: 3, questionId: 1, answers: ['No'] },
      { formId: 3, questionId: 2, answers: ['left over'] },
    ];
    expect(validateAnswers(chain, sent).map((d) => [d.path, d.messageId])).toEqual([['q_3', 'validation.required']]);
    expect(validateAnswers(chain, [...sent, { formId: 3, questionId: 3, answers: ['No one on site'] }])).toEqual([]);
  });

  it('take groups: a required question an `any` group hides is skipped, and required while shown', () => {
    const grouped = structuredClone(def);
    grouped.version = 3;
    grouped.pages[0].questions[1].visibleWhen = {
      any: [
        { questionId: 1, equals: 'Yes' },
        { questionId: 4, contains: 'Sparks' },
      ],
    };
    const hidden = [{ formId: 3, questionId: 1, answers: ['No'] }];
    expect(validateAnswers(grouped, hidden)).toEqual([]);
    const byHazard = [...hidden, { formId: 3, questionId: 4, answers: ['Sparks'] }];
    expect(validateAnswers(grouped, byHazard).map((d) => d.messageId)).toEqual(['validation.required']);
    expect(withComputedValues(grouped, [...hidden, { formId: 3, questionId: 2, answers: ['Aoife'] }])).toEqual(hidden);
    const { schema } = compileFormDefinition(grouped);
    const validate = ajv.compile(schema);
    expect(validate({ q_1: 'No', q_4: ['Sparks'] })).toBe(false);
    expect(validate({ q_1: 'No', q_4: ['Sparks'], q_2: 'Aoife' })).toBe(true);
  });

  it('refuse a condition whose group reads a question not in the form or not before it', () => {
    const unknown = structuredClone(def);
    unknown.pages[0].questions[1].visibleWhen = {
      all: [{ questionId: 1 }, { none: [{ questionId: 99, equals: 'x' }] }],
    };
    expect(checkFormDefinition(unknown)).toEqual([
      expect.objectContaining({
        messageId: 'forms.conditionInvalid',
        message: expect.stringMatching(/question 2 .*\(question 99\)/),
      }),
    ]);
    const later = structuredClone(def);
    later.pages[0].visibleWhen = { any: [{ questionId: 5, answered: true }] };
    expect(checkFormDefinition(later).map((p) => p.messageId)).toContain('forms.conditionInvalid');
  });

  it('keep the seeded forms: their conditions compile as before and hide what they hid', () => {
    let seen = 0;
    for (const form of seededForms) {
      expect(checkFormDefinition(form)).toEqual([]);
      const compiled = compileFormDefinition(form);
      form.pages.forEach((page, index) => {
        const conditions = [
          { on: page.visibleWhen, ids: page.questions.map((q) => q.id), schema: compiled.pages[index].visibleWhen },
          ...page.questions.map((q) => ({
            on: q.visibleWhen,
            ids: [q.id],
            schema: (compiled.uiSchema[`q_${q.id}`] as { 'ui:visibleWhen'?: unknown } | undefined)?.['ui:visibleWhen'],
          })),
        ];
        for (const { on, ids, schema } of conditions) {
          const when = on as { questionId: number; equals?: string } | undefined;
          if (!when) continue;
          seen++;
          const key = `q_${when.questionId}`;
          // The first shape's schema, as the compiler wrote it before the condition language.
          expect(schema).toEqual({
            type: 'object',
            required: [key],
            properties: {
              [key]: { anyOf: [{ enum: [when.equals] }, { type: 'array', contains: { enum: [when.equals] } }] },
            },
          });
          for (const id of ids) {
            expect(hiddenQuestionIds(form, { [key]: when.equals }).has(id)).toBe(false);
            expect(hiddenQuestionIds(form, { [key]: 'something else' }).has(id)).toBe(true);
            expect(hiddenQuestionIds(form, {}).has(id)).toBe(true);
          }
        }
      });
    }
    expect(seen).toBeGreaterThan(0);
  });
});
