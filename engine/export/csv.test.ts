import Papa from 'papaparse';
import { exampleForm } from '../forms/example-form';
import type { Answer, FormEntry } from '../types/generated';
import { csvFileName, formatCreated, formatCsvNumber, protectCell, registerCsv } from './csv';

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
