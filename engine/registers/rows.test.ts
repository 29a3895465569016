import { demoSeed } from '../../fixtures/seed';
import { exampleForm } from '../forms/example-form';
import type { Answer, FormDefinition, FormEntry } from '../types/generated';
import { registerReadModel } from './read-model';
import { answerDisplayText, entryToRegisterRow, queryRows, type RegisterRow, registerColumns } from './rows';

function entry(entryNumber: number, answers: Answer[], extra: Partial<FormEntry> = {}): FormEntry {
  return {
    id: 100 + entryNumber,
    clientId: 1,
    projectId: 3,
    formId: 7,
    formArea: 'quality-assurance',
    entryNumber,
    globalEntryNumber: entryNumber,
    date: `2026-03-${String(entryNumber).padStart(2, '0')}T09:30:00.000Z`,
    enteredBy: 'Aoife Byrne',
    answers,
    ...extra,
  };
}

describe('entryToRegisterRow', () => {
  it('gives display text for every question of the form', () => {
    const row = entryToRegisterRow(
      exampleForm,
      entry(4, [
        { questionId: 1, answers: ['Bay 3'] },
        { questionId: 2, answers: ['2026-03-14'] },
        { questionId: 3, answers: ['C30/37'] },
        { questionId: 4, answers: [75.125] },
        { questionId: 5, answers: ['Formwork', 'Cover'] },
        { questionId: 6, answers: [true] },
        { questionId: 10, answers: [false] },
        { questionId: 404, answers: ['not on the form'] },
      ]),
    );
    expect(row).toEqual({
      id: 104,
      entryNumber: 4,
      date: '2026-03-04T09:30:00.000Z',
      enteredBy: 'Aoife Byrne',
      q_1: 'Bay 3',
      q_2: '2026-03-14',
      q_3: 'C30/37',
      q_4: '75.125',
      q_5: 'Formwork, Cover',
      q_6: 'Yes',
      q_7: '',
      q_8: '',
      q_9: '',
      q_10: 'No',
      q_11: '',
    });
  });

  it('keeps the date part of a date-time answer and the first of two answers', () => {
    const row = entryToRegisterRow(
      exampleForm,
      entry(1, [
        { questionId: 2, answers: ['2026-03-14T23:00:00Z'] },
        { questionId: 1, answers: ['first'] },
        { questionId: 1, answers: ['second'] },
      ]),
    );
    expect(row.q_2).toBe('2026-03-14');
    expect(row.q_1).toBe('first');
  });
});

