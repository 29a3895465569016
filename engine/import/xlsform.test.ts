// biome-ignore-all lint/suspicious/noTemplateCurlyInString: XLSForm names questions as ${name}, in plain strings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { compileFormDefinition } from '../forms/compile';
import { questionsReadBy } from '../forms/conditions';
import { formDataToAnswers } from '../forms/entry-data';
import { sizeProblems } from '../forms/limits';
import { validateAnswers } from '../forms/validate-submission';
import { checkFormDefinition } from '../rules/form-definition';
import type { FormDefinition } from '../types/generated';
import { validateSchema } from '../validation/ajv';
import baseline from './real-forms-baseline.json';
import { type ImportResult, ImportSourceError } from './types';
import { importXlsForm } from './xlsform';

type Cells = (string | number | null)[];

/** An .xlsx workbook built with exceljs: survey (required), choices and settings sheets as rows of cells. */
async function workbook(sheets: { survey?: Cells[]; choices?: Cells[]; settings?: Cells[]; other?: Cells[] }) {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const row of rows) ws.addRow(row);
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const ctx = { formArea: 'qa' };
type Q = Record<string, unknown> & { id: number; type: string; label: string };
const questionsOf = (result: ImportResult) => result.definition.pages.flatMap((p) => p.questions as Q[]);
const byLabel = (result: ImportResult, label: string) => questionsOf(result).find((q) => q.label === label) as Q;
const findingsAt = (result: ImportResult, cell: string) =>
  result.report.filter((f) => f.path === `survey!${cell}` || f.path.startsWith(`survey!${cell} `));

/** The draft holds: the input schema, the rules (ids, conditions on earlier questions), the limits, the compiler. */
function expectSound(result: ImportResult) {
  expect(validateSchema('form-definition-input', result.definition)).toEqual({ ok: true });
  expect(checkFormDefinition(result.definition)).toEqual([]);
  expect(sizeProblems(result.definition)).toEqual([]);
  const full = { ...result.definition, id: 1, clientId: 1, status: 'Draft', version: 1 } as FormDefinition;
  expect(() => compileFormDefinition(full)).not.toThrow();
  const ids = new Set(questionsOf(result).map((q) => q.id));
  for (const page of result.definition.pages) {
    const conditions = [page.visibleWhen, ...page.questions.map((q) => (q as Q).visibleWhen)].filter(Boolean);
    for (const condition of conditions) for (const id of questionsReadBy(condition as never)) expect(ids).toContain(id);
  }
}

const HEADER: Cells = [
  'type',
  'name',
  'label',
  'hint',
  'required',
  'relevant',
  'constraint',
  'constraint_message',
  'appearance',
  'parameters',
];

describe('importXlsForm: bad input', () => {
  it('throws ImportSourceError for bytes that are not an .xlsx workbook', async () => {
    for (const bytes of [
      new TextEncoder().encode('{"pages": []}'),
      new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 1, 2]),
      new Uint8Array(),
    ]) {
      const error = await importXlsForm(bytes, ctx).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportSourceError);
      expect(error).toMatchObject({
        messageId: 'import.xlsform.notWorkbook',
        message: 'The file is not an .xlsx workbook.',
      });
    }
  });

  it('throws ImportSourceError for a workbook without a survey sheet', async () => {
    const error = await importXlsForm(
      await workbook({
        other: [
          ['type', 'name'],
          ['text', 'a'],
        ],
      }),
      ctx,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportSourceError);
    expect(error).toMatchObject({ messageId: 'import.xlsform.noSurveySheet' });
  });

  it('reports an expression it cannot read with the expression in the message, never throws', async () => {
    const result = await importXlsForm(
      await workbook({ survey: [HEADER, ['text', 'a', 'A'], ['text', 'b', 'B', null, null, "${a} = 'x"]] }),
      ctx,
    );
    const [finding] = findingsAt(result, 'A3');
    expect(finding).toMatchObject({
      severity: 'dropped',
      messageId: 'import.xlsform.relevantDropped',
      path: 'survey!A3 (b)',
    });
    expect(finding.message).toContain("${a} = 'x");
    expect(byLabel(result, 'B').visibleWhen).toBeUndefined();
    expectSound(result);
  });
});

