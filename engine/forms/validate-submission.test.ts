import { formDefinitions } from '../../fixtures/seed/forms';
import type { Answer, FormDefinition } from '../types/generated';
import { ajv } from '../validation/ajv';
import { formDataToAnswers } from './entry-data';
import { exampleForm } from './example-form';
import { type GridAnswer, setCell } from './grid';
import type { QuestionProperties } from './questions';
import {
  COMPILED_FORM_CACHE_SIZE,
  compiledFormCacheSize,
  validateAnswers,
  withComputedValues,
} from './validate-submission';

const valid: Answer[] = formDataToAnswers(exampleForm, {
  q_1: 'Bay 3',
  q_2: '2026-03-14',
  q_3: 'C30/37',
  q_4: 120,
  q_5: ['Cover'],
  q_6: true,
  q_8: 'https://example.com/x',
  q_11: -2,
});

/** The valid answers with the answer to `questionId` replaced (or removed when `values` is undefined). */
function withAnswer(questionId: number, values?: Answer['answers']): Answer[] {
  const rest = valid.filter((a) => a.questionId !== questionId);
  return values === undefined ? rest : [...rest, { questionId, answers: values }];
}

function only(questionId: number, values?: Answer['answers']) {
  const details = validateAnswers(exampleForm, withAnswer(questionId, values));
  expect(details).toHaveLength(1);
  return details[0];
}

