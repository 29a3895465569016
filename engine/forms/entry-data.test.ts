import type { Answer } from '../types/generated';
import { answersToFormData, formDataToAnswers, isEmptyValue } from './entry-data';
import { exampleForm } from './example-form';

const full = {
  q_1: 'Bay 3, level 2',
  q_2: '2026-03-14',
  q_3: 'C30/37',
  q_4: 75.5,
  q_5: ['Formwork', 'Cover'],
  q_6: true,
  q_7: 'Line one\nLine two',
  q_8: 'https://example.com/p.jpg',
  q_10: false,
  q_11: -3,
};

describe('formDataToAnswers', () => {
  it('turns every value into an answers array, in page order, with the form id', () => {
    expect(formDataToAnswers(exampleForm, full)).toEqual([
      { formId: 7, questionId: 1, answers: ['Bay 3, level 2'] },
      { formId: 7, questionId: 2, answers: ['2026-03-14'] },
      { formId: 7, questionId: 3, answers: ['C30/37'] },
      { formId: 7, questionId: 4, answers: [75.5] },
      { formId: 7, questionId: 5, answers: ['Formwork', 'Cover'] },
      { formId: 7, questionId: 6, answers: [true] },
      { formId: 7, questionId: 7, answers: ['Line one\nLine two'] },
      { formId: 7, questionId: 8, answers: ['https://example.com/p.jpg'] },
      { formId: 7, questionId: 10, answers: [false] },
      { formId: 7, questionId: 11, answers: [-3] },
    ]);
  });

  it('skips empty values and unknown keys but keeps 0 and false', () => {
    const answers = formDataToAnswers(exampleForm, {
      q_1: '',
      q_2: undefined,
      q_3: null,
      q_4: 0,
      q_5: [],
      q_6: false,
      q_99: 'not a question',
      entryNumber: 4,
    });
    expect(answers).toEqual([
      { formId: 7, questionId: 4, answers: [0] },
      { formId: 7, questionId: 6, answers: [false] },
    ]);
  });

  it('drops empty and non-scalar items of a list, and NaN', () => {
    expect(formDataToAnswers(exampleForm, { q_5: ['', 'Cover', null, { x: 1 }], q_4: Number.NaN })).toEqual([
      { formId: 7, questionId: 5, answers: ['Cover'] },
    ]);
  });

  it('carries companion values by suffix', () => {
    expect(
      formDataToAnswers(exampleForm, {
        q_3: 'C8/10',
        q_3_other: 'see note',
        q_3_emailText: true,
        q_3_signed: false,
        q_3_stopnoti: true,
        q_3_user: [4, 5],
        q_3_name: 'J. Murphy',
        q_7_other: 'only a companion',
        q_8_user: ['x'],
      }),
    ).toEqual([
      {
        formId: 7,
        questionId: 3,
        answers: ['C8/10'],
        other: 'see note',
        isEmailText: true,
        isSigned: false,
        stopNotification: true,
        notificationUsers: [4, 5],
        signatureByThirdParty: 'J. Murphy',
      },
      { formId: 7, questionId: 7, answers: [], other: 'only a companion' },
    ]);
  });
});

describe('answersToFormData', () => {
  it('is the inverse of formDataToAnswers', () => {
    expect(answersToFormData(exampleForm, formDataToAnswers(exampleForm, full))).toEqual(full);
    const withCompanions = { q_3: 'C8/10', q_3_other: 'x', q_3_user: [1], q_6: true, q_6_signed: true };
    expect(answersToFormData(exampleForm, formDataToAnswers(exampleForm, withCompanions))).toEqual(withCompanions);
  });

  it('round-trips answers too', () => {
    const answers = formDataToAnswers(exampleForm, full);
    expect(formDataToAnswers(exampleForm, answersToFormData(exampleForm, answers))).toEqual(answers);
  });

  it('keeps a single checkbox group value as an array and single values as scalars', () => {
    const answers: Answer[] = [
      { questionId: 5, answers: ['Cover'] },
      { questionId: 1, answers: ['a'] },
    ];
    expect(answersToFormData(exampleForm, answers)).toEqual({ q_5: ['Cover'], q_1: 'a' });
  });

  it('ignores unknown questions and empty answers; the first of two answers wins', () => {
    const answers: Answer[] = [
      { questionId: 404, answers: ['x'] },
      { questionId: 1, answers: [] },
      { questionId: 2, answers: ['2026-01-01'] },
      { questionId: 2, answers: ['2026-02-02'] },
      { questionId: 7, answers: [''] },
    ];
    expect(answersToFormData(exampleForm, answers)).toEqual({ q_2: '2026-01-01' });
  });
});

describe('isEmptyValue', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [[], true],
    [['', null], true],
    [' ', false],
    [0, false],
    [false, false],
    [['a'], false],
  ])('%j → %s', (value, empty) => {
    expect(isEmptyValue(value)).toBe(empty);
  });
});