describe('importXlsForm: types', () => {
  it('maps each type to a question type and reports what is lost', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['start', 'start'],
          ['text', 'q_text', 'Text', 'A hint'],
          ['text', 'q_long', 'Long', null, null, null, null, null, 'multiline'],
          ['integer', 'q_int', 'Integer'],
          ['decimal', 'q_dec', 'Decimal'],
          ['date', 'q_date', 'Date'],
          ['time', 'q_time', 'Time'],
          ['datetime', 'q_dt', 'DateTime'],
          ['range', 'q_range', 'Range', null, null, null, null, null, null, 'start=0 end=100 step=5'],
          ['geopoint', 'q_geo', 'Where'],
          ['image', 'q_img', 'Photo'],
          ['audio', 'q_audio', 'Sound'],
          ['file', 'q_file', 'File'],
          ['note', 'q_note', 'Read me'],
          ['select_one yn', 'q_one', 'One'],
          ['select_one yn or_other', 'q_other', 'One or other'],
          ['select_multiple yn or_other', 'q_many', 'Many'],
          ['select_multiple yn', 'q_min', 'Minimal', null, null, null, null, null, 'minimal'],
          ['rank yn', 'q_rank', 'Rank'],
          ['select_one_from_file places.csv', 'q_file_list', 'From file'],
          ['select_one nolist', 'q_nolist', 'No list'],
          ['calculate', 'q_calc'],
          ['hidden', 'q_hidden'],
          ['deviceid', 'deviceid'],
          ['audit', 'audit'],
          ['something_new', 'q_new', 'New'],
        ],
        choices: [
          ['list_name', 'name', 'label'],
          ['yn', 'yes', 'Yes'],
          ['yn', 'no', 'No'],
        ],
      }),
      ctx,
    );
    expectSound(result);
    const yn = [
      { id: 1, value: 'Yes' },
      { id: 2, value: 'No' },
    ];
    expect(byLabel(result, 'Text')).toEqual({ id: 1, type: 'Text', label: 'Text', helpText: 'A hint' });
    expect(byLabel(result, 'Long')).toMatchObject({ type: 'Text', extendedType: 'Long' });
    expect(byLabel(result, 'Integer')).toMatchObject({ type: 'Text', extendedType: 'Number' });
    expect(byLabel(result, 'Decimal')).toMatchObject({ type: 'Text', extendedType: 'Number' });
    expect(byLabel(result, 'Date')).toMatchObject({ type: 'Date' });
    expect(byLabel(result, 'Time')).toMatchObject({ type: 'Text' });
    expect(byLabel(result, 'DateTime')).toMatchObject({ type: 'Date' });
    expect(byLabel(result, 'Range')).toMatchObject({ type: 'Text', extendedType: 'Number', min: 0, max: 100 });
    expect(byLabel(result, 'Where')).toMatchObject({ type: 'Text' });
    expect(byLabel(result, 'Photo')).toMatchObject({ type: 'FileUpload', accept: 'image/*', multiple: false });
    expect(byLabel(result, 'Sound')).toMatchObject({ type: 'FileUpload', accept: 'audio/*' });
    expect(byLabel(result, 'File')).toMatchObject({ type: 'FileUpload', multiple: false });
    expect(byLabel(result, 'Read me')).toMatchObject({ type: 'Note' });
    expect(byLabel(result, 'One')).toMatchObject({ type: 'Dropdown', options: yn });
    expect(byLabel(result, 'One or other')).toMatchObject({ type: 'Dropdown', options: yn, allowOther: true });
    expect(byLabel(result, 'Many')).toMatchObject({ type: 'Checkbox', options: yn });
    expect(byLabel(result, 'Minimal')).toMatchObject({ type: 'MultiSelect', options: yn });
    expect(byLabel(result, 'Rank')).toMatchObject({ type: 'Checkbox', options: yn });
    expect(byLabel(result, 'From file')).toMatchObject({ type: 'Text' });
    expect(byLabel(result, 'No list')).toMatchObject({ type: 'Text' });
    expect(questionsOf(result)).toHaveLength(20);

    const severities = (cell: string) => findingsAt(result, cell).map((f) => `${f.severity} ${f.messageId}`);
    expect(severities('A2')).toEqual(['info import.xlsform.metadata']);
    expect(severities('A3')).toEqual([]);
    expect(severities('A5')).toEqual(['lossy import.xlsform.integer']);
    expect(severities('A6')).toEqual([]);
    expect(severities('A8')).toEqual(['lossy import.xlsform.time']);
    expect(severities('A9')).toEqual(['lossy import.xlsform.datetime']);
    expect(severities('A10')).toEqual(['lossy import.xlsform.range']);
    expect(severities('A11')).toEqual(['lossy import.xlsform.asText']);
    expect(severities('A18')).toEqual(['lossy import.xlsform.otherMultiple']);
    expect(severities('A20')).toEqual(['lossy import.xlsform.rank']);
    expect(severities('A21')).toEqual(['lossy import.xlsform.fromFile']);
    expect(severities('A22')).toEqual(['lossy import.xlsform.unknownList']);
    expect(severities('A23')).toEqual(['dropped import.xlsform.calculate']);
    expect(severities('A24')).toEqual(['dropped import.xlsform.hidden']);
    expect(severities('A27')).toEqual(['dropped import.xlsform.unknownType']);
    expect(findingsAt(result, 'A21')[0].message).toContain('places.csv');
    // 26 rows: 20 questions (11 exact, 9 lossy), 2 metadata, calculate, hidden and the unknown type dropped.
    expect(result.summary).toEqual({ exact: 11, lossy: 9, dropped: 6 });
  });

  it("maps or_other's choice 'other' to the Dropdown's Other in conditions", async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['select_one yn or_other', 'oo', 'OO'],
          ['text', 'spec', 'Specify', null, null, "${oo} = 'other'"],
        ],
        choices: [
          ['list_name', 'name', 'label'],
          ['yn', 'yes', 'Yes'],
        ],
      }),
      ctx,
    );
    expect(byLabel(result, 'Specify').visibleWhen).toEqual({ questionId: 1, equals: 'Other' });
    expectSound(result);
  });

  it('reports read-only, calculated answers, required messages, pictures and the columns it does not read', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          [
            'type',
            'name',
            'label',
            'required',
            'required_message',
            'read_only',
            'calculation',
            'media::image',
            'guidance_hint',
            'bind::odk:length',
          ],
          ['text', 'a', 'A', 'yes', 'Fill this in', 'yes', 'concat(1, 2)', 'site.png', 'Ask twice', '10'],
        ],
      }),
      ctx,
    );
    expect(findingsAt(result, 'A2').map((f) => `${f.severity} ${f.messageId}`)).toEqual([
      'lossy import.xlsform.requiredMessage',
      'lossy import.xlsform.readOnly',
      'lossy import.xlsform.questionCalculation',
      'lossy import.xlsform.media',
    ]);
    expect(result.report).toContainEqual(
      expect.objectContaining({
        path: 'survey',
        severity: 'info',
        message: 'The columns guidance_hint, bind of the survey sheet were not read.',
      }),
    );
    expect(result.summary).toEqual({ exact: 0, lossy: 1, dropped: 0 });
  });

  it('reads required as yes/true/TRUE/1 and reports a required expression', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['text', 'a', 'A', null, 'yes'],
          ['text', 'b', 'B', null, 'true'],
          ['text', 'c', 'C', null, 'TRUE'],
          ['text', 'd', 'D', null, 1],
          ['text', 'e', 'E', null, 'no'],
          ['text', 'f', 'F', null, 'false'],
          ['text', 'g', 'G', null, "${a} = 'x'"],
        ],
      }),
      ctx,
    );
    expect(questionsOf(result).map((q) => q.required ?? false)).toEqual([true, true, true, true, false, false, false]);
    expect(findingsAt(result, 'A8')).toMatchObject([{ severity: 'lossy', messageId: 'import.xlsform.requiredIf' }]);
    expectSound(result);
  });
});