describe('validateAnswers', () => {
  it('accepts valid answers', () => {
    expect(validateAnswers(exampleForm, valid)).toEqual([]);
  });

  it('accepts optional questions left out and an unticked optional tick box', () => {
    expect(validateAnswers(exampleForm, [...withAnswer(4), { questionId: 10, answers: [false] }])).toEqual([]);
  });

  it('reports each missing required question by label, in page order', () => {
    expect(validateAnswers(exampleForm, [])).toEqual([
      { path: 'q_1', messageId: 'validation.required', message: 'Pour location is required.' },
      { path: 'q_2', messageId: 'validation.required', message: 'Pour date is required.' },
      { path: 'q_3', messageId: 'validation.required', message: 'Concrete grade is required.' },
      { path: 'q_6', messageId: 'validation.required', message: 'Cubes taken is required.' },
    ]);
  });

  it('treats empty answers as missing', () => {
    expect(only(1, [''])).toMatchObject({ path: 'q_1', messageId: 'validation.required' });
    expect(only(1, [])).toMatchObject({ path: 'q_1', messageId: 'validation.required' });
  });

  it('requires a required tick box to be ticked', () => {
    expect(only(6, [false])).toEqual({
      path: 'q_6',
      messageId: 'validation.required',
      message: 'Cubes taken is required.',
    });
  });

  it('checks numbers: type and bounds', () => {
    expect(only(4, ['120'])).toEqual({
      path: 'q_4',
      messageId: 'validation.number',
      message: 'Slump (mm) must be a number.',
    });
    expect(only(4, [251])).toEqual({
      path: 'q_4',
      messageId: 'validation.max',
      message: 'Slump (mm) must be at most 250.',
    });
    expect(only(4, [-0.5])).toEqual({
      path: 'q_4',
      messageId: 'validation.min',
      message: 'Slump (mm) must be at least 0.',
    });
    expect(validateAnswers(exampleForm, withAnswer(4, [250]))).toEqual([]);
  });

  it('checks dates are yyyy-mm-dd calendar dates', () => {
    for (const bad of ['14/03/2026', '2026-3-14', '2026-02-29', '2026-03-14T10:00:00Z'])
      expect(only(2, [bad]), bad).toEqual({
        path: 'q_2',
        messageId: 'validation.date',
        message: 'Pour date must be a date (yyyy-mm-dd).',
      });
    expect(only(2, [20260314]).messageId).toBe('validation.date');
    expect(validateAnswers(exampleForm, withAnswer(2, ['2028-02-29']))).toEqual([]);
  });

  it('checks hyperlinks', () => {
    expect(only(8, ['www.example.com'])).toEqual({
      path: 'q_8',
      messageId: 'validation.url',
      message: 'Photo link must be a valid http, https or ftp address.',
    });
    expect(only(8, ['javascript:alert(1)']).messageId).toBe('validation.url');
  });

  it('checks options of selects and checkbox groups', () => {
    expect(only(3, ['C99'])).toEqual({
      path: 'q_3',
      messageId: 'validation.option',
      message: 'Concrete grade must be one of the listed options.',
    });
    expect(only(5, ['Cover', 'Roof']).messageId).toBe('validation.option');
    expect(only(5, ['Cover', 'Cover']).messageId).toBe('validation.option');
    expect(only(5, [true]).messageId).toBe('validation.option');
    expect(validateAnswers(exampleForm, withAnswer(5, ['Cover', 'Formwork', 'Reinforcement']))).toEqual([]);
  });

  it('rejects any answer to a hidden select', () => {
    expect(validateAnswers(exampleForm, [...valid, { questionId: 9, answers: ['x'] }])).toEqual([
      { path: 'q_9', messageId: 'validation.option', message: 'Unused select must be one of the listed options.' },
    ]);
    expect(validateAnswers(exampleForm, [...valid, { questionId: 9, answers: [] }])).toEqual([]);
  });

  it('checks text lengths and types', () => {
    expect(only(1, ['x'.repeat(4001)])).toEqual({
      path: 'q_1',
      messageId: 'validation.tooLong',
      message: 'Pour location cannot be longer than 4000 characters.',
    });
    expect(only(1, [42])).toEqual({
      path: 'q_1',
      messageId: 'validation.type',
      message: 'Pour location has a value of the wrong type.',
    });
    expect(only(6, ['yes']).messageId).toBe('validation.type');
  });

  it('takes one value for a single-valued question', () => {
    expect(only(1, ['a', 'b'])).toEqual({
      path: 'q_1',
      messageId: 'validation.singleValue',
      message: 'Pour location takes a single value.',
    });
  });

  it('reports unknown questions, duplicates and malformed answers by position', () => {
    const details = validateAnswers(exampleForm, [
      ...valid,
      { questionId: 404, answers: ['x'] },
      { questionId: 1, answers: ['again'] },
      null as unknown as Answer,
      { questionId: 'x' } as unknown as Answer,
      { questionId: 7, answers: [{}] } as unknown as Answer,
      { questionId: 11, formId: 8, answers: [1] },
    ]);
    const n = valid.length;
    expect(details).toEqual([
      {
        path: `/answers/${n}/questionId`,
        messageId: 'validation.unknownQuestion',
        message: 'Question 404 is not part of this form.',
      },
      {
        path: `/answers/${n + 1}/questionId`,
        messageId: 'validation.duplicateAnswer',
        message: 'Question 1 is answered more than once.',
      },
      expect.objectContaining({ path: `/answers/${n + 2}`, messageId: 'validation.invalidBody' }),
      expect.objectContaining({ path: `/answers/${n + 3}/questionId`, messageId: 'validation.invalidBody' }),
      expect.objectContaining({ path: `/answers/${n + 4}/answers`, messageId: 'validation.invalidBody' }),
      // question 11 was also answered validly earlier: its second answer is the duplicate
      {
        path: `/answers/${n + 5}/questionId`,
        messageId: 'validation.duplicateAnswer',
        message: 'Question 11 is answered more than once.',
      },
    ]);
  });

  it('rejects an answer that names another form, without also calling the question missing', () => {
    const answers = withAnswer(1).concat({ formId: 99, questionId: 1, answers: ['Bay 3'] });
    expect(validateAnswers(exampleForm, answers)).toEqual([
      expect.objectContaining({ path: `/answers/${answers.length - 1}/formId`, messageId: 'validation.invalidBody' }),
    ]);
  });

  it('handles a body whose answers is not a list', () => {
    expect(validateAnswers(exampleForm, 'x' as unknown as Answer[])).toEqual([
      expect.objectContaining({ path: '/answers', messageId: 'validation.invalidBody' }),
    ]);
  });
});

