/**
 * Tables (form-configuration.md §2 'table', 'table-light', §5 "Multi-page renderer"): the equipment table
 * needs every column of every row, the light table does not; rows are saved as JSON text per answer
 * value and read back; the server refuses rows with columns the table does not have.
 */
import { describe, expect, it } from 'vitest';
import { testDefinition } from '../test/definitions';
import { ajv } from '../validation/ajv';
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

  it('requires every column of every equipment row, and a row when the table is required', () => {
    const validate = ajv.compile(compileFormDefinition(def).pages[0].schema);
    expect(validate({ q_1: [fullRow] })).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate({ q_1: [{ ...fullRow, modelNo: undefined }] })).toBe(false);
    expect(validate({ q_1: [{ ...fullRow, modelNo: '   ' }] })).toBe(false);
    // The light table takes partly filled rows.
    expect(validate({ q_1: [fullRow], q_2: [{ c1: 'Ann' }] })).toBe(true);
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
    const ok = validateAnswers(def, [{ questionId: 1, answers: [JSON.stringify(fullRow)] }]);
    expect(ok).toEqual([]);
    const incomplete = { ...fullRow, owner: undefined };
    expect(validateAnswers(def, [{ questionId: 1, answers: [JSON.stringify(incomplete)] }])).not.toEqual([]);
    expect(
      validateAnswers(def, [
        { questionId: 1, answers: [JSON.stringify(fullRow)] },
        { questionId: 2, answers: [JSON.stringify({ c9: 'x' })] },
      ]),
    ).not.toEqual([]);
    expect(validateAnswers(def, [{ questionId: 1, answers: ['not json'] }])).not.toEqual([]);
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