describe('importXlsForm: texts and choices', () => {
  it("takes the default_language's columns and reports the other languages once", async () => {
    const survey: Cells[] = [
      ['type', 'name', 'label::English (en)', 'label::Deutsch (de)', 'hint::English (en)', 'hint::Deutsch (de)'],
      ['select_one yn', 'q1', 'Ready?', 'Bereit?', 'Pick one', 'Eins wählen'],
      ['text', 'q2', 'Name', 'Name (de)'],
    ];
    const choices: Cells[] = [
      ['list_name', 'name', 'label::English (en)', 'label::Deutsch (de)'],
      ['yn', 'yes', 'Yes', 'Ja'],
      ['yn', 'no', 'No', 'Nein'],
    ];
    for (const language of ['Deutsch (de)', 'de', 'Deutsch']) {
      const result = await importXlsForm(
        await workbook({ survey, choices, settings: [['default_language'], [language]] }),
        ctx,
      );
      expect(questionsOf(result)[0]).toMatchObject({
        label: 'Bereit?',
        helpText: 'Eins wählen',
        options: [{ value: 'Ja' }, { value: 'Nein' }],
      });
      const languages = result.report.filter((f) => f.messageId === 'import.xlsform.otherLanguages');
      expect(languages).toEqual([
        expect.objectContaining({
          severity: 'lossy',
          message: 'Texts were taken in Deutsch (de); the texts in English (en) were not imported.',
        }),
      ]);
    }
    const first = await importXlsForm(await workbook({ survey, choices }), ctx);
    expect(questionsOf(first)[0]).toMatchObject({ label: 'Ready?', options: [{ value: 'Yes' }, { value: 'No' }] });
  });

  it('takes form_title as the title, else the fallback title', async () => {
    const survey: Cells[] = [HEADER, ['text', 'a', 'A']];
    const titled = await importXlsForm(
      await workbook({
        survey,
        settings: [
          ['form_title', 'form_id', 'version'],
          ['Site diary', 'diary', '3'],
        ],
      }),
      ctx,
    );
    expect(titled.definition.title).toBe('Site diary');
    expect(titled.report).toContainEqual(
      expect.objectContaining({ severity: 'info', messageId: 'import.xlsform.settingsNotKept' }),
    );
    const untitled = await importXlsForm(await workbook({ survey }), { ...ctx, fallbackTitle: 'diary' });
    expect(untitled.definition.title).toBe('diary');
  });

  it('makes duplicate choice labels unique and reports it', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [HEADER, ['select_one l', 'a', 'A']],
        choices: [
          ['list_name', 'name', 'label'],
          ['l', 'x', 'Same'],
          ['l', 'y', 'Same'],
        ],
      }),
      ctx,
    );
    expect(questionsOf(result)[0].options).toEqual([
      { id: 1, value: 'Same' },
      { id: 2, value: 'Same (y)' },
    ]);
    expect(findingsAt(result, 'A2')).toMatchObject([
      { severity: 'lossy', messageId: 'import.xlsform.duplicateChoice' },
    ]);
    expectSound(result);
  });

  it('shortens a label over the limit, makes Markdown plain and reports references', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['integer', 'n', 'N'],
          ['note', 'a', `**Bold** [site](https://x.org) ${'x'.repeat(600)}`],
          ['note', 'b', 'You said ${n}'],
        ],
      }),
      ctx,
    );
    const [, long, reference] = questionsOf(result);
    expect(long.label).toHaveLength(500);
    expect(long.label.startsWith('Bold site (https://x.org) x')).toBe(true);
    expect(findingsAt(result, 'A3').map((f) => f.messageId)).toEqual([
      'import.xlsform.formatting',
      'import.xlsform.tooLong',
    ]);
    expect(reference.label).toBe('You said ${n}');
    expect(findingsAt(result, 'A4').map((f) => f.messageId)).toEqual(['import.xlsform.reference']);
    expectSound(result);
  });
});