describe('partial answers (issue 19)', () => {
  // The seed's Site Safety Inspection: a checklist (not required) whose Score cells are required per row.
  const inspection = formDefinitions.find((f) => f.id === 5 && f.clientId === 1) as FormDefinition;
  const checklist = (inspection.pages[0].questions as QuestionProperties[]).find((q) => q.id === 3)?.grid;
  if (!checklist) throw new Error('the seed has no checklist');
  /** Ticks and scores the given rows (from 1); the other rows are left alone. */
  const scored = (rows: Array<[row: number, score: string]>) =>
    rows.reduce<GridAnswer>(
      (answer, [row, score]) =>
        setCell(checklist, setCell(checklist, answer, (row - 1) * 5 + 2, true), (row - 1) * 5 + 3, score),
      { cells: [] },
    );
  const filled = (q_3: unknown) =>
    formDataToAnswers(inspection, {
      q_1: 'Seán Doyle',
      q_2: '2026-11-20',
      q_6: 'No',
      q_5: ['Electrical'],
      q_3,
    });

  it('submits a checklist with rows 1-2 scored and rows 3-4 left alone; the server scores it', () => {
    const answers = filled(
      scored([
        [1, '3'],
        [2, '2'],
      ]),
    );
    expect(validateAnswers(inspection, answers)).toEqual([]);
    expect(withComputedValues(inspection, answers).find((a) => a.questionId === 3)).toMatchObject({
      totalScore: 5,
      maxScore: 6,
    });
    // …and with nothing of the checklist answered, or every row scored.
    expect(validateAnswers(inspection, filled(undefined))).toEqual([]);
    expect(
      validateAnswers(
        inspection,
        filled(
          scored([
            [1, '3'],
            [2, '2'],
            [3, '1'],
            [4, '0'],
          ]),
        ),
      ),
    ).toEqual([]);
  });

  it('reports a ticked row without its score at the question, in catalogue words; a page save keeps it', () => {
    const answers = filled(setCell(checklist, scored([[1, '3']]), 2 * 5 + 2, true));
    expect(validateAnswers(inspection, answers)).toEqual([
      {
        path: 'q_3',
        messageId: 'validation.gridRowIncomplete',
        message: 'Safety checklist: fill in the cells marked * of each row you answer.',
      },
    ]);
    expect(validateAnswers(inspection, answers, { partial: true })).toEqual([]);
  });

  it('takes any subset of the options of a multi-valued question that is not required', () => {
    expect(
      validateAnswers(
        inspection,
        filled(undefined).filter((a) => a.questionId !== 5),
      ),
    ).toEqual([]);
    const trades = (values: string[]) => [
      ...filled(undefined).filter((a) => a.questionId !== 5),
      { questionId: 5, answers: values },
    ];
    expect(validateAnswers(inspection, trades([]))).toEqual([]);
    expect(validateAnswers(inspection, trades(['Roofing', 'Groundworks']))).toEqual([]);
    expect(validateAnswers(inspection, trades(['Groundworks', 'Electrical', 'Plumbing', 'Roofing']))).toEqual([]);
    expect(validateAnswers(inspection, trades(['Scaffolding'])).map((d) => d.messageId)).toEqual(['validation.option']);
  });
});

describe('compiled form cache', () => {
  function version(def: FormDefinition, v: number, status: FormDefinition['status'] = 'Published'): FormDefinition {
    return { ...def, version: v, status };
  }

  it('validates each version against its own questions', () => {
    const v3: FormDefinition = {
      ...exampleForm,
      version: 3,
      pages: [
        {
          id: 1,
          label: '',
          questions: [{ id: 1, label: 'Only', type: 'Text', extendedType: 'Number', required: true }],
        },
      ],
    };
    expect(validateAnswers(v3, [{ questionId: 1, answers: [5] }])).toEqual([]);
    expect(validateAnswers(exampleForm, [{ questionId: 1, answers: [5] }])[0].messageId).toBe('validation.type');
  });

  it('does not cache drafts, whose content changes under one version', () => {
    const before = compiledFormCacheSize();
    const draft = version(exampleForm, 1, 'Draft');
    expect(validateAnswers(draft, valid)).toEqual([]);
    const changed: FormDefinition = {
      ...draft,
      pages: [
        { id: 1, label: '', questions: [{ id: 1, label: 'Pour location', type: 'Text', extendedType: 'Number' }] },
      ],
    };
    expect(validateAnswers(changed, [{ questionId: 1, answers: ['Bay 3'] }])[0].messageId).toBe('validation.number');
    expect(compiledFormCacheSize()).toBe(before);
  });

  it('is bounded and releases evicted schemas from Ajv', () => {
    const ajvCache = (ajv as unknown as { _cache: Map<unknown, unknown> })._cache;
    for (let v = 100; v < 100 + COMPILED_FORM_CACHE_SIZE + 20; v++) validateAnswers(version(exampleForm, v), valid);
    expect(compiledFormCacheSize()).toBe(COMPILED_FORM_CACHE_SIZE);
    const sizeAfterFill = ajvCache.size;
    for (let v = 1000; v < 1050; v++) validateAnswers(version(exampleForm, v), valid);
    expect(ajvCache.size).toBe(sizeAfterFill);
  });
});
