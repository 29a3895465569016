import Papa from 'papaparse';
import { exampleForm } from '../forms/example-form';
import { fieldTypeOf, fieldTypes } from '../forms/field-types';
import { allQuestions, questionKind } from '../forms/questions';
import { message } from '../messages/catalogue';
import type { Answer, AnswerValue, FormDefinition, FormEntry, Question } from '../types/generated';
import {
  csvFileName,
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
      entry(2, [{ questionId: 4, answers: [12] }], { enteredBy: 'Mark Doyle', date: '2026-03-15T00:00:00Z' }),
    ]);
    const rows = parse(csv);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      '1',
      '2026-03-14 16:05',
      'Aoife Byrne',
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
    expect(rows[2]).toEqual(['2', '2026-03-15 00:00', 'Mark Doyle', '', '', '', '12', '', '', '', '', '', '', '']);
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
    expect(row[3]).toBe('Bay 3, "north" side');
    expect(row[9]).toBe('Line one\nLine two');
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
    expect(rows[0][3]).toBe('\'=HYPERLINK("http://x")');
    rows.slice(1).forEach((row, i) => {
      expect(row[3]).toBe(`'${attacks[i]}`);
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
    expect(rows[1][6]).toBe('0');
    expect(rows[1][13]).toBe('-12.76');
    expect(rows[1][3]).toBe('-5');
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
    expect(rows[1][3]).toBe('Dún Laoghaire');
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

describe('csvFileName', () => {
  it('is "{title} Register {yyyyMMdd}.csv"', () => {
    expect(csvFileName(exampleForm, new Date('2026-03-04T10:00:00Z'))).toBe('Pour Check Register 20260304.csv');
  });

  it('takes the date in the time zone and cleans the title', () => {
    const late = new Date('2026-03-04T23:30:00Z');
    expect(csvFileName({ title: 'QA/QC: "Slab" <L2>?' }, late, { timeZone: 'Asia/Tokyo' })).toBe(
      'QA_QC_ _Slab_ _L2__ Register 20260305.csv',
    );
  });
});

/**
 * The export as it was written before the row writer of issue "Performance at scale" §3: every cell through
 * answerDisplayText (as it was then) and protectCell, the rows through Papa.unparse. The writer must give the
 * same bytes.
 */
function papaCsv(def: FormDefinition, entries: readonly FormEntry[], timeZone = 'UTC'): string {
  const questions = allQuestions(def);
  const unparse = (rows: unknown[][]) => Papa.unparse(rows, { newline: '\r\n', quotes: false, escapeFormulae: false });
  const header = [
    message('register.entryNumber'),
    message('register.date'),
    message('register.enteredBy'),
    ...questions.map((q) => q.label),
  ].map(protectCell);
  const rows = entries.map((e) => {
    const answers = new Map<number, readonly AnswerValue[]>();
    for (const answer of e.answers) if (!answers.has(answer.questionId)) answers.set(answer.questionId, answer.answers);
    return [
      String(e.entryNumber),
      formatCreated(e.date, timeZone),
      e.enteredBy,
      ...questions.map((q) => displayTextAsBefore(q, answers.get(q.id) ?? [])),
    ].map(protectCell);
  });
  return `\uFEFF${unparse([header])}${rows.length > 0 ? `\r\n${unparse(rows)}` : ''}`;
}

/** answerDisplayText with formatCsvNumber as it was written before (filter, map, join). */
function displayTextAsBefore(question: Question, values: readonly AnswerValue[]): string {
  const type = fieldTypeOf(question);
  return values
    .filter((value) => value !== '')
    .map((value) => {
      if (typeof value === 'boolean') return message(value ? 'csv.yes' : 'csv.no');
      if (typeof value === 'number') return formatCsvNumber(value);
      return type.displayText(value);
    })
    .join(', ');
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
    { id: 5, label: 'Dropdown ', type: 'Dropdown', options },
    { id: 6, label: 'Date', type: 'Date' },
    { id: 7, label: '=Checkboxes', type: 'Checkbox', options },
    { id: 8, label: 'Tick', type: 'Checkbox' },
    {
      id: 9,
      label: 'Grid',
      type: 'Grid',
      grid: {
        totalColumns: 1,
        totalRows: 1,
        headers: [{ index: 0, label: 'Hours' }],
        cells: [{ id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 10, type: 'Number' } }],
      },
    },
    { id: 11, label: 'Multi\nselect', type: 'MultiSelect', options },
    { id: 12, label: 'Note', type: 'Note' },
    { id: 13, label: 'Temperature', type: 'Temperature' },
    { id: 14, label: 'Toggle', type: 'Toggle', options },
    { id: 15, label: 'Colour', type: 'Colour' },
    { id: 16, label: 'Rich text', type: 'RichText' },
    { id: 17, label: 'File', type: 'FileUpload' },
    { id: 18, label: 'Signature', type: 'Signature' },
    { id: 19, label: 'Table', type: 'Table' },
    { id: 20, label: 'Light table', type: 'TableLight' },
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
  // no answer, a second answer (ignored) and answers to questions the form does not have.
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
      answers.push({ questionId: q.id, answers: Array.from({ length: next(4) }, value) });
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
    expect(pieces).toHaveLength(3); // the header, then 500 rows and 100
  });

  it('gives the same bytes with no entries and for a form without questions', () => {
    expect(registerCsv(def, [])).toBe(papaCsv(def, []));
    const bare = { ...def, pages: [] };
    expect(registerCsv(bare, entries.slice(0, 20))).toBe(papaCsv(bare, entries.slice(0, 20)));
  });
});