describe('importXlsForm: conditions and constraints', () => {
  it('maps relevant expressions to conditions on the questions by their new ids', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['select_one yn', 'ok', 'OK?'],
          ['select_multiple tools', 'tools', 'Tools'],
          ['integer', 'age', 'Age'],
          ['text', 'why', 'Why', null, null, '${ok} = ‘no’'],
          ['text', 'which', 'Which drill', null, null, "selected(${tools}, 'drill') and not(${ok} = 'yes')"],
          ['text', 'adult', 'Adult', null, null, "${age} >= 18 or ${why} != ''"],
          ['text', 'later', 'Later', null, null, "${after} = 'x'"],
          ['text', 'after', 'After'],
          ['text', 'cmp', 'Compare', null, null, '${age} != ${why}'],
        ],
        choices: [
          ['list_name', 'name', 'label'],
          ['yn', 'yes', 'Yes'],
          ['yn', 'no', 'No'],
          ['tools', 'drill', 'Drill'],
          ['tools', 'saw', 'Saw'],
        ],
      }),
      ctx,
    );
    expectSound(result);
    expect(byLabel(result, 'Why').visibleWhen).toEqual({ questionId: 1, equals: 'No' });
    expect(byLabel(result, 'Which drill').visibleWhen).toEqual({
      all: [{ questionId: 2, equals: 'Drill' }, { none: [{ questionId: 1, equals: 'Yes' }] }],
    });
    expect(byLabel(result, 'Adult').visibleWhen).toEqual({
      any: [
        { questionId: 3, atLeast: 18 },
        { questionId: 4, answered: true },
      ],
    });
    // A reference to a later question, and a comparison of two answers, are reported with the expression.
    expect(byLabel(result, 'Later').visibleWhen).toBeUndefined();
    expect(findingsAt(result, 'A8')[0]).toMatchObject({
      severity: 'dropped',
      messageId: 'import.xlsform.relevantDropped',
    });
    expect(findingsAt(result, 'A8')[0].message).toContain('after is not a question before it');
    expect(findingsAt(result, 'A10')[0].message).toContain('${age} != ${why}');
    // 9 rows + 5 conditions: the integer lossy, two conditions dropped.
    expect(result.summary).toEqual({ exact: 11, lossy: 1, dropped: 2 });
  });

  it('maps numeric constraints to min/max and reports the others', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['decimal', 'a', 'Age', null, null, null, '. >= 18 and . <= 120'],
          ['decimal', 'b', 'Positive', null, null, null, '. > 0'],
          ['decimal', 'c', 'Messaged', null, null, null, '. <= 10', 'At most ten'],
          ['text', 'd', 'Phone', null, null, null, "regex(., '^[0-9]{10}$')"],
          ['decimal', 'e', 'Inside', null, null, null, '. < ${a}'],
          ['text', 'f', 'Short', null, null, null, '. <= 3'],
        ],
      }),
      ctx,
    );
    expectSound(result);
    expect(byLabel(result, 'Age')).toMatchObject({ min: 18, max: 120 });
    expect(byLabel(result, 'Positive')).toMatchObject({ min: 0 });
    expect(byLabel(result, 'Messaged')).toMatchObject({ max: 10 });
    expect(byLabel(result, 'Phone')).not.toHaveProperty('pattern');
    expect(byLabel(result, 'Inside')).not.toHaveProperty('max');
    const ids = (cell: string) => findingsAt(result, cell).map((f) => `${f.severity} ${f.messageId}`);
    expect(ids('A2')).toEqual([]);
    expect(ids('A3')).toEqual(['lossy import.xlsform.constraintWidened']);
    expect(ids('A4')).toEqual(['lossy import.xlsform.constraintMessage']);
    expect(ids('A5')).toEqual(['dropped import.xlsform.constraintDropped']);
    expect(findingsAt(result, 'A5')[0].message).toContain("regex(., '^[0-9]{10}$')");
    expect(ids('A6')).toEqual(['dropped import.xlsform.constraintDropped']);
    expect(ids('A7')).toEqual(['dropped import.xlsform.constraintDropped']);
    // 6 questions exact, 6 constraints: 1 exact, 2 lossy, 3 dropped.
    expect(result.summary).toEqual({ exact: 7, lossy: 2, dropped: 3 });
  });
});

