import Papa from 'papaparse';
import { demoSeed } from '../../fixtures/seed';
import { exampleForm } from '../forms/example-form';
import { fieldTypeOf, fieldTypes } from '../forms/field-types';
import { allQuestions, type QuestionProperties, questionKind } from '../forms/questions';
import { message } from '../messages/catalogue';
import type { Answer, AnswerValue, FormDefinition, FormEntry, Question } from '../types/generated';
import {
  CSV_FORMAT,
  formatCreated,
  formatCsvNumber,
  protectCell,
  registerCsv,
  registerCsvChunks,
  registerCsvStream,
} from './csv';

function entry(entryNumber: number, answers: Answer[], extra: Partial<FormEntry> = {}): FormEntry {
  return {
    id: entryNumber,
    clientId: 1,
    projectId: 3,
    formId: 7,
    formArea: 'quality-assurance',
    entryNumber,
    globalEntryNumber: entryNumber,
    date: '2026-03-14T16:05:59.000Z',
    enteredBy: 'Aoife Byrne',
    answers,
    ...extra,
  };
}

/** Parses the export back: checks the BOM, then returns the rows of cells. */
function parse(csv: string): string[][] {
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const result = Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' });
  expect(result.errors).toEqual([]);
  return result.data;
}

const header = [
  'Entry Number',
  'Created',
  'Entered By',
  'Status',
  'Pour location',
  'Pour date',
  'Concrete grade',
  'Slump (mm)',
  'Checks completed',
  'Cubes taken',
  'Comments',
  'Photo link',
  'Unused select',
  'Area cleaned',
  'Temperature (°C)',
];

