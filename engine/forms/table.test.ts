/**
 * Tables (form-configuration.md §2 'table', 'table-light', §5 "Multi-page renderer"): the equipment table
 * needs every column of every row that is started, the light table does not; a row left empty is no answer
 * and asks for nothing, a required table needs a row that is not empty (issue 19, partial answers); rows
 * are saved as JSON text per answer value and read back; the server refuses rows with columns the table
 * does not have. The browser's interpreting validator gives the verdicts Ajv gives.
 */
import { describe, expect, it } from 'vitest';
import { testDefinition } from '../test/definitions';
import { ajv } from '../validation/ajv';
import { satisfies } from '../validation/interpreted';
import { compileFormDefinition } from './compile';
import { answersToFormData, formDataToAnswers } from './entry-data';
import { fieldTypeOf } from './field-types';
import { EQUIPMENT_COLUMNS, rowComplete, rowText, tableColumns, tableRows } from './table';
import { validateAnswers, withComputedValues } from './validate-submission';

const def = testDefinition({ id: 9, title: 'Equipment check' }, [
  {
    id: 1,
    label: 'Plant',
    questions: [
      { id: 1, label: 'Equipment on site', type: 'Table', required: true },
      {
        id: 2,
        label: 'Visitors',
        type: 'TableLight',
        columns: [
          { id: 1, value: 'Name' },
          { id: 2, value: 'Company' },
        ],
      },
      { id: 3, label: 'Hired plant', type: 'Table' },
      {
        id: 4,
        label: 'Attendees',
        type: 'TableLight',
        required: true,
        columns: [
          { id: 1, value: 'Name' },
          { id: 2, value: 'Company' },
        ],
      },
    ],
  },
]);

const fullRow = {
  item: 'Generator',
  assetNo: 'A-12',
  description: '5 kVA',
  manufacturer: 'Honda',
  modelNo: 'EU70',
  owner: 'Hire Co',
};