describe('importXlsForm: groups and repeats', () => {
  it('makes top-level field-list groups pages, flattens the other groups with a note and joins their conditions', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['text', 'loose', 'Loose'],
          ['begin group', 'p1', 'Page one', null, null, null, null, null, 'field-list'],
          ['select_one yn', 'ok', 'OK?'],
          ['begin_group', 'inner', 'Inner', null, null, "${ok} = 'yes'"],
          ['text', 'detail', 'Detail', null, null, "${loose} != ''"],
          ['end_group'],
          ['end group'],
          ['begin group', 'p2', 'Page two', null, null, "${ok} = 'no'", null, null, 'field-list'],
          ['text', 'why', 'Why'],
          ['end group'],
          ['text', 'tail', 'Tail'],
        ],
        choices: [
          ['list_name', 'name', 'label'],
          ['yn', 'yes', 'Yes'],
          ['yn', 'no', 'No'],
        ],
      }),
      ctx,
    );
    expectSound(result);
    const pages = result.definition.pages;
    expect(pages.map((p) => [p.label, p.questions.map((q) => q.label)])).toEqual([
      ['', ['Loose']],
      ['Page one', ['OK?', 'Inner', 'Detail']],
      ['Page two', ['Why']],
      ['', ['Tail']],
    ]);
    expect(pages[2].visibleWhen).toEqual({ questionId: 2, equals: 'No' });
    expect(byLabel(result, 'Inner')).toMatchObject({ type: 'Note', visibleWhen: { questionId: 2, equals: 'Yes' } });
    expect(byLabel(result, 'Detail').visibleWhen).toEqual({
      all: [
        { questionId: 2, equals: 'Yes' },
        { questionId: 1, answered: true },
      ],
    });
    expect(findingsAt(result, 'A5')).toMatchObject([{ severity: 'info', messageId: 'import.xlsform.groupFlattened' }]);
    // 8 rows and 3 conditions.
    expect(result.summary).toEqual({ exact: 11, lossy: 0, dropped: 0 });
  });

  it('makes every top-level group a page with style pages', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['begin_group', 'a', 'A'],
          ['text', 'x', 'X'],
          ['end_group'],
          ['begin_group', 'b', 'B'],
          ['text', 'y', 'Y'],
          ['end_group'],
        ],
        settings: [['style'], ['pages']],
      }),
      ctx,
    );
    expect(result.definition.pages.map((p) => p.label)).toEqual(['A', 'B']);
    expectSound(result);
  });

  it('makes a repeat a TableLight, drops a nested repeat and a repeat without columns', async () => {
    const result = await importXlsForm(
      await workbook({
        survey: [
          HEADER,
          ['select_one yn', 'any', 'Any trees?'],
          ['begin repeat', 'trees', 'Trees', null, null, "${any} = 'yes'"],
          ['text', 'species', 'Species'],
          ['integer', 'girth', 'Girth', null, 'yes', null, '. > 0'],
          ['calculate', 'c'],
          ['begin repeat', 'stems', 'Stems'],
          ['text', 'stem', 'Stem'],
          ['end repeat'],
          ['end repeat'],
          ['begin_repeat', 'empty', 'Empty'],
          ['note', 'n', 'Only a note'],
          ['end_repeat'],
        ],
        choices: [
          ['list_name', 'name', 'label'],
          ['yn', 'yes', 'Yes'],
          ['yn', 'no', 'No'],
        ],
      }),
      ctx,
    );
    expectSound(result);
    expect(questionsOf(result)).toEqual([
      expect.objectContaining({ id: 1, type: 'Dropdown' }),
      {
        id: 2,
        type: 'TableLight',
        label: 'Trees',
        columns: [
          { id: 1, value: 'Species' },
          { id: 2, value: 'Girth' },
        ],
        visibleWhen: { questionId: 1, equals: 'Yes' },
      },
    ]);
    const ids = (cell: string) => findingsAt(result, cell).map((f) => `${f.severity} ${f.messageId}`);
    expect(ids('A3')).toEqual(['lossy import.xlsform.repeat']);
    expect(ids('A4')).toEqual([]);
    expect(ids('A5')).toEqual(['dropped import.xlsform.inRepeat', 'lossy import.xlsform.repeatColumn']);
    expect(ids('A6')).toEqual(['dropped import.xlsform.repeatDropped']);
    expect(ids('A7')).toEqual(['dropped import.xlsform.repeatNested']);
    expect(ids('A8')).toEqual(['dropped import.xlsform.inDroppedRepeat']);
    expect(ids('A11')).toEqual(['dropped import.xlsform.repeatEmpty']);
    expect(ids('A12')).toEqual(['dropped import.xlsform.repeatDropped']);
    // Rows: any, trees, species, girth, c, stems, stem, empty, n (9) + the repeat's relevant + girth's constraint.
    expect(result.summary).toEqual({ exact: 3, lossy: 2, dropped: 6 });
  });

  it('skips empty rows quietly and closes an unclosed group', async () => {
    const survey: Cells[] = [
      HEADER,
      ['begin group', 'g', 'G', null, null, null, null, null, 'field-list'],
      ['text', 'a', 'A'],
    ];
    for (let i = 0; i < 200; i++) survey.push([null]);
    survey.push(['text', 'b', 'B']);
    const result = await importXlsForm(await workbook({ survey }), ctx);
    expect(questionsOf(result).map((q) => q.label)).toEqual(['A', 'B']);
    expect(result.report).toEqual([
      expect.objectContaining({ severity: 'info', messageId: 'import.xlsform.unclosed' }),
    ]);
    expect(result.summary).toEqual({ exact: 3, lossy: 0, dropped: 0 });
  });
});