describe('registerCsv', () => {
  it('writes a header of fixed columns and every question label in page order', () => {
    expect(parse(registerCsv(exampleForm, []))).toEqual([header]);
  });

  it('writes one row per entry with display values', () => {
    const csv = registerCsv(exampleForm, [
      entry(1, [
        { questionId: 1, answers: ['Bay 3'] },
        { questionId: 2, answers: ['2026-03-14'] },
        { questionId: 3, answers: ['C30/37'] },
        { questionId: 4, answers: [75.125] },
        { questionId: 5, answers: ['Formwork', 'Cover'] },
        { questionId: 6, answers: [true] },
        { questionId: 10, answers: [false] },
        { questionId: 11, answers: [-5] },
      ]),
      entry(2, [{ questionId: 4, answers: [12] }], {
        enteredBy: 'Mark Doyle',
        date: '2026-03-15T00:00:00Z',
        isDraft: true,
      }),
    ]);
    const rows = parse(csv);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      '1',
      '2026-03-14 16:05',
      'Aoife Byrne',
      'Submitted',
      'Bay 3',
      '2026-03-14',
      'C30/37',
      '75.13',
      'Formwork, Cover',
      'Yes',
      '',
      '',
      '',
      'No',
      '-5',
    ]);
    expect(rows[2]).toEqual([
      '2',
      '2026-03-15 00:00',
      'Mark Doyle',
      'Draft',
      '',
      '',
      '',
      '12',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('uses CRLF line ends and quotes only cells that need it', () => {
    const csv = registerCsv(exampleForm, [
      entry(1, [
        { questionId: 1, answers: ['Bay 3, "north" side'] },
        { questionId: 7, answers: ['Line one\nLine two'] },
        { questionId: 8, answers: ['https://example.com/a?b=1'] },
      ]),
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(header.join(','));
    expect(csv.slice(1)).not.toMatch(/[^\r]\n(?!Line two)/);
    expect(csv).toContain('"Bay 3, ""north"" side"');
    expect(csv).toContain('"Line one\nLine two"');
    expect(csv).toContain(',https://example.com/a?b=1,');
    expect(csv.endsWith('\r\n')).toBe(false);
    const [, row] = parse(csv);
    expect(row[4]).toBe('Bay 3, "north" side');
    expect(row[10]).toBe('Line one\nLine two');
  });

  it('neutralises formula injection in answers, names and labels', () => {
    const def = {
      ...exampleForm,
      pages: [{ id: 1, label: '', questions: [{ id: 1, label: '=HYPERLINK("http://x")', type: 'Text' as const }] }],
    };
    const attacks = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '=cmd|" /C calc"!A0'];
    const rows = parse(
      registerCsv(
        def,
        attacks.map((text, i) => entry(i + 1, [{ questionId: 1, answers: [text] }], { enteredBy: '=evil()' })),
      ),
    );
    expect(rows[0][4]).toBe('\'=HYPERLINK("http://x")');
    rows.slice(1).forEach((row, i) => {
      expect(row[4]).toBe(`'${attacks[i]}`);
      expect(row[2]).toBe("'=evil()");
    });
  });

  it('keeps negative numbers readable as numbers', () => {
    const rows = parse(
      registerCsv(exampleForm, [
        entry(1, [
          { questionId: 4, answers: [-0.001] },
          { questionId: 11, answers: [-12.756] },
          { questionId: 1, answers: ['-5'] },
        ]),
      ]),
    );
    expect(rows[1][7]).toBe('0');
    expect(rows[1][14]).toBe('-12.76');
    expect(rows[1][4]).toBe('-5');
  });

  it('formats Created in the requested time zone', () => {
    const e = [entry(1, [], { date: '2026-07-01T23:30:00.000Z' })];
    expect(parse(registerCsv(exampleForm, e))[1][1]).toBe('2026-07-01 23:30');
    expect(parse(registerCsv(exampleForm, e, { timeZone: 'Europe/Dublin' }))[1][1]).toBe('2026-07-02 00:30');
    expect(() => registerCsv(exampleForm, e, { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('keeps accents (UTF-8 with BOM)', () => {
    const rows = parse(
      registerCsv(exampleForm, [
        entry(1, [{ questionId: 1, answers: ['Dún Laoghaire'] }], { enteredBy: 'Seán Ó Briain' }),
      ]),
    );
    expect(rows[1][2]).toBe('Seán Ó Briain');
    expect(rows[1][4]).toBe('Dún Laoghaire');
  });
});

describe('formatCsvNumber', () => {
  it.each([
    [12, '12'],
    [12.5, '12.5'],
    [12.345, '12.35'],
    [1.005, '1.01'],
    [-5, '-5'],
    [-0.001, '0'],
    [1234567.891, '1234567.89'],
  ])('%d → %s', (n, text) => {
    expect(formatCsvNumber(n)).toBe(text);
  });
});

describe('formatCsvNumber against Intl', () => {
  it('prints every number as Intl does with 0 to 2 decimals', () => {
    const intl = new Intl.NumberFormat('en-US', {
      maximumFractionDigits: 2,
      useGrouping: false,
      signDisplay: 'negative',
    });
    let seed = 3;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [0, -0, 0.07, 0.1 + 0.2, 83.33, -83.33, 1.005, 99.995, 1e15 - 0.25, 123456789012.34, 2 ** 53 + 2];
    for (let i = 0; i < 20_000; i++) {
      const scale = 10 ** Math.floor(next() * 16 - 4);
      values.push(Math.round((next() - 0.5) * scale * 100) / 100, (next() - 0.5) * scale);
    }
    for (const value of values) expect(formatCsvNumber(value), String(value)).toBe(intl.format(value));
  });
});

describe('protectCell', () => {
  it('prefixes formula starters but not plain numbers', () => {
    expect(protectCell('=A1')).toBe("'=A1");
    expect(protectCell('-')).toBe("'-");
    expect(protectCell('-5')).toBe('-5');
    expect(protectCell('-5.25')).toBe('-5.25');
    expect(protectCell('-5e3')).toBe("'-5e3");
    expect(protectCell('+5')).toBe("'+5");
    expect(protectCell('a=b')).toBe('a=b');
    expect(protectCell('')).toBe('');
  });
});

describe('formatCreated', () => {
  it('formats ISO date-times and leaves anything else alone', () => {
    expect(formatCreated('2026-01-05T07:08:09Z')).toBe('2026-01-05 07:08');
    expect(formatCreated('2026-01-05T07:08:09+02:00')).toBe('2026-01-05 05:08');
    expect(formatCreated('yesterday')).toBe('yesterday');
  });

  it('gives the wall clock of the zone across daylight-saving changes, as Intl does for each instant', () => {
    for (const timeZone of ['Europe/Dublin', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu']) {
      const intl = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      for (const start of [
        Date.UTC(2026, 2, 28, 12),
        Date.UTC(2026, 9, 24, 12),
        Date.UTC(2026, 3, 4, 12),
        Date.UTC(2026, 10, 1, 0),
      ])
        for (let t = start; t < start + 2 * 86_400_000; t += 7 * 60_000 + 13_000) {
          const p = Object.fromEntries(intl.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
          const iso = new Date(t).toISOString();
          expect(formatCreated(iso, timeZone), `${timeZone} ${iso}`).toBe(
            `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`,
          );
        }
    }
  });
});

/**
 * The export written the plain way, as the row writer's reference (issue "Performance at scale" §3): every
 * question's columns asked of its field type for every entry (the writer asks once a file), every cell through
 * protectCell, the rows through Papa.unparse. The writer must give the same bytes.
 */
function papaCsv(def: FormDefinition, entries: readonly FormEntry[], timeZone = 'UTC'): string {
  const questions = allQuestions(def);
  const unparse = (rows: unknown[][]) => Papa.unparse(rows, { newline: '\r\n', quotes: false, escapeFormulae: false });
  const header = [
    message('register.entryNumber'),
    message('register.date'),
    message('register.enteredBy'),
    message('register.status'),
    ...questions.flatMap((q) =>
      fieldTypeOf(q)
        .csvColumns(q, CSV_FORMAT)
        .map((c) => c.header),
    ),
  ].map(protectCell);
  const rows = entries.map((e) => {
    const answers = new Map<number, Answer>();
    for (const answer of e.answers) if (!answers.has(answer.questionId)) answers.set(answer.questionId, answer);
    return [
      String(e.entryNumber),
      formatCreated(e.date, timeZone),
      e.enteredBy,
      message(e.isDraft ? 'register.status.Draft' : 'register.status.Submitted'),
      ...questions.flatMap((q) => {
        const answer = answers.get(q.id);
        return fieldTypeOf(q)
          .csvColumns(q, CSV_FORMAT)
          .map((c) => (answer ? c.cell(answer) : ''));
      }),
    ].map(protectCell);
  });
  return `\uFEFF${unparse([header])}${rows.length > 0 ? `\r\n${unparse(rows)}` : ''}`;
}

describe('the row writer against Papa.unparse', () => {
  const options = [
    { id: 1, value: 'C30/37' },
    { id: 2, value: ' padded ' },
    { id: 3, value: 'a, "b"' },
  ];
  // One question of every field type, with labels that need quoting or protecting.
  const questions: Question[] = [
    { id: 1, label: 'Text', type: 'Text' },
    { id: 2, label: 'Long, "notes"', type: 'Text', extendedType: 'Long' },
    { id: 3, label: 'Link', type: 'Text', extendedType: 'Hyperlink' },
    { id: 4, label: '-Number', type: 'Text', extendedType: 'Number' },
    { id: 5, label: 'Dropdown ', type: 'Dropdown', options, allowOther: true },
    { id: 6, label: 'Date', type: 'Date' },
    { id: 7, label: '=Checkboxes', type: 'Checkbox', options },
    { id: 8, label: 'Tick', type: 'Checkbox' },
    {
      id: 9,
      label: 'Grid',
      type: 'Grid',
      grid: {
        totalColumns: 5,
        totalRows: 2,
        headers: [
          { index: 0, label: '=Item' },
          { index: 1, label: 'Done' },
          { index: 2, label: 'Score' },
          { index: 3, label: 'Hours', displaySumOfColumn: true, sumOfColumnLabel: 'Total, "all"' },
          { index: 4, label: 'Notes ' },
        ],
        cells: [0, 1].flatMap((row) => [
          { id: row * 5 + 1, rowIndex: row, columnIndex: 0, cellQuestion: { id: 100, type: 'Note', label: '-Row' } },
          { id: row * 5 + 2, rowIndex: row, columnIndex: 1, cellQuestion: { id: 101, type: 'Tickbox' } },
          {
            id: row * 5 + 3,
            rowIndex: row,
            columnIndex: 2,
            cellQuestion: { id: 102, type: 'Dropdown', options: [{ value: '0' }, { value: '1' }, { value: '2' }] },
          },
          { id: row * 5 + 4, rowIndex: row, columnIndex: 3, cellQuestion: { id: 103, type: 'Number' } },
          { id: row * 5 + 5, rowIndex: row, columnIndex: 4, cellQuestion: { id: 104, type: 'Text' } },
        ]),
      },
      ratings: [
        { min: 0, max: 49.99, label: '=Poor' },
        { min: 50, max: 100, label: 'Good, "ok"' },
      ],
    },
    { id: 11, label: 'Multi\nselect', type: 'MultiSelect', options },
    { id: 12, label: 'Note', type: 'Note' },
    { id: 13, label: 'Temperature', type: 'Temperature' },
    { id: 14, label: 'Toggle', type: 'Toggle' },
    { id: 15, label: 'Colour', type: 'Colour' },
    { id: 16, label: 'Rich text', type: 'RichText' },
    { id: 17, label: 'File', type: 'FileUpload' },
    { id: 18, label: 'Signature', type: 'Signature', allowThirdPartySignature: true },
    { id: 19, label: 'Table', type: 'Table' },
    {
      id: 20,
      label: 'Light table',
      type: 'TableLight',
      columns: [
        { id: 1, value: 'Name' },
        { id: 2, value: '@Company' },
      ],
    },
    { id: 21, label: 'Image', type: 'Image' },
    { id: 22, label: 'Documents', type: 'DocumentPicker' },
  ];
  const def: FormDefinition = {
    ...exampleForm,
    pages: [
      { id: 1, label: 'One', questions: questions.slice(0, 11) },
      { id: 2, label: '', questions: [...questions.slice(11), questions[0]] },
    ],
  };
  const texts = [
    'plain',
    '',
    ' leading',
    'trailing ',
    'comma, inside',
    'a "quoted" word',
    'line\nbreak',
    'carriage\rreturn',
    'crlf\r\nend',
    '\uFEFFbom',
    '=1+1',
    '+SUM(A1)',
    '-2+3',
    '-5',
    '-12.75',
    '-',
    '@cmd',
    '\ttab',
    '\rcr',
    "'quoted already",
    'Dún Laoghaire €',
    'C30/37',
    'https://example.com/a?b=1&c="2"',
    '<p>Rich <b>text</b>, "quoted"</p><ul><li>one</li></ul>',
    'projects/3/documents/Drawings/L2, "rev B".pdf',
    '{"item":"Drill","assetNo":"A-1","description":"x, y","manufacturer":"","modelNo":"","owner":"=me"}',
    '2026-03-14',
    '2026-03-14T10:00:00Z',
    '#ff0000',
  ];
  const numbers = [0, 7, -5, 12.345, -0.001, 1.005, 1234567.891, 2 ** 53, -(2 ** 40) - 0.5, 0.1 + 0.2];
  const dates = [
    '2026-03-14T16:05:59.000Z',
    '2026-03-29T00:59:59Z',
    '2026-10-25T01:30:00.5Z',
    '2026-07-01T23:30:00+02:00',
    '2026-07-01',
    'not a date',
    '',
  ];
  const names = ['Aoife Byrne', '=evil()', ' Seán Ó Briain', 'Doyle, Mark', '-1', '"Q"'];

  // Deterministic entries: every field type gets strings, numbers, booleans, several values, empty values,
  // no answer, a second answer (ignored) and answers to questions the form does not have; the grid cells of
  // every kind, the dropdown an Other text, the signature a third party's name; some entries are drafts.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const value = (): AnswerValue => {
    const kind = next(10);
    if (kind < 6) return texts[next(texts.length)];
    if (kind < 9) return numbers[next(numbers.length)];
    return next(2) === 0;
  };
  const entries: FormEntry[] = Array.from({ length: 600 }, (_, i) => {
    const answers: Answer[] = [];
    for (const q of questions) {
      if (next(5) === 0) continue;
      const answer: Answer = { questionId: q.id, answers: Array.from({ length: next(4) }, value) };
      if (q.type === 'Grid' && next(4) !== 0)
        answer.grid = {
          cells: (q.grid?.cells ?? [])
            .filter(() => next(3) !== 0)
            .map((cell) => ({
              cellId: cell.id,
              rowIndex: cell.rowIndex,
              columnIndex: cell.columnIndex,
              value: cell.cellQuestion.type === 'Tickbox' ? next(4) !== 0 : value(),
            })),
          ...(next(2) === 0 ? { overallComments: texts[next(texts.length)] } : {}),
        };
      if (next(3) === 0) answer.other = texts[next(texts.length)];
      if (next(3) === 0) answer.signatureByThirdParty = texts[next(texts.length)];
      if (q.type === 'Dropdown' && next(3) === 0) answer.answers = ['Other'];
      answers.push(answer);
      if (next(8) === 0) answers.push({ questionId: q.id, answers: [value()] });
    }
    if (next(4) === 0) answers.push({ questionId: 99, answers: [value()] });
    answers.sort(() => next(3) - 1);
    return {
      id: i + 1,
      clientId: 1,
      projectId: 3,
      formId: 7,
      formArea: 'quality-assurance',
      entryNumber: i + 1,
      globalEntryNumber: i + 1,
      date: dates[next(dates.length)],
      enteredBy: names[next(names.length)],
      ...(next(3) === 0 ? { isDraft: next(2) === 0 } : {}),
      answers,
    };
  });

  it('covers every field type', () => {
    expect(new Set(questions.map((q) => questionKind(q)))).toEqual(new Set(Object.keys(fieldTypes)));
  });

  it.each(['UTC', 'Europe/Dublin', 'Asia/Kathmandu'])('gives the same bytes (%s)', async (timeZone) => {
    const expected = papaCsv(def, entries, timeZone);
    expect(registerCsv(def, entries, { timeZone })).toBe(expected);
    expect([...registerCsvChunks(def, entries, { timeZone })].join('')).toBe(expected);
    async function* cursor() {
      yield* entries;
    }
    const pieces: string[] = [];
    for await (const piece of registerCsvStream(def, cursor(), { timeZone })) pieces.push(piece);
    expect(pieces.join('')).toBe(expected);
    expect(pieces).toHaveLength(7); // the header, then 6 pieces of CSV_CHUNK_ROWS (100) rows
  });

  it('gives the same bytes with no entries and for a form without questions', () => {
    expect(registerCsv(def, [])).toBe(papaCsv(def, []));
    const bare = { ...def, pages: [] };
    expect(registerCsv(bare, entries.slice(0, 20))).toBe(papaCsv(bare, entries.slice(0, 20)));
  });
});

describe('every answer in the CSV (issue 19)', () => {
  const score = ['0', '1', '2', '3'].map((value, i) => ({ id: i + 1, value }));
  const checklist: Question = {
    id: 9,
    label: 'Checklist',
    type: 'Grid',
    grid: {
      totalColumns: 5,
      totalRows: 3,
      headers: [
        { index: 0, label: 'Item' },
        { index: 1, label: 'Checked' },
        { index: 2, label: 'Score' },
        { index: 3, label: 'Hours', displaySumOfColumn: true, sumOfColumnLabel: 'Total' },
        { index: 4, label: 'Comments' },
      ],
      cells: ['Edge protection', 'Ladders', 'Lighting'].flatMap((item, row) => [
        {
          id: row * 5 + 1,
          rowIndex: row,
          columnIndex: 0,
          cellQuestion: { id: 90, type: 'Note' as const, label: item },
        },
        { id: row * 5 + 2, rowIndex: row, columnIndex: 1, cellQuestion: { id: 91, type: 'Tickbox' as const } },
        {
          id: row * 5 + 3,
          rowIndex: row,
          columnIndex: 2,
          cellQuestion: { id: 92, type: 'Dropdown' as const, options: score },
        },
        { id: row * 5 + 4, rowIndex: row, columnIndex: 3, cellQuestion: { id: 93, type: 'Number' as const } },
        { id: row * 5 + 5, rowIndex: row, columnIndex: 4, cellQuestion: { id: 94, type: 'Text' as const } },
      ]),
    },
    ratings: [
      { min: 0, max: 49.99, label: 'Poor' },
      { min: 50, max: 79.99, label: 'Fair' },
      { min: 80, max: 100, label: 'Good' },
    ],
  };
  const questions: Question[] = [
    { id: 1, label: 'Location', type: 'Text', extendedType: 'Normal' },
    { id: 2, label: 'Comments', type: 'Text', extendedType: 'Long' },
    { id: 3, label: 'Photo link', type: 'Text', extendedType: 'Hyperlink' },
    { id: 4, label: 'Slump (mm)', type: 'Text', extendedType: 'Number' },
    { id: 5, label: 'Result', type: 'Dropdown', allowOther: true, options: [{ id: 1, value: 'Accepted' }] },
    { id: 6, label: 'Pour date', type: 'Date' },
    {
      id: 7,
      label: 'Checks completed',
      type: 'Checkbox',
      options: [
        { id: 1, value: 'Formwork' },
        { id: 2, value: 'Cover' },
      ],
    },
    { id: 8, label: 'Area cleaned', type: 'Checkbox' },
    checklist,
    {
      id: 10,
      label: 'Trades on site',
      type: 'MultiSelect',
      options: [
        { id: 1, value: 'Electrical' },
        { id: 2, value: 'Roofing' },
      ],
    },
    { id: 11, label: 'A fire watch stays for 60 minutes.', type: 'Note' },
    { id: 12, label: 'Air temperature', type: 'Temperature' },
    { id: 13, label: 'Area left safe', type: 'Toggle' },
    { id: 14, label: 'Barrier tape colour', type: 'Colour' },
    { id: 15, label: 'Findings', type: 'RichText' },
    { id: 16, label: 'Photos', type: 'FileUpload' },
    { id: 17, label: 'Supervisor signature', type: 'Signature', allowThirdPartySignature: true },
    { id: 18, label: 'Fire-fighting equipment', type: 'Table' },
    {
      id: 19,
      label: 'Visitors on site',
      type: 'TableLight',
      columns: [
        { id: 1, value: 'Name' },
        { id: 2, value: 'Company' },
      ],
    },
    { id: 20, label: 'Site plan', type: 'Image', imageFile: 'forms/5/site-plan.png' },
    { id: 21, label: 'Drawings referred to', type: 'DocumentPicker' },
  ];
  const def: FormDefinition = {
    ...exampleForm,
    pages: [
      { id: 1, label: 'One', questions: questions.slice(0, 12) },
      { id: 2, label: 'Two', questions: questions.slice(12) },
    ],
  };
  const cell = (id: number, value: string | number | boolean) => ({
    cellId: id,
    rowIndex: Math.floor((id - 1) / 5),
    columnIndex: (id - 1) % 5,
    value,
  });
  const answers: Answer[] = [
    { questionId: 1, answers: ['Bay 3'] },
    { questionId: 2, answers: ['Line one\nLine two'] },
    { questionId: 3, answers: ['https://example.com/p/1'] },
    { questionId: 4, answers: [75.125] },
    { questionId: 5, answers: ['Other'], other: 'Pending engineer' },
    { questionId: 6, answers: ['2026-03-14'] },
    { questionId: 7, answers: ['Formwork', 'Cover'] },
    { questionId: 8, answers: [true] },
    {
      questionId: 9,
      answers: [],
      // Rows 1 and 2 ticked and scored, row 3 unticked; the stored scores are the server's (recomputed anyway).
      grid: {
        cells: [
          cell(2, true),
          cell(3, '3'),
          cell(4, 1.5),
          cell(5, 'Fine'),
          cell(7, true),
          cell(8, '1'),
          cell(10, 'Two, "missing" rungs'),
          cell(12, false),
        ],
        overallComments: 'Tidy site',
      },
      totalScore: 4,
      maxScore: 6,
    },
    { questionId: 10, answers: ['Electrical', 'Roofing'] },
    { questionId: 12, answers: [18.5] },
    { questionId: 13, answers: [true] },
    { questionId: 14, answers: ['#ff0000'] },
    {
      questionId: 15,
      answers: [
        '<p>Loose <strong>boards</strong> on level 2</p><ul><li>Tie back</li><li>Re-inspect &amp; sign</li></ul>',
      ],
    },
    { questionId: 16, answers: ['questions/16/a1/bay-3.jpg', 'questions/16/b2/crack, north.jpg'] },
    {
      questionId: 17,
      answers: ['questions/17/c3/signature.png'],
      isSigned: true,
      signatureByThirdParty: 'J. Murphy',
    },
    {
      questionId: 18,
      answers: [
        JSON.stringify({
          item: 'Extinguisher',
          assetNo: 'FE-12',
          description: '6 kg powder',
          manufacturer: 'Chubb',
          modelNo: 'P6',
          owner: 'Site',
        }),
        JSON.stringify({
          item: 'Fire blanket',
          assetNo: 'FB-2',
          description: '1.2 m',
          manufacturer: 'Chubb',
          modelNo: 'B12',
          owner: 'Hire Co',
        }),
      ],
    },
    { questionId: 19, answers: [JSON.stringify({ c1: 'Mary Walsh', c2: 'ESB' }), JSON.stringify({ c1: 'Tom Daly' })] },
    { questionId: 21, answers: ['projects/3/documents/Drawings/L2 slab rev B.pdf'] },
  ];
  const expected: [string, string][] = [
    ['Entry Number', '1'],
    ['Created', '2026-03-14 16:05'],
    ['Entered By', 'Aoife Byrne'],
    ['Status', 'Submitted'],
    ['Location', 'Bay 3'],
    ['Comments', 'Line one\nLine two'],
    ['Photo link', 'https://example.com/p/1'],
    ['Slump (mm)', '75.13'],
    ['Result', 'Other: Pending engineer'],
    ['Pour date', '2026-03-14'],
    ['Checks completed', 'Formwork, Cover'],
    ['Area cleaned', 'Yes'],
    ['Checklist - Total Score', '4'],
    ['Checklist - Max Score', '6'],
    ['Checklist - Rating (%)', '66.67'],
    ['Checklist - Rating', 'Fair'],
    [
      'Checklist',
      'Edge protection - Score: 3; Hours: 1.5; Comments: Fine\nLadders - Score: 1; Comments: Two, "missing" rungs',
    ],
    ['Checklist - Hours (Total)', '1.5'],
    ['Checklist - Overall Comments', 'Tidy site'],
    ['Trades on site', 'Electrical, Roofing'],
    ['Air temperature', '18.5'],
    ['Area left safe', 'Yes'],
    ['Barrier tape colour', '#ff0000'],
    ['Findings', 'Loose boards on level 2\nTie back\nRe-inspect & sign'],
    ['Photos', 'bay-3.jpg\ncrack, north.jpg'],
    ['Supervisor signature', 'signature.png'],
    ['Supervisor signature - Name of the person who signed', 'J. Murphy'],
    [
      'Fire-fighting equipment',
      'Item: Extinguisher; Asset No: FE-12; Description: 6 kg powder; Manufacturer: Chubb; Model No: P6; Owner: Site\n' +
        'Item: Fire blanket; Asset No: FB-2; Description: 1.2 m; Manufacturer: Chubb; Model No: B12; Owner: Hire Co',
    ],
    ['Visitors on site', 'Name: Mary Walsh; Company: ESB\nName: Tom Daly'],
    ['Drawings referred to', 'L2 slab rev B.pdf'],
  ];

  it('covers every field type', () => {
    expect(new Set(questions.map((q) => questionKind(q)))).toEqual(new Set(Object.keys(fieldTypes)));
  });

  it('gives every cell of the header and the row: figures apart, rows and files a line each, no note or image', () => {
    const [head, row, ...rest] = parse(registerCsv(def, [entry(1, answers)]));
    expect(rest).toEqual([]);
    expect(head).toEqual(expected.map(([h]) => h));
    expect(row).toEqual(expected.map(([, value]) => value));
  });

  it('leaves an unanswered entry empty under every column, and a draft says so', () => {
    const [head, row] = parse(registerCsv(def, [entry(2, [], { isDraft: true })]));
    expect(row).toHaveLength(head.length);
    expect(row.slice(0, 4)).toEqual(['2', '2026-03-14 16:05', 'Aoife Byrne', 'Draft']);
    expect(row.slice(4).every((c) => c === '')).toBe(true);
  });

  it('leaves the rating empty while nothing scores, and lists a ticked row without values by its label', () => {
    const unscored: Answer = { questionId: 9, answers: [], grid: { cells: [cell(12, true)] } };
    const [head, row] = parse(registerCsv(def, [entry(3, [unscored])]));
    const at = (h: string) => row[head.indexOf(h)];
    expect([at('Checklist - Total Score'), at('Checklist - Max Score')]).toEqual(['0', '3']);
    const none: Answer = { questionId: 9, answers: [], grid: { cells: [cell(12, false)] } };
    const [, nothing] = parse(registerCsv(def, [entry(3, [none])]));
    expect(
      [
        'Checklist - Total Score',
        'Checklist - Max Score',
        'Checklist - Rating (%)',
        'Checklist - Rating',
        'Checklist',
      ].map((h) => nothing[head.indexOf(h)]),
    ).toEqual(['0', '0', '', '', '']);
    expect(at('Checklist')).toBe('Lighting');
  });

  it("gives the seed's Site Safety Inspection scored 5/6 its score cells", () => {
    const form = demoSeed.formDefinitions.find((f) => f.title === 'Site Safety Inspection') as FormDefinition;
    const grid = (allQuestions(form) as QuestionProperties[]).find((q) => q.label === 'Safety checklist')?.grid;
    // Rows 1 and 2 (Site access, Scaffolding) ticked and scored 3 and 2 of 3; rows 3 and 4 left alone.
    const at = (row: number, column: number) => grid?.cells.find((c) => c.rowIndex === row && c.columnIndex === column);
    const given = (row: number, column: number, value: string | number | boolean) => {
      const c = at(row, column);
      return { cellId: c?.id ?? 0, rowIndex: row, columnIndex: column, value };
    };
    const answer: Answer = {
      questionId: 3,
      answers: [],
      grid: {
        cells: [given(0, 1, true), given(0, 2, '3'), given(0, 3, 2), given(1, 1, true), given(1, 2, '2')],
      },
      totalScore: 5,
      maxScore: 6,
    };
    const [head, row] = parse(
      registerCsv(form, [entry(1, [{ questionId: 1, answers: ['Cian Murphy'] }, answer], { formId: form.id })]),
    );
    const at2 = (h: string) => row[head.indexOf(h)];
    expect(head).not.toContain('Site plan');
    expect(head).not.toContain('A fire watch stays for 60 minutes after hot work ends.');
    expect(
      [
        'Safety checklist - Total Score',
        'Safety checklist - Max Score',
        'Safety checklist - Rating (%)',
        'Safety checklist - Rating',
        'Safety checklist',
        'Safety checklist - Hours (Total)',
        'Safety checklist - Overall Comments',
      ].map(at2),
    ).toEqual([
      '5',
      '6',
      '83.33',
      'Good',
      'Site access and signage - Score (0-3): 3; Hours: 2\nScaffolding and edge protection - Score (0-3): 2',
      '2',
      '',
    ]);
    expect(head.slice(0, 5)).toEqual(['Entry Number', 'Created', 'Entered By', 'Status', 'Inspected by']);
  });
});