describe('tables', () => {
  it('has the equipment columns in the spec’s order, and a light table’s own columns', () => {
    expect(tableColumns('table').map((c) => c.key)).toEqual([
      'item',
      'assetNo',
      'description',
      'manufacturer',
      'modelNo',
      'owner',
    ]);
    expect(tableColumns('table-light', [{ id: 4, value: 'Name' }])).toEqual([{ key: 'c4', label: 'Name' }]);
    expect(EQUIPMENT_COLUMNS).toHaveLength(6);
  });

  it('keeps only filled rows and the table’s own columns, trimmed', () => {
    const columns = tableColumns('table');
    expect(tableRows([{ item: ' Drill ', extra: 'x' }, {}, { item: '  ' }, 'junk'], columns)).toEqual([
      { item: 'Drill' },
    ]);
    expect(rowComplete(fullRow, columns)).toBe(true);
    expect(rowComplete({ ...fullRow, owner: ' ' }, columns)).toBe(false);
  });

  it('requires every column of every started equipment row, and a row with an answer when the table is required', () => {
    const schema = compileFormDefinition(def).pages[0].schema;
    const validate = ajv.compile(schema);
    // The same verdict from the server's Ajv and the browser's interpreting validator.
    const valid = (data: Record<string, unknown>) => {
      const verdict = validate(data);
      expect(satisfies(schema, data)).toBe(verdict);
      return verdict;
    };
    const attendees = { q_4: [{ c1: 'Ann' }] };
    expect(valid({ q_1: [fullRow], ...attendees })).toBe(true);
    expect(valid({ ...attendees })).toBe(false);
    expect(valid({ q_1: [{ ...fullRow, modelNo: undefined }], ...attendees })).toBe(false);
    expect(valid({ q_1: [{ ...fullRow, modelNo: '   ' }], ...attendees })).toBe(false);
    // The light table takes partly filled rows.
    expect(valid({ q_1: [fullRow], q_2: [{ c1: 'Ann' }], ...attendees })).toBe(true);
    // A row left empty (Add row, then nothing; or only spaces) is no answer: it asks for nothing in a table
    // that is not required, and does not answer a required one.
    expect(valid({ q_1: [fullRow], q_3: [{}], ...attendees })).toBe(true);
    expect(valid({ q_1: [fullRow], q_3: [fullRow, {}, { owner: '  ' }], ...attendees })).toBe(true);
    expect(valid({ q_1: [fullRow], q_3: [{ item: 'Saw' }], ...attendees })).toBe(false);
    expect(valid({ q_1: [{}], ...attendees })).toBe(false);
    expect(valid({ q_1: [{}, fullRow], ...attendees })).toBe(true);
    expect(valid({ q_1: [fullRow], q_4: [{}] })).toBe(false);
    expect(valid({ q_1: [fullRow], q_4: [{ c2: ' ' }] })).toBe(false);
    expect(valid({ q_1: [fullRow], q_4: [{}, { c2: 'Acme' }] })).toBe(true);
  });

  it('submits tables with empty rows left in them; a required table without a row with an answer is required', () => {
    const rows = (data: Record<string, unknown>) => formDataToAnswers(def, data);
    const attendees = { q_4: [{ c1: 'Ann' }] };
    // The browser's answers drop empty rows; what is left is valid, in a page save and a submit.
    const answers = rows({ q_1: [fullRow, {}], q_2: [{}], q_3: [{}, { owner: ' ' }], ...attendees });
    expect(answers.map((a) => a.questionId)).toEqual([1, 4]);
    expect(validateAnswers(def, answers)).toEqual([]);
    expect(validateAnswers(def, answers, { partial: true })).toEqual([]);
    const none = rows({ q_1: [{}], q_4: [{}] });
    expect(none).toEqual([]);
    expect(validateAnswers(def, none).map((d) => [d.path, d.messageId])).toEqual([
      ['q_1', 'validation.required'],
      ['q_4', 'validation.required'],
    ]);
    expect(validateAnswers(def, none, { partial: true })).toEqual([]);
    // A client that sends an empty row of a required table has not answered it.
    const empty = [{ questionId: 4, answers: [JSON.stringify({})] }, ...rows({ q_1: [fullRow] })];
    expect(validateAnswers(def, empty).map((d) => [d.path, d.messageId])).toEqual([['q_4', 'validation.required']]);
    expect(validateAnswers(def, empty, { partial: true })).toEqual([]);
  });

  it('saves a row per answer value and reads the same rows back', () => {
    const answers = formDataToAnswers(def, { q_1: [fullRow, { ...fullRow, item: 'Saw' }], q_2: [{ c2: 'Acme' }, {}] });
    expect(answers).toEqual([
      { formId: 9, questionId: 1, answers: [JSON.stringify(fullRow), JSON.stringify({ ...fullRow, item: 'Saw' })] },
      { formId: 9, questionId: 2, answers: [JSON.stringify({ c2: 'Acme' })] },
    ]);
    expect(answersToFormData(def, answers)).toEqual({
      q_1: [fullRow, { ...fullRow, item: 'Saw' }],
      q_2: [{ c2: 'Acme' }],
    });
    expect(rowText(JSON.stringify(fullRow))).toBe('Generator | A-12 | 5 kVA | Honda | EU70 | Hire Co');
    expect(fieldTypeOf({ type: 'Table' }).displayText(JSON.stringify({ item: 'Saw' }))).toBe('Saw');
  });

  it('refuses on the server an incomplete equipment row, a foreign column, or a row that is not JSON', () => {
    const attendees = { questionId: 4, answers: [JSON.stringify({ c1: 'Ann' })] };
    const ok = validateAnswers(def, [{ questionId: 1, answers: [JSON.stringify(fullRow)] }, attendees]);
    expect(ok).toEqual([]);
    const incomplete = { ...fullRow, owner: undefined };
    expect(
      validateAnswers(def, [{ questionId: 1, answers: [JSON.stringify(incomplete)] }, attendees]).map((d) => d.path),
    ).toEqual(['q_1']);
    expect(
      validateAnswers(def, [
        { questionId: 1, answers: [JSON.stringify(fullRow)] },
        { questionId: 2, answers: [JSON.stringify({ c9: 'x' })] },
        attendees,
      ]).map((d) => d.path),
    ).toEqual(['q_2']);
    expect(validateAnswers(def, [{ questionId: 1, answers: ['not json'] }, attendees]).map((d) => d.path)).toEqual([
      'q_1',
    ]);
  });
});

describe('the flags the server sets', () => {
  const signed = testDefinition({ id: 9, title: 'Sign-off' }, [
    {
      id: 1,
      label: '',
      questions: [
        { id: 1, label: 'Signed', type: 'Signature' },
        { id: 2, label: 'Summary', type: 'Text', emailText: true },
        { id: 3, label: 'Notes', type: 'Text' },
      ],
    },
  ]);

  it('marks a signature isSigned and an e-mail text isEmailText, whatever the client sent', () => {
    const stored = withComputedValues(signed, [
      { questionId: 1, answers: ['questions/1/a/signature.png'] },
      { questionId: 2, answers: ['All clear'], isEmailText: false },
      { questionId: 3, answers: ['x'], isSigned: true, isEmailText: true },
    ]);
    expect(stored).toEqual([
      { questionId: 1, answers: ['questions/1/a/signature.png'], isSigned: true },
      { questionId: 2, answers: ['All clear'], isEmailText: true },
      { questionId: 3, answers: ['x'] },
    ]);
  });
});