/** A sample answer for each question that takes one (files and tables left out: they are not required here). */
function sampleFormData(result: ImportResult): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const q of questionsOf(result)) {
    const options = q.options as { value: string }[] | undefined;
    const key = `q_${q.id}`;
    if (q.type === 'Text' && q.extendedType === 'Number')
      data[key] = (q.min as number | undefined) ?? Math.min(1, (q.max as number | undefined) ?? 1);
    else if (q.type === 'Text') data[key] = 'Sample';
    else if (q.type === 'Date') data[key] = '2026-01-15';
    else if (q.type === 'Dropdown') data[key] = options?.[0].value;
    else if (q.type === 'MultiSelect' || (q.type === 'Checkbox' && options?.length)) data[key] = [options?.[0].value];
    else if (q.type === 'Checkbox') data[key] = true;
  }
  return data;
}

/** A seeded pseudo-random generator (mulberry32): the same forms on every run. */
function random(seed: number) {
  let t = seed;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

describe('importXlsForm: random workbooks', () => {
  const types = [
    'text',
    'integer',
    'decimal',
    'date',
    'time',
    'note',
    'select_one yn',
    'select_multiple yn',
    'select_one yn or_other',
    'rank yn',
    'image',
    'calculate',
    'start',
    'geopoint',
    'range',
    'select_one missing',
    'acknowledge',
    'weird_type',
  ];
  const structure = ['begin group', 'end group', 'begin repeat', 'end repeat', 'begin_group', 'end_group'];
  for (let seed = 1; seed <= 20; seed++) {
    it(`seed ${seed}: never throws, the draft is sound and the summary counts every element`, async () => {
      const next = random(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
      const rows: Cells[] = [HEADER];
      let elements = 0;
      for (let i = 0; i < 40; i++) {
        const name = `q${i}`;
        const earlier = `q${Math.floor(next() * (i + 5))}`;
        const type = next() < 0.2 ? pick(structure) : pick(types);
        const relevant =
          next() < 0.4
            ? pick([
                `\${${earlier}} = 'yes'`,
                `selected(\${${earlier}}, 'no')`,
                `\${${earlier}} > 3`,
                `\${${earlier}} != ''`,
                `not(\${${earlier}} = ‘yes’) or \${${earlier}} <= 2`,
                `\${${earlier}} = `,
                'count(1) > 0',
                `\${${earlier}} != \${${name}}`,
              ])
            : null;
        const constraint =
          next() < 0.2 ? pick(['. >= 1 and . <= 9', '. > 0', "regex(., '^a')", '. < ${q1}', '.>']) : null;
        const label = pick(['Label', '', '**Bold** <b>x</b>', 'x'.repeat(700), 'Uses ${q1}', 'Same']);
        const fieldList = type.startsWith('begin') && next() < 0.5 ? 'field-list' : null;
        rows.push([
          type,
          type.startsWith('end') ? null : name,
          label,
          null,
          pick(['yes', 'no', '1', "${q1} = 'x'", null]),
          type.startsWith('end') ? null : relevant,
          type.startsWith('end') ? null : constraint,
          null,
          fieldList,
        ]);
        if (!type.startsWith('end')) elements += 1 + (relevant ? 1 : 0) + (constraint ? 1 : 0);
      }
      const result = await importXlsForm(
        await workbook({
          survey: rows,
          choices: [
            ['list_name', 'name', 'label'],
            ['yn', 'yes', 'Same'],
            ['yn', 'no', 'Same'],
          ],
          settings: [['style'], [seed % 2 ? 'pages' : '']],
        }),
        ctx,
      );
      expectSound(result);
      const { exact, lossy, dropped } = result.summary;
      expect(exact + lossy + dropped).toBe(elements);
    });
  }
});

const REAL_FORMS = path.resolve(process.cwd(), '../shared/real-forms/xlsform');

/** The elements of a real form counted independently: rows other than end rows, relevant and constraint cells. */
async function elementsOf(bytes: Uint8Array): Promise<number> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as never);
  const survey = wb.worksheets.find((ws) => ws.name.trim().toLowerCase() === 'survey') as ExcelJS.Worksheet;
  const header = (survey.getRow(1).values as unknown[]).map((v) =>
    String(v ?? '')
      .trim()
      .toLowerCase(),
  );
  const column = (name: string) => header.indexOf(name);
  const text = (v: unknown) => String(v ?? '').trim();
  let count = 0;
  survey.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    const type = text(values[column('type')]);
    if (!type || /^end[ _]/u.test(type)) return;
    count += 1 + (text(values[column('relevant')]) ? 1 : 0) + (text(values[column('constraint')]) ? 1 : 0);
  });
  return count;
}