describe('the register cells of grids, files, tables, signatures, rich text and Other (issue 19)', () => {
  const seed = demoSeed.formDefinitions.find((f) => f.title === 'Site Safety Inspection') as FormDefinition;
  // The seed's form with the checklist shown in the register and Other offered on the hot-work question.
  const def: FormDefinition = {
    ...seed,
    pages: seed.pages.map((page) => ({
      ...page,
      questions: page.questions.map((q) =>
        q.id === 3 ? { ...q, showInRegister: true } : q.id === 6 ? { ...q, allowOther: true } : q,
      ),
    })),
  };
  const checklist = (ticked: [number, string][]): Answer => ({
    questionId: 3,
    answers: [],
    grid: {
      cells: ticked.flatMap(([row, score]) => [
        { cellId: row * 5 + 2, rowIndex: row, columnIndex: 1, value: true },
        { cellId: row * 5 + 3, rowIndex: row, columnIndex: 2, value: score },
      ]),
    },
  });
  const full: Answer[] = [
    checklist([
      [0, '3'],
      [1, '2'],
    ]),
    { questionId: 6, answers: ['Other'], other: 'Grinding only' },
    { questionId: 10, answers: ['<p>Loose <strong>boards</strong></p><ul><li>Tie back</li></ul>'] },
    { questionId: 11, answers: ['questions/11/a1/bay-3.jpg', 'questions/11/b2/crack.jpg'] },
    { questionId: 14, answers: ['questions/14/c3/signature.png'], signatureByThirdParty: 'J. Murphy' },
    { questionId: 18, answers: [JSON.stringify({ item: 'Extinguisher', assetNo: 'FE-12' })] },
    { questionId: 19, answers: [JSON.stringify({ c1: 'Mary Walsh', c2: 'ESB' }), JSON.stringify({ c1: 'Tom Daly' })] },
    { questionId: 20, answers: ['projects/1/documents/Drawings/L2 slab.pdf'] },
  ];

  it('shows their text, not an empty cell', () => {
    const row = entryToRegisterRow(def, entry(1, full, { formId: 5 }));
    expect(row).toMatchObject({
      q_3: '5/6 (83.33%) Good',
      q_6: 'Other: Grinding only',
      q_10: 'Loose boards Tie back',
      q_11: 'bay-3.jpg, crack.jpg',
      q_14: 'signature.png (signed by J. Murphy)',
      q_18: 'Item: Extinguisher; Asset No: FE-12',
      q_19: 'Name: Mary Walsh; Company: ESB | Name: Tom Daly',
      q_20: 'L2 slab.pdf',
      q_7: '',
      q_15: '',
    });
    expect(registerColumns(def).find((c) => c.value === 'q_3')).toEqual({
      value: 'q_3',
      header: 'Safety checklist',
      type: 'Text',
    });
  });

  it('shows a grid without rating bands by its answered rows, one line', () => {
    const unrated: FormDefinition = {
      ...def,
      pages: def.pages.map((p) => ({ ...p, questions: p.questions.map((q) => ({ ...q, ratings: undefined })) })),
    };
    const row = entryToRegisterRow(unrated, entry(1, [checklist([[0, '3']])], { formId: 5 }));
    expect(row.q_3).toBe('Site access and signage - Score (0-3): 3');
    expect(entryToRegisterRow(def, entry(2, [checklist([])], { formId: 5 })).q_3).toBe('0/0');
  });

  it('filters and sorts a grid column alike in memory and on the read model', () => {
    const entries = [
      entry(1, [checklist([[0, '1']])], { formId: 5 }),
      entry(2, [checklist([[0, '3']])], { formId: 5 }),
      entry(3, [], { formId: 5 }),
      entry(4, [checklist([[0, '2']])], { formId: 5 }),
    ];
    const rows = entries.map((e) => entryToRegisterRow(def, e));
    expect(rows.map((r) => r.q_3)).toEqual(['1/3 (33.33%) Poor', '3/3 (100%) Good', '', '2/3 (66.67%) Fair']);
    const sorted = queryRows(rows, { sorting: [{ id: 'q_3', desc: false }] }).map((r) => r.entryNumber);
    expect(sorted).toEqual([1, 4, 2, 3]);
    const models = entries.map((e) => registerReadModel(def, e));
    const byKey = entries
      .map((e, i) => ({ n: e.entryNumber, key: models[i].sortKeys.q_3 }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map((x) => x.n);
    expect(byKey).toEqual(sorted);
    expect(queryRows(rows, { filters: [{ id: 'q_3', value: 'good' }] }).map((r) => r.entryNumber)).toEqual([2]);
    expect(models.map((m) => m.text.q_3?.includes('good') ?? false)).toEqual([false, true, false, false]);
  });
});

describe('answerDisplayText', () => {
  const number = exampleForm.pages[0].questions[3];
  it('formats numbers through the given formatter and skips empty values', () => {
    expect(answerDisplayText(number, [1.005, ''], (n) => n.toFixed(1))).toBe('1.0');
    expect(answerDisplayText(number, [])).toBe('');
  });
});

describe('registerColumns', () => {
  it('lists showInRegister questions in page order with data-table types', () => {
    expect(registerColumns(exampleForm)).toEqual([
      { value: 'q_1', header: 'Pour location', type: 'Text' },
      { value: 'q_2', header: 'Pour date', type: 'Date' },
      { value: 'q_3', header: 'Concrete grade', type: 'DropDown' },
      { value: 'q_11', header: 'Temperature (°C)', type: 'Number' },
    ]);
  });
});

describe('queryRows', () => {
  const rows: RegisterRow[] = [
    {
      id: 1,
      entryNumber: 1,
      date: '2026-03-01T08:00:00.000Z',
      enteredBy: 'Aoife Byrne',
      q_1: 'Bay 10',
      q_6: 'Yes',
      q_11: '12.5',
    },
    {
      id: 2,
      entryNumber: 2,
      date: '2026-03-02T08:00:00.000Z',
      enteredBy: 'Seán Ó Briain',
      q_1: 'bay 2',
      q_6: 'No',
      q_11: '-3',
    },
    {
      id: 3,
      entryNumber: 12,
      date: '2026-03-03T08:00:00.000Z',
      enteredBy: 'aoife byrne',
      q_1: 'Core A',
      q_6: 'Yes',
      q_11: '',
    },
    {
      id: 4,
      entryNumber: 21,
      date: '2026-03-04T08:00:00.000Z',
      enteredBy: 'Mark Doyle',
      q_1: 'Bay 2',
      q_6: 'No',
      q_11: '100',
    },
  ];
  const numbers = (result: RegisterRow[]) => result.map((r) => r.entryNumber);

  it('returns the rows unchanged without a query, as a new array', () => {
    const result = queryRows(rows);
    expect(result).toEqual(rows);
    expect(result).not.toBe(rows);
  });

  it('filters by case-insensitive contains on display text', () => {
    expect(numbers(queryRows(rows, { filters: [{ id: 'q_1', value: 'BAY' }] }))).toEqual([1, 2, 21]);
    expect(numbers(queryRows(rows, { filters: [{ id: 'enteredBy', value: 'aoife' }] }))).toEqual([1, 12]);
    expect(numbers(queryRows(rows, { filters: [{ id: 'enteredBy', value: 'ó briain' }] }))).toEqual([2]);
    expect(
      numbers(
        queryRows(rows, {
          filters: [
            { id: 'date', value: '2026-03-0' },
            { id: 'q_1', value: '2' },
          ],
        }),
      ),
    ).toEqual([2, 21]);
  });

  it('matches entryNumber exactly when the value is a whole number', () => {
    expect(numbers(queryRows(rows, { filters: [{ id: 'entryNumber', value: '1' }] }))).toEqual([1]);
    expect(numbers(queryRows(rows, { filters: [{ id: 'entryNumber', value: 2 }] }))).toEqual([2]);
    expect(numbers(queryRows(rows, { filters: [{ id: 'entryNumber', value: ' 12 ' }] }))).toEqual([12]);
  });

  it('matches booleans against Yes/No and numbers as text', () => {
    expect(numbers(queryRows(rows, { filters: [{ id: 'q_6', value: true }] }))).toEqual([1, 12]);
    expect(numbers(queryRows(rows, { filters: [{ id: 'q_6', value: false }] }))).toEqual([2, 21]);
    expect(numbers(queryRows(rows, { filters: [{ id: 'q_11', value: 12.5 }] }))).toEqual([1]);
  });

  it('ignores empty filter values; an unknown column matches nothing', () => {
    expect(queryRows(rows, { filters: [{ id: 'q_1', value: '  ' }] })).toHaveLength(4);
    expect(queryRows(rows, { filters: [{ id: 'q_99', value: 'x' }] })).toEqual([]);
  });

  it('applies the global filter to every column but id', () => {
    expect(numbers(queryRows(rows, { globalFilter: 'core' }))).toEqual([12]);
    expect(numbers(queryRows(rows, { globalFilter: '21' }))).toEqual([21]);
    expect(numbers(queryRows(rows, { globalFilter: 'AOIFE' }))).toEqual([1, 12]);
    expect(numbers(queryRows(rows, { globalFilter: '4' }))).toEqual([21]);
    expect(queryRows(rows, { globalFilter: '   ' })).toHaveLength(4);
  });

  it('sorts numerically and naturally, in both directions, empties last', () => {
    expect(numbers(queryRows(rows, { sorting: [{ id: 'entryNumber', desc: true }] }))).toEqual([21, 12, 2, 1]);
    expect(queryRows(rows, { sorting: [{ id: 'q_11', desc: false }] }).map((r) => r.q_11)).toEqual([
      '-3',
      '12.5',
      '100',
      '',
    ]);
    expect(queryRows(rows, { sorting: [{ id: 'q_11', desc: true }] }).map((r) => r.q_11)).toEqual([
      '100',
      '12.5',
      '-3',
      '',
    ]);
    expect(queryRows(rows, { sorting: [{ id: 'q_1', desc: false }] }).map((r) => r.q_1)).toEqual([
      'bay 2',
      'Bay 2',
      'Bay 10',
      'Core A',
    ]);
  });

  it('is stable and applies sort rules in order', () => {
    expect(numbers(queryRows(rows, { sorting: [{ id: 'q_6', desc: false }] }))).toEqual([2, 21, 1, 12]);
    expect(
      numbers(
        queryRows(rows, {
          sorting: [
            { id: 'q_6', desc: false },
            { id: 'entryNumber', desc: true },
          ],
        }),
      ),
    ).toEqual([21, 2, 12, 1]);
  });

  it('sorts dates chronologically', () => {
    expect(numbers(queryRows(rows, { sorting: [{ id: 'date', desc: true }] }))).toEqual([21, 12, 2, 1]);
  });
});