describe('importXlsForm: real forms (../shared/real-forms/xlsform)', () => {
  it('finds the real forms', () => {
    expect(
      existsSync(REAL_FORMS),
      `The real forms are missing: ${REAL_FORMS} (see /work/shared/real-forms/README.md)`,
    ).toBe(true);
  });
  const files = existsSync(REAL_FORMS) ? readdirSync(REAL_FORMS).filter((f) => f.endsWith('.xlsx')) : [];
  const recorded = (baseline as { xlsform: Record<string, { lossy: number; dropped: number }> }).xlsform;

  it('has a baseline for every file', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(recorded).sort()).toEqual([...files].sort());
  });

  for (const file of files) {
    it(`${file} imports, passes the schema and the rules, compiles, and reports no more than its baseline`, async () => {
      const bytes = new Uint8Array(readFileSync(path.join(REAL_FORMS, file)));
      const result = await importXlsForm(bytes, { formArea: 'qa', fallbackTitle: file.replace(/\.xlsx$/u, '') });
      expectSound(result);
      expect(questionsOf(result).length).toBeGreaterThan(5);
      // It accepts a sample submission (every question that takes an answer answered, hidden ones left out).
      const def = { ...result.definition, id: 1, clientId: 1, status: 'Draft', version: 1 } as FormDefinition;
      const answers = formDataToAnswers(def, sampleFormData(result));
      expect(answers.length).toBeGreaterThan(5);
      expect(validateAnswers(def, answers)).toEqual([]);
      const { exact, lossy, dropped } = result.summary;
      expect(exact + lossy + dropped).toBe(await elementsOf(bytes));
      const count = (severity: string) => result.report.filter((f) => f.severity === severity).length;
      expect(count('lossy')).toBeLessThanOrEqual(recorded[file].lossy);
      expect(count('dropped')).toBeLessThanOrEqual(recorded[file].dropped);
      for (const finding of result.report) expect(finding.message).not.toMatch(/(?<!\$)\{[a-z]+\}/u);
    });
  }
});
