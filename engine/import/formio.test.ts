/**
 * The Form.io importer (issue 22 §1, engine/import/formio.ts): each component's mapping, layout flattening and
 * pages, the three condition shapes (JSON Logic checked against json-logic-js on sample data), scripts reported,
 * the summary adding up to the elements read, and every real form of ../shared/real-forms/formio imported into a
 * draft that passes the schema, the definition rules and the compiler, with counts that only go down
 * (engine/import/real-forms-baseline.json, key `formio`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import jsonLogic, { type RulesLogic } from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { compileFormDefinition, type FieldUiSchema } from '../forms/compile';
import { type Condition, conditionHolds, questionsReadBy } from '../forms/conditions';
import { formDataToAnswers } from '../forms/entry-data';
import { fieldTypeOf } from '../forms/field-types';
import { sizeProblems } from '../forms/limits';
import { validateAnswers } from '../forms/validate-submission';
import { checkFormDefinition } from '../rules/form-definition';
import type { FormDefinition, FormDefinitionInput, Question } from '../types/generated';
import { validateSchema } from '../validation/ajv';
import { importFormio } from './formio';
import baseline from './real-forms-baseline.json';
import { type ImportResult, ImportSourceError } from './types';

const ctx = { formArea: 'quality-assurance' };
const REAL_FORMS = join(process.cwd(), '..', 'shared', 'real-forms', 'formio');

type Component = Record<string, unknown>;

function imp(source: unknown): ImportResult {
  return importFormio(source, ctx);
}

/** The draft as a saved definition would be, for the compiler. */
function saved(definition: FormDefinitionInput): FormDefinition {
  return { ...definition, id: 1, clientId: 1, status: 'Draft', version: 1, formArea: ctx.formArea };
}

/** The draft passes what the API checks on save (schema, rules, limits) and compiles. */
function expectSound(result: ImportResult): void {
  const schema = validateSchema('form-definition-input', result.definition);
  expect(schema.ok ? [] : schema.details).toEqual([]);
  expect(checkFormDefinition(result.definition)).toEqual([]);
  expect(sizeProblems(result.definition)).toEqual([]);
  expect(() => compileFormDefinition(saved(result.definition))).not.toThrow();
  // A submission answering every question is accepted by the server's checks.
  const def = saved(result.definition);
  expect(validateAnswers(def, formDataToAnswers(def, sampleFormData(def)))).toEqual([]);
}

/**
 * A submission answering every question of a draft (the first option, a tick, a number within range, a file path
 * of the entry's folder, one table row, one grid row), as the form would post it.
 */
function sampleFormData(def: FormDefinition): Record<string, unknown> {
  const compiled = compileFormDefinition(def);
  const data: Record<string, unknown> = {};
  for (const question of def.pages.flatMap((p) => p.questions)) {
    const q = question as Question & Record<string, unknown>;
    const key = `q_${q.id}`;
    const options = (q.options as { value: string }[] | undefined)?.map((o) => o.value);
    switch (q.type) {
      case 'Note':
        break;
      case 'Text':
        data[key] =
          q.extendedType === 'Number'
            ? ((q.min as number | undefined) ?? (q.max as number | undefined) ?? 1)
            : q.extendedType === 'Hyperlink'
              ? 'https://example.com/a'
              : 'Sample';
        break;
      case 'RichText':
        data[key] = '<p>Sample</p>';
        break;
      case 'Date':
        data[key] = '2026-01-15';
        break;
      case 'Checkbox':
        data[key] = options ? [options[0]] : true;
        break;
      case 'Dropdown':
        data[key] = options?.[0];
        break;
      case 'MultiSelect':
        data[key] = [options?.[0]];
        break;
      case 'TableLight': {
        const columns = (compiled.uiSchema[key] as FieldUiSchema)['ui:options']?.columns ?? [];
        data[key] = [{ [columns[0].key]: 'Sample' }];
        break;
      }
      case 'Grid': {
        const grid = (q as Extract<Question, { type: 'Grid' }>).grid;
        const cell = grid?.cells.find((c) => c.cellQuestion.type === 'Dropdown');
        if (cell)
          data[key] = {
            cells: [
              {
                cellId: cell.id,
                rowIndex: cell.rowIndex,
                columnIndex: cell.columnIndex,
                gridCellQuestionId: cell.cellQuestion.id,
                value: cell.cellQuestion.options?.[0].value,
              },
            ],
          };
        break;
      }
      default:
        // Signature, FileUpload: the type's own example (a file of the entry's folder).
        data[key] = fieldTypeOf(question).example.good;
    }
  }
  return data;
}

function questions(result: ImportResult): Question[] {
  return result.definition.pages.flatMap((p) => p.questions);
}

function byLabel(result: ImportResult, label: string): Question {
  const found = questions(result).find((q) => q.label === label);
  if (!found) throw new Error(`no question ${label}`);
  return found;
}

function conditionOf(result: ImportResult, label: string): Condition | undefined {
  return (byLabel(result, label) as { visibleWhen?: Condition }).visibleWhen;
}

function findingsAt(result: ImportResult, path: string) {
  return result.report.filter((f) => f.path === path);
}

/**
 * The elements of a source, counted apart from the importer: every entry of a components list (columns' and table
 * cells' lists, tabs' tabs' lists), each condition, script and logic list.
 */
function elementsOf(components: unknown[]): number {
  let count = 0;
  for (const item of components) {
    count++;
    if (typeof item !== 'object' || item === null) continue;
    const c = item as Component;
    const cond = c.conditional as Component | undefined;
    if (
      cond &&
      ((typeof cond.json === 'object' && cond.json !== null && Object.keys(cond.json).length > 0) ||
        (Array.isArray(cond.conditions) && cond.conditions.length > 0) ||
        (typeof cond.when === 'string' && cond.when.trim() !== '') ||
        typeof cond.when === 'number')
    )
      count++;
    const validate = (c.validate ?? {}) as Component;
    for (const script of [c.customConditional, c.calculateValue, c.customDefaultValue, validate.custom, validate.json])
      if (
        (typeof script === 'string' && script.trim() !== '') ||
        (typeof script === 'object' && script !== null && Object.keys(script).length > 0)
      )
        count++;
    if (Array.isArray(c.logic) && c.logic.length > 0) count++;
    const lists = (parts: unknown) =>
      (Array.isArray(parts) ? parts : []).map((p) => ((p as Component)?.components ?? []) as unknown[]);
    if (c.type === 'columns') for (const list of lists(c.columns)) count += elementsOf(list);
    else if (c.type === 'table')
      for (const row of (c.rows ?? []) as unknown[][]) for (const list of lists(row)) count += elementsOf(list);
    else if (c.type === 'tabs') for (const list of lists(c.components)) count += elementsOf(list);
    else if (Array.isArray(c.components)) count += elementsOf(c.components);
  }
  return count;
}

function expectSummaryAddsUp(source: { components: unknown[] }, result: ImportResult): void {
  const { exact, lossy, dropped } = result.summary;
  expect(exact + lossy + dropped).toBe(elementsOf(source.components));
}

describe('importFormio: what it reads', () => {
  it('refuses a source that is not a Form.io form (no components list) with ImportSourceError', () => {
    for (const source of [null, 'form', 42, [], {}, { components: 'x' }, { pages: [] }]) {
      expect(() => imp(source)).toThrow(ImportSourceError);
    }
    try {
      imp({ title: 'x' });
    } catch (error) {
      expect((error as ImportSourceError).messageId).toBe('import.formio.notFormio');
      expect((error as Error).message).toBe('This is not a Form.io form: it has no components list.');
    }
  });

  it('reads a bare { components } form: one page, the fallback title, no document finding', () => {
    const source = { components: [{ type: 'textfield', key: 'name', label: 'Name', input: true }] };
    const result = importFormio(source, { ...ctx, fallbackTitle: 'site-diary' });
    expect(result.definition.title).toBe('site-diary');
    expect(result.definition.formArea).toBe('quality-assurance');
    expect(result.definition.pages).toEqual([
      { id: 1, label: '', questions: [{ id: 1, type: 'Text', label: 'Name' }] },
    ]);
    expect(result.report).toEqual([]);
    expect(result.summary).toEqual({ exact: 1, lossy: 0, dropped: 0 });
    expectSound(result);
  });

  it('reads a full form document: title, display, components; the rest is one info finding', () => {
    const source = {
      _id: 'abc',
      title: 'Pour record',
      display: 'form',
      access: [{ type: 'read_all', roles: [] }],
      created: '2020-01-01T00:00:00Z',
      components: [{ type: 'textfield', key: 'bay', label: 'Bay', input: true }],
    };
    const result = imp(source);
    expect(result.definition.title).toBe('Pour record');
    expect(result.report).toEqual([
      {
        path: '',
        severity: 'info',
        messageId: 'import.formio.documentRead',
        message:
          'Form.io form document: its title, display and components were read; the rest (_id, access, created) was left out.',
      },
    ]);
    expect(result.summary).toEqual({ exact: 1, lossy: 0, dropped: 0 });
  });

  it('an empty form is one empty page titled from the catalogue', () => {
    const result = imp({ components: [] });
    expect(result.definition).toEqual({
      title: 'Imported Form.io form',
      formArea: 'quality-assurance',
      pages: [{ id: 1, label: '', questions: [] }],
    });
    expectSound(result);
  });
});

describe('importFormio: components', () => {
  const source = {
    title: 'Every component',
    components: [
      { type: 'textfield', key: 'text', label: 'Text', input: true, description: 'Where the pour is' },
      { type: 'textarea', key: 'long', label: 'Long', input: true },
      { type: 'textarea', key: 'rich', label: 'Rich', input: true, editor: 'ckeditor' },
      { type: 'number', key: 'slump', label: 'Slump', input: true, validate: { required: true, min: 0, max: '200' } },
      { type: 'currency', key: 'cost', label: 'Cost', input: true, currency: 'EUR' },
      { type: 'email', key: 'email', label: 'Email', input: true },
      { type: 'phoneNumber', key: 'phone', label: 'Phone', input: true, inputMask: '(999) 999-9999' },
      { type: 'url', key: 'link', label: 'Link', input: true },
      { type: 'password', key: 'pw', label: 'Password', input: true },
      {
        type: 'select',
        key: 'grade',
        label: 'Grade',
        input: true,
        data: {
          values: [
            { label: 'C30/37', value: 'c30' },
            { label: 'C40/50', value: 'c40' },
          ],
        },
      },
      {
        type: 'select',
        key: 'trades',
        label: 'Trades',
        input: true,
        multiple: true,
        dataSrc: 'json',
        valueProperty: 'id',
        template: '<span>{{ item.name }}</span>',
        data: {
          json: [
            { id: 'e', name: 'Electrical' },
            { id: 'p', name: 'Plumbing' },
          ],
        },
      },
      { type: 'select', key: 'remote', label: 'Remote', input: true, dataSrc: 'url', data: { url: 'https://x' } },
      {
        type: 'radio',
        key: 'ok',
        label: 'OK?',
        input: true,
        values: [
          { label: 'Yes', value: 'y' },
          { label: 'No', value: 'n' },
        ],
      },
      {
        type: 'selectboxes',
        key: 'checks',
        label: 'Checks',
        input: true,
        values: [
          { label: 'Level', value: 'level' },
          { label: 'Cover', value: 'cover' },
        ],
      },
      { type: 'checkbox', key: 'signedOff', label: 'Signed off', input: true, validate: { required: true } },
      { type: 'datetime', key: 'when', label: 'When', input: true },
      { type: 'datetime', key: 'day1', label: 'Day only', input: true, enableTime: false },
      { type: 'day', key: 'dob', label: 'Day', input: true },
      { type: 'time', key: 'at', label: 'At', input: true },
      { type: 'signature', key: 'sig', label: 'Signature', input: true },
      { type: 'file', key: 'photos', label: 'Photos', input: true, multiple: true, image: true },
      { type: 'file', key: 'doc', label: 'Document', input: true, filePattern: '.pdf' },
      { type: 'content', key: 'c1', label: 'Content', input: false, html: '<p>Wear PPE.</p>' },
      { type: 'htmlelement', key: 'h1', label: 'HTML', input: false, content: '<b>Bold</b> words' },
      { type: 'content', key: 'c2', label: 'Empty', input: false, html: '<p></p>' },
      { type: 'tags', key: 'tags', label: 'Tags', input: true },
      { type: 'address', key: 'addr', label: 'Address', input: true },
      {
        type: 'survey',
        key: 'survey',
        label: 'Survey',
        input: true,
        questions: [
          { label: 'Tidy', value: 'tidy' },
          { label: 'Safe', value: 'safe' },
        ],
        values: [
          { label: '1', value: '1' },
          { label: '2', value: '2' },
        ],
      },
      {
        type: 'datagrid',
        key: 'plant',
        label: 'Plant',
        input: true,
        components: [
          { type: 'textfield', key: 'item', label: 'Item', input: true },
          { type: 'number', key: 'hours', label: 'Hours', input: true },
        ],
      },
      { type: 'hidden', key: 'secret', label: 'Secret', input: true },
      { type: 'custom', key: 'widget', label: 'Widget', input: true },
      { type: 'form', key: 'sub', label: 'Sub form', form: '5692b920', input: true },
      { type: 'location', key: 'loc', label: 'Location', input: true },
      { type: 'button', key: 'reset', label: 'Reset', action: 'reset', input: true },
      { type: 'button', key: 'submit', label: 'Submit', action: 'submit', input: true },
    ],
  };
  const result = imp(source);

  it('maps each component to the closest question type', () => {
    const shapes = questions(result).map((q) => {
      const { id: _id, ...rest } = q as Question & Record<string, unknown>;
      if (rest.type === 'Grid' || rest.type === 'TableLight') return { type: rest.type, label: rest.label };
      return rest;
    });
    expect(shapes).toEqual([
      { type: 'Text', label: 'Text', helpText: 'Where the pour is' },
      { type: 'Text', extendedType: 'Long', label: 'Long' },
      { type: 'RichText', label: 'Rich' },
      { type: 'Text', extendedType: 'Number', label: 'Slump', required: true, min: 0, max: 200 },
      { type: 'Text', extendedType: 'Number', label: 'Cost' },
      { type: 'Text', label: 'Email' },
      { type: 'Text', label: 'Phone' },
      { type: 'Text', extendedType: 'Hyperlink', label: 'Link' },
      { type: 'Text', label: 'Password' },
      {
        type: 'Dropdown',
        label: 'Grade',
        options: [
          { id: 1, value: 'C30/37' },
          { id: 2, value: 'C40/50' },
        ],
      },
      {
        type: 'MultiSelect',
        label: 'Trades',
        options: [
          { id: 1, value: 'Electrical' },
          { id: 2, value: 'Plumbing' },
        ],
      },
      { type: 'Text', label: 'Remote' },
      {
        type: 'Dropdown',
        label: 'OK?',
        options: [
          { id: 1, value: 'Yes' },
          { id: 2, value: 'No' },
        ],
      },
      {
        type: 'Checkbox',
        label: 'Checks',
        options: [
          { id: 1, value: 'Level' },
          { id: 2, value: 'Cover' },
        ],
      },
      { type: 'Checkbox', label: 'Signed off', required: true },
      { type: 'Date', label: 'When' },
      { type: 'Date', label: 'Day only' },
      { type: 'Date', label: 'Day' },
      { type: 'Text', label: 'At' },
      { type: 'Signature', label: 'Signature' },
      { type: 'FileUpload', label: 'Photos', accept: 'image/*', multiple: true },
      { type: 'FileUpload', label: 'Document', accept: '.pdf' },
      { type: 'Note', label: 'Wear PPE.' },
      { type: 'Note', label: 'Bold words' },
      { type: 'Text', label: 'Tags' },
      { type: 'Text', extendedType: 'Long', label: 'Address' },
      { type: 'Grid', label: 'Survey' },
      { type: 'TableLight', label: 'Plant' },
      { type: 'Text', label: 'Location' },
    ]);
    expectSound(result);
  });

  it('a survey is a grid: a row per question, its label beside a drop-down of the values', () => {
    const survey = byLabel(result, 'Survey') as Extract<Question, { type: 'Grid' }>;
    expect(survey.grid?.totalRows).toBe(2);
    expect(
      survey.grid?.cells.map((c) => [
        c.rowIndex,
        c.columnIndex,
        c.cellQuestion.type,
        c.cellQuestion.label ?? c.cellQuestion.options?.map((o) => o.value).join('|'),
      ]),
    ).toEqual([
      [0, 0, 'Note', 'Tidy'],
      [0, 1, 'Dropdown', '1|2'],
      [1, 0, 'Note', 'Safe'],
      [1, 1, 'Dropdown', '1|2'],
    ]);
  });

  it('a data grid is a table whose columns are its components, each column not a text reported', () => {
    expect((byLabel(result, 'Plant') as { columns?: unknown }).columns).toEqual([
      { id: 1, value: 'Item' },
      { id: 2, value: 'Hours' },
    ]);
    expect(findingsAt(result, 'components[28] (plant)').map((f) => f.messageId)).toEqual(['import.formio.gridAsTable']);
    expect(findingsAt(result, 'components[28].components[1] (hours)').map((f) => f.messageId)).toEqual([
      'import.formio.columnAsText',
    ]);
    expect(findingsAt(result, 'components[28].components[0] (item)')).toEqual([]);
  });

  it('reports what each lossy or dropped component lost, by its path', () => {
    const ids = (path: string) => findingsAt(result, path).map((f) => `${f.severity} ${f.messageId}`);
    expect(ids('components[0] (text)')).toEqual([]);
    expect(ids('components[3] (slump)')).toEqual([]);
    expect(ids('components[4] (cost)')).toEqual(['lossy import.formio.currencyAsNumber']);
    expect(findingsAt(result, 'components[4] (cost)')[0].message).toBe(
      "'Cost' became a number: its currency (EUR) is lost.",
    );
    expect(ids('components[5] (email)')).toEqual(['lossy import.formio.emailAsText']);
    expect(ids('components[6] (phone)')).toEqual(['lossy import.formio.phoneAsText']);
    expect(ids('components[9] (grade)')).toEqual(['info import.formio.optionsByLabel']);
    expect(ids('components[11] (remote)')).toEqual(['lossy import.formio.selectSource']);
    expect(ids('components[15] (when)')).toEqual(['lossy import.formio.timeOfDayLost']);
    expect(ids('components[16] (day1)')).toEqual([]);
    expect(ids('components[18] (at)')).toEqual(['lossy import.formio.timeAsText']);
    expect(ids('components[22] (c1)')).toEqual([]);
    expect(ids('components[23] (h1)')).toEqual(['lossy import.formio.formattingLost']);
    expect(ids('components[24] (c2)')).toEqual(['dropped import.formio.emptyContent']);
    expect(ids('components[29] (secret)')).toEqual(['dropped import.formio.hiddenDropped']);
    expect(ids('components[30] (widget)')).toEqual(['dropped import.formio.customDropped']);
    expect(ids('components[31] (sub)')).toEqual(['dropped import.formio.nestedFormDropped']);
    expect(ids('components[32] (loc)')).toEqual(['lossy import.formio.unknownAsText']);
    expect(ids('components[33] (reset)')).toEqual(['dropped import.formio.buttonDropped']);
    expect(ids('components[34] (submit)')).toEqual(['info import.formio.submitButton']);
  });

  it('every element not mapped exactly has a finding, and the counts add up to the elements read', () => {
    expectSummaryAddsUp(source, result);
    expect(result.summary).toEqual({ exact: 19, lossy: 13, dropped: 5 });
    for (const finding of result.report) {
      expect(finding.message).not.toMatch(/\{\w+\}/);
    }
  });
});

describe('importFormio: validation and what has no counterpart', () => {
  it('keeps required, min and max; reports length, pattern, default, multiple, read-only, hidden, unique and masks', () => {
    const result = imp({
      components: [
        {
          type: 'textfield',
          key: 'ref',
          label: 'Reference',
          input: true,
          validate: { required: true, minLength: 2, maxLength: '10', pattern: '[A-Z]+' },
          defaultValue: 'AB',
          multiple: true,
          disabled: true,
          hidden: true,
          unique: true,
          inputMask: '99-99',
        },
        { type: 'number', key: 'n', label: 'N', input: true, validate: { min: 5, max: 1, integer: true } },
      ],
    });
    expect(questions(result)).toEqual([
      { id: 1, type: 'Text', label: 'Reference', required: true },
      { id: 2, type: 'Text', extendedType: 'Number', label: 'N' },
    ]);
    expect(findingsAt(result, 'components[0] (ref)').map((f) => f.messageId)).toEqual([
      'import.formio.lengthLost',
      'import.formio.patternLost',
      'import.formio.multipleLost',
      'import.formio.defaultLost',
      'import.formio.disabledLost',
      'import.formio.hiddenLost',
      'import.formio.uniqueLost',
      'import.formio.maskLost',
    ]);
    expect(findingsAt(result, 'components[0] (ref)')[0].message).toBe(
      "'Reference': the length check (2 to 10) is lost.",
    );
    expect(findingsAt(result, 'components[1] (n)').map((f) => f.messageId)).toEqual(['import.formio.integerLost']);
    expect(result.summary).toEqual({ exact: 0, lossy: 2, dropped: 0 });
    expectSound(result);
  });

  it('reports a date range, hidden day parts and file size limits; a signature keeps its footer as the hint', () => {
    const result = imp({
      components: [
        {
          type: 'datetime',
          key: 'd',
          label: 'D',
          input: true,
          enableTime: false,
          datePicker: { minDate: '2026-01-01', maxDate: null },
        },
        { type: 'day', key: 'm', label: 'M', input: true, fields: { day: { hide: true }, month: {}, year: {} } },
        { type: 'file', key: 'f', label: 'F', input: true, fileMinSize: '0KB', fileMaxSize: '5MB' },
        { type: 'file', key: 'g', label: 'G', input: true, fileMinSize: '0KB', fileMaxSize: '1GB' },
        { type: 'signature', key: 's', label: 'S', input: true, footer: 'Sign above' },
      ],
    });
    expect(result.report.map((f) => `${f.path} ${f.message}`)).toEqual([
      "components[0] (d) 'D': the range of dates allowed (2026-01-01 to -) is lost.",
      "components[1] (m) 'M' became a whole date: Form.io asked for only some of its day, month and year.",
      "components[2] (f) 'F': the file size limits (0KB to 5MB) are lost.",
    ]);
    expect(byLabel(result, 'S')).toEqual({ id: 5, type: 'Signature', label: 'S', helpText: 'Sign above' });
    expectSound(result);
  });

  it('reports each piece of JavaScript and logic dropped, as an element of its own', () => {
    const source = {
      components: [
        {
          type: 'textfield',
          key: 'a',
          label: 'A',
          input: true,
          customConditional: 'show = data.b === 1;',
          calculateValue: 'value = 2;',
          customDefaultValue: 'value = 3;',
          validate: { custom: 'valid = true;', json: { '==': [1, 1] } },
          logic: [{ name: 'l', trigger: {}, actions: [] }],
        },
      ],
    };
    const result = imp(source);
    expect(result.report.map((f) => [f.path, f.severity, f.messageId])).toEqual([
      ['components[0].customConditional (a)', 'dropped', 'import.formio.scriptDropped'],
      ['components[0].calculateValue (a)', 'dropped', 'import.formio.scriptDropped'],
      ['components[0].customDefaultValue (a)', 'dropped', 'import.formio.scriptDropped'],
      ['components[0].validate.custom (a)', 'dropped', 'import.formio.scriptDropped'],
      ['components[0].validate.json (a)', 'dropped', 'import.formio.scriptDropped'],
      ['components[0].logic (a)', 'dropped', 'import.formio.logicDropped'],
    ]);
    expect(result.report[0].message).toBe(
      "'A': its JavaScript customConditional was not imported (scripts do not run here).",
    );
    expect(result.summary).toEqual({ exact: 1, lossy: 0, dropped: 6 });
    expectSummaryAddsUp(source, result);
  });

  it('leaves out empty and repeated options, and a select whose options are all empty becomes a text', () => {
    const result = imp({
      components: [
        {
          type: 'radio',
          key: 'r',
          label: 'R',
          input: true,
          values: [
            { label: 'A', value: 'a' },
            { label: '', value: '' },
            { label: 'A', value: 'a2' },
          ],
        },
        { type: 'select', key: 's', label: 'S', input: true, data: { values: [{ label: '', value: '' }] } },
      ],
    });
    expect(questions(result)).toEqual([
      { id: 1, type: 'Dropdown', label: 'R', options: [{ id: 1, value: 'A' }] },
      { id: 2, type: 'Text', label: 'S' },
    ]);
    expect(result.summary).toEqual({ exact: 0, lossy: 2, dropped: 0 });
    expectSound(result);
  });

  it('shortens a label over 500 characters and says so', () => {
    const result = imp({ components: [{ type: 'textfield', key: 't', label: 'x'.repeat(600), input: true }] });
    expect(byLabel(result, `${'x'.repeat(499)}…`)).toBeDefined();
    expect(result.report.map((f) => f.messageId)).toEqual(['import.formio.labelShortened']);
    // The finding quotes the label's start only.
    expect(result.report[0].message).toBe(`'${'x'.repeat(79)}…' is longer than 500 characters; it was shortened.`);
    expectSound(result);
  });

  it('a textarea with a code editor (ace) stays a long text; ckeditor and quill make a rich text', () => {
    const result = imp({
      components: ['ace', 'ckeditor', 'quill', ''].map((editor) => ({
        type: 'textarea',
        key: `t${editor}`,
        label: editor || 'plain',
        input: true,
        editor,
      })),
    });
    expect(questions(result).map((q) => [q.label, q.type, (q as { extendedType?: string }).extendedType])).toEqual([
      ['ace', 'Text', 'Long'],
      ['ckeditor', 'RichText', undefined],
      ['quill', 'RichText', undefined],
      ['plain', 'Text', 'Long'],
    ]);
  });
});

describe('importFormio: pages and layout', () => {
  const layout = [
    {
      type: 'panel',
      key: 'site',
      title: 'Site',
      input: false,
      components: [
        {
          type: 'columns',
          key: 'cols',
          input: false,
          columns: [
            { components: [{ type: 'textfield', key: 'a', label: 'A', input: true }] },
            { components: [{ type: 'textfield', key: 'b', label: 'B', input: true }] },
          ],
        },
        {
          type: 'fieldset',
          key: 'fs',
          legend: 'Weather',
          input: false,
          components: [{ type: 'textfield', key: 'c', label: 'C', input: true }],
        },
      ],
    },
    {
      type: 'panel',
      key: 'checks',
      title: 'Checks',
      input: false,
      components: [
        {
          type: 'table',
          key: 'tbl',
          input: false,
          rows: [[{ components: [{ type: 'textfield', key: 'd', label: 'D', input: true }] }, { components: [] }]],
        },
        {
          type: 'tabs',
          key: 'tabs',
          input: false,
          components: [
            { key: 't1', label: 'Tab', components: [{ type: 'textfield', key: 'e', label: 'E', input: true }] },
          ],
        },
        {
          type: 'well',
          key: 'well',
          input: false,
          components: [{ type: 'textfield', key: 'f', label: 'F', input: true }],
        },
      ],
    },
  ];

  it('a one-page form flattens its layout in order; titled panels and fieldsets leave their titles as notes', () => {
    const source = { display: 'form', components: layout };
    const result = imp(source);
    expect(result.definition.pages).toHaveLength(1);
    expect(questions(result).map((q) => `${q.type}:${q.label}`)).toEqual([
      'Note:Site',
      'Text:A',
      'Text:B',
      'Note:Weather',
      'Text:C',
      'Note:Checks',
      'Text:D',
      'Text:E',
      'Text:F',
    ]);
    expect(findingsAt(result, 'components[0].components[0] (cols)').map((f) => f.messageId)).toEqual([
      'import.formio.flattened',
    ]);
    expect(findingsAt(result, 'components[1].components[1].components[0].components[0] (e)')).toEqual([]);
    expect(result.summary).toEqual({ exact: 13, lossy: 0, dropped: 0 });
    expectSummaryAddsUp(source, result);
    expectSound(result);
  });

  it('a wizard makes each top-level panel a page named by its title; loose components get a page of their own', () => {
    const source = {
      display: 'wizard',
      components: [
        ...layout,
        { type: 'textfield', key: 'g', label: 'G', input: true },
        { type: 'button', key: 'submit', action: 'submit', label: 'Submit', input: true },
      ],
    };
    const result = imp(source);
    expect(result.definition.pages.map((p) => [p.id, p.label, p.questions.map((q) => q.label)])).toEqual([
      [1, 'Site', ['A', 'B', 'Weather', 'C']],
      [2, 'Checks', ['D', 'E', 'F']],
      [3, '', ['G']],
    ]);
    expect(result.report.filter((f) => f.messageId === 'import.formio.wizardLoose')).toHaveLength(1);
    expectSummaryAddsUp(source, result);
    expectSound(result);
  });

  it('a nested form with its components is imported in place and reported', () => {
    const result = imp({
      components: [
        {
          type: 'form',
          key: 'contact',
          label: 'Contact',
          input: true,
          components: [{ type: 'textfield', key: 'name', label: 'Name', input: true }],
        },
        {
          type: 'textfield',
          key: 'x',
          label: 'X',
          input: true,
          conditional: { show: true, when: 'contact.data.name', eq: 'Ann' },
        },
      ],
    });
    expect(questions(result).map((q) => q.label)).toEqual(['Name', 'X']);
    expect(result.report.map((f) => `${f.severity} ${f.messageId}`)).toEqual(['lossy import.formio.nestedForm']);
    expect(conditionOf(result, 'X')).toEqual({ questionId: 1, equals: 'Ann' });
  });
});

describe('importFormio: simple conditions and the conditions list', () => {
  const radio = {
    type: 'radio',
    key: 'ok',
    label: 'OK?',
    input: true,
    values: [
      { label: 'Yes', value: 'y' },
      { label: 'No', value: 'n' },
    ],
  };

  it('show/when/eq maps to equals (option values to their labels), show false to notEquals', () => {
    const result = imp({
      components: [
        radio,
        { type: 'checkbox', key: 'tick', label: 'Tick', input: true },
        { type: 'number', key: 'n', label: 'N', input: true },
        { type: 'textfield', key: 'a', label: 'A', input: true, conditional: { show: true, when: 'ok', eq: 'y' } },
        { type: 'textfield', key: 'b', label: 'B', input: true, conditional: { show: 'false', when: 'ok', eq: 'n' } },
        { type: 'textfield', key: 'c', label: 'C', input: true, conditional: { show: true, when: 'tick', eq: 'true' } },
        {
          type: 'textfield',
          key: 'd',
          label: 'D',
          input: true,
          conditional: { show: true, when: 'tick', eq: 'false' },
        },
        { type: 'textfield', key: 'e', label: 'E', input: true, conditional: { show: true, when: 'n', eq: '5' } },
        { type: 'textfield', key: 'f', label: 'F', input: true, conditional: { show: true, when: 'a', eq: '' } },
        { type: 'textfield', key: 'g', label: 'G', input: true, conditional: { show: null, when: null, eq: '' } },
        { type: 'textfield', key: 'h', label: 'H', input: true, conditional: { show: true, when: 'n', eq: '5.0' } },
      ],
    });
    expect(conditionOf(result, 'H')).toBeUndefined();
    expect(findingsAt(result, 'components[10].conditional (h)').map((f) => f.message)).toEqual([
      "'H': the condition compares with 5.0, which the question's answer cannot hold; it was left out.",
    ]);
    expect(conditionOf(result, 'A')).toEqual({ questionId: 1, equals: 'Yes' });
    expect(conditionOf(result, 'B')).toEqual({ questionId: 1, notEquals: 'No' });
    expect(conditionOf(result, 'C')).toEqual({ questionId: 2, equals: true });
    expect(conditionOf(result, 'D')).toEqual({ questionId: 2, notEquals: true });
    expect(conditionOf(result, 'E')).toEqual({ questionId: 3, equals: 5 });
    expect(conditionOf(result, 'F')).toEqual({ questionId: 4, notAnswered: true });
    expect(conditionOf(result, 'G')).toBeUndefined();
    expect(result.summary).toEqual({ exact: 17, lossy: 0, dropped: 1 });
    expectSound(result);
  });

  it('binds a dotted path to the question of that container when two containers hold the same keys', () => {
    const inner = (n: number) => ({
      type: 'container',
      key: `box${n}`,
      label: 'Box',
      input: true,
      components: [
        { ...radio, key: 'ok', label: `OK ${n}` },
        {
          type: 'textfield',
          key: 'why',
          label: `Why ${n}`,
          input: true,
          conditional: { show: true, when: `box${n}.ok`, eq: 'y' },
        },
        {
          type: 'textfield',
          key: 'near',
          label: `Near ${n}`,
          input: true,
          conditional: { show: true, when: 'ok', eq: 'n' },
        },
      ],
    });
    const result = imp({ components: [inner(1), inner(2)] });
    expect(conditionOf(result, 'Why 1')).toEqual({ questionId: byLabel(result, 'OK 1').id, equals: 'Yes' });
    expect(conditionOf(result, 'Why 2')).toEqual({ questionId: byLabel(result, 'OK 2').id, equals: 'Yes' });
    // A bare key reads the question of the nearest container.
    expect(conditionOf(result, 'Near 2')).toEqual({ questionId: byLabel(result, 'OK 2').id, equals: 'No' });
    expectSound(result);
  });

  it('select boxes and multiple selects: eq names an option value, which holds while that option is chosen', () => {
    const result = imp({
      components: [
        { type: 'selectboxes', key: 'sb', label: 'Boxes', input: true, values: [{ label: 'Level', value: 'lv' }] },
        {
          type: 'select',
          key: 'ms',
          label: 'Trades',
          input: true,
          multiple: true,
          data: { values: [{ label: 'Electrical', value: 'el' }] },
        },
        { type: 'textfield', key: 'a', label: 'A', input: true, conditional: { show: true, when: 'sb', eq: 'lv' } },
        { type: 'textfield', key: 'b', label: 'B', input: true, conditional: { show: true, when: 'ms', eq: 'el' } },
        {
          type: 'textfield',
          key: 'c',
          label: 'C',
          input: true,
          conditional: { show: true, when: 'box9.sb', eq: 'lv' },
        },
      ],
    });
    expect(conditionOf(result, 'A')).toEqual({ questionId: 1, equals: 'Level' });
    expect(conditionOf(result, 'B')).toEqual({ questionId: 2, equals: 'Electrical' });
    expect(conditionOf(result, 'C')).toBeUndefined();
    expect(findingsAt(result, 'components[4].conditional (c)').map((f) => f.messageId)).toEqual([
      'import.formio.conditionUnknown',
    ]);
  });

  it("a panel's condition goes to each of its questions (beside their own); a wizard panel's to its page", () => {
    const result = imp({
      display: 'wizard',
      components: [
        { type: 'panel', key: 'p1', title: 'One', input: false, components: [radio] },
        {
          type: 'panel',
          key: 'p2',
          title: 'Two',
          input: false,
          conditional: { show: true, when: 'ok', eq: 'y' },
          components: [
            {
              type: 'fieldset',
              key: 'fs',
              legend: 'More',
              input: false,
              conditional: { show: false, when: 'ok', eq: 'n' },
              components: [
                {
                  type: 'textfield',
                  key: 'a',
                  label: 'A',
                  input: true,
                  conditional: { show: true, when: 'ok', eq: 'y' },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(result.definition.pages[1].visibleWhen).toEqual({ questionId: 1, equals: 'Yes' });
    expect(conditionOf(result, 'More')).toEqual({ questionId: 1, notEquals: 'No' });
    expect(conditionOf(result, 'A')).toEqual({
      all: [
        { questionId: 1, equals: 'Yes' },
        { questionId: 1, notEquals: 'No' },
      ],
    });
    expectSound(result);
  });

  it('the conditions list maps each operator and its conjunction; show false negates', () => {
    const result = imp({
      components: [
        radio,
        { type: 'number', key: 'n', label: 'N', input: true },
        { type: 'textfield', key: 't', label: 'T', input: true },
        {
          type: 'textfield',
          key: 'a',
          label: 'A',
          input: true,
          conditional: {
            show: true,
            conjunction: 'any',
            conditions: [
              { component: 'ok', operator: 'isEqual', value: 'y' },
              { component: 'n', operator: 'greaterThanOrEqual', value: 3 },
              { component: 't', operator: 'isNotEmpty' },
              { component: 't', operator: 'includes', value: 'crack' },
            ],
          },
        },
        {
          type: 'textfield',
          key: 'b',
          label: 'B',
          input: true,
          conditional: {
            show: false,
            conjunction: 'all',
            conditions: [{ component: 'n', operator: 'lessThan', value: '2' }],
          },
        },
        {
          type: 'textfield',
          key: 'c',
          label: 'C',
          input: true,
          conditional: {
            show: true,
            conjunction: 'all',
            conditions: [{ component: 'n', operator: 'isDateEqual', value: '2' }],
          },
        },
      ],
    });
    expect(conditionOf(result, 'A')).toEqual({
      any: [
        { questionId: 1, equals: 'Yes' },
        { questionId: 2, atLeast: 3 },
        { questionId: 3, answered: true },
        { questionId: 3, contains: 'crack' },
      ],
    });
    expect(conditionOf(result, 'B')).toEqual({ none: [{ questionId: 2, lessThan: 2 }] });
    expect(conditionOf(result, 'C')).toBeUndefined();
    expect(findingsAt(result, 'components[5].conditional (c)').map((f) => `${f.severity} ${f.messageId}`)).toEqual([
      'dropped import.formio.conditionOperator',
    ]);
    expectSound(result);
  });

  it('a condition reading an unknown key, a later question, a table column or a file is a finding, never a throw', () => {
    const result = imp({
      components: [
        {
          type: 'datagrid',
          key: 'rows',
          label: 'Rows',
          input: true,
          components: [{ type: 'textfield', key: 'cell', label: 'Cell', input: true }],
        },
        { type: 'file', key: 'doc', label: 'Doc', input: true },
        { type: 'textfield', key: 'a', label: 'A', input: true, conditional: { show: true, when: 'nope', eq: 'x' } },
        { type: 'textfield', key: 'b', label: 'B', input: true, conditional: { show: true, when: 'c', eq: 'x' } },
        {
          type: 'textfield',
          key: 'c',
          label: 'C',
          input: true,
          conditional: { show: true, when: 'rows.cell', eq: 'x' },
        },
        { type: 'textfield', key: 'd', label: 'D', input: true, conditional: { show: true, when: 'doc', eq: 'x' } },
        { type: 'textfield', key: 'e', label: 'E', input: true, conditional: { show: true, when: 'e', eq: 'x' } },
        {
          type: 'button',
          key: 'go',
          label: 'Go',
          action: 'event',
          input: true,
          conditional: { show: true, when: 'a', eq: 'x' },
        },
      ],
    });
    const severity = (path: string) => findingsAt(result, path).map((f) => `${f.severity} ${f.messageId}`);
    expect(severity('components[2].conditional (a)')).toEqual(['dropped import.formio.conditionUnknown']);
    expect(severity('components[3].conditional (b)')).toEqual(['dropped import.formio.conditionLater']);
    expect(severity('components[4].conditional (c)')).toEqual(['dropped import.formio.conditionReadsColumn']);
    expect(severity('components[5].conditional (d)')).toEqual(['dropped import.formio.conditionReadsUnanswerable']);
    expect(severity('components[6].conditional (e)')).toEqual(['dropped import.formio.conditionLater']);
    expect(severity('components[7].conditional (go)')).toEqual(['dropped import.formio.conditionOfNothing']);
    for (const q of questions(result)) expect((q as { visibleWhen?: unknown }).visibleWhen).toBeUndefined();
    expectSound(result);
  });
});

describe('importFormio: JSON Logic conditions, with json-logic-js as the reference', () => {
  // Questions 1..6 in order; the JSON Logic data holds Form.io's values, the form data our answers.
  const components = [
    {
      type: 'radio',
      key: 'grade',
      label: 'Grade',
      input: true,
      values: [
        { label: 'C30', value: 'c30' },
        { label: 'C40', value: 'c40' },
      ],
    },
    { type: 'number', key: 'slump', label: 'Slump', input: true },
    { type: 'checkbox', key: 'tick', label: 'Tick', input: true },
    { type: 'textfield', key: 'note', label: 'Note', input: true },
    {
      type: 'select',
      key: 'trades',
      label: 'Trades',
      input: true,
      multiple: true,
      data: {
        values: [
          { label: 'Electrical', value: 'electrical' },
          { label: 'Plumbing', value: 'plumbing' },
        ],
      },
    },
    {
      type: 'selectboxes',
      key: 'boxes',
      label: 'Boxes',
      input: true,
      values: [
        { label: 'Level', value: 'level' },
        { label: 'Cover', value: 'cover' },
      ],
    },
  ];
  const labels: Record<string, Record<string, string>> = {
    grade: { c30: 'C30', c40: 'C40' },
    trades: { electrical: 'Electrical', plumbing: 'Plumbing' },
    boxes: { level: 'Level', cover: 'Cover' },
  };
  const keys = ['grade', 'slump', 'tick', 'note', 'trades', 'boxes'];

  /** Form.io data as the form data of the draft (option values as labels, select boxes' object as a list). */
  function ours(data: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    keys.forEach((key, i) => {
      const value = data[key];
      if (value === undefined) return;
      const map = labels[key];
      if (key === 'boxes')
        out[`q_${i + 1}`] = Object.entries(value as Record<string, boolean>)
          .filter(([, on]) => on)
          .map(([k]) => map[k]);
      else if (Array.isArray(value)) out[`q_${i + 1}`] = value.map((v) => map?.[v as string] ?? v);
      else out[`q_${i + 1}`] = map?.[value as string] ?? value;
    });
    return out;
  }

  // Form.io's data as a submission holds it: a checkbox is always true or false, select boxes an object.
  const samples: Record<string, unknown>[] = [
    { tick: false },
    { grade: '', tick: false, note: '', trades: [], boxes: { level: false, cover: false } },
    {
      grade: 'c30',
      slump: 50,
      tick: true,
      note: 'Crack at joint',
      trades: ['electrical'],
      boxes: { level: true, cover: false },
    },
    {
      grade: 'c40',
      slump: 120,
      tick: false,
      note: 'fine',
      trades: ['plumbing', 'electrical'],
      boxes: { level: false, cover: true },
    },
    { grade: 'c40', slump: 80, tick: false, note: '', trades: [], boxes: { level: false, cover: false } },
    { slump: 200, tick: true, note: 'crack', trades: ['plumbing'] },
    { slump: 0, tick: false, note: 'x' },
  ];

  const rules: RulesLogic[] = [
    { '==': [{ var: 'data.grade' }, 'c30'] },
    { '===': ['c40', { var: 'data.grade' }] },
    { '!=': [{ var: 'data.grade' }, 'c30'] },
    { '!==': [{ var: 'data.note' }, 'fine'] },
    { '>': [{ var: 'data.slump' }, 75] },
    { '<': [{ var: 'data.slump' }, 100] },
    { '>=': [100, { var: 'data.slump' }] },
    { '<=': [{ var: 'data.slump' }, 120] },
    { '<': [60, { var: 'data.slump' }, 150] },
    { '<=': [50, { var: 'data.slump' }, 120] },
    { '==': [{ var: 'data.slump' }, '120'] },
    { '==': [{ var: 'data.tick' }, true] },
    { '!=': [{ var: 'data.tick' }, true] },
    { '==': [{ var: 'data.tick' }, false] },
    { var: 'data.tick' },
    { '!': { var: 'data.tick' } },
    { var: 'data.note' },
    { '!': [{ var: 'data.note' }] },
    { '!!': [{ var: 'data.grade' }] },
    { '!': { var: 'data.trades' } },
    { in: ['electrical', { var: 'data.trades' }] },
    { in: [{ var: 'data.grade' }, ['c30', 'c40']] },
    { in: [{ var: 'data.slump' }, [50, 80]] },
    { var: 'data.boxes.level' },
    { '==': [{ var: 'data.boxes.cover' }, true] },
    { '!': { var: 'data.boxes.cover' } },
    { and: [{ '==': [{ var: 'data.grade' }, 'c40'] }, { '>': [{ var: 'data.slump' }, 100] }] },
    { or: [{ '==': [{ var: 'data.grade' }, 'c30'] }, { '!': [{ var: 'data.tick' }] }] },
    { '!': { or: [{ '==': [{ var: 'data.grade' }, 'c30'] }, { '<': [{ var: 'data.slump' }, 100] }] } },
    { '==': [{ var: ['data.grade', null] }, 'c40'] },
    {
      and: [
        { or: [{ var: 'data.tick' }, { '==': [{ var: 'data.grade' }, 'c40'] }] },
        { '!': [{ '>': [{ var: 'data.slump' }, 150] }] },
      ],
    },
  ];

  it.each(rules.map((rule) => [JSON.stringify(rule), rule] as const))(
    '%s holds as json-logic-js says',
    (_name, rule) => {
      const result = imp({
        components: [
          ...components,
          { type: 'textfield', key: 'x', label: 'X', input: true, conditional: { json: rule } },
        ],
      });
      const condition = conditionOf(result, 'X');
      expect(result.report.filter((f) => f.severity === 'dropped')).toEqual([]);
      expect(condition).toBeDefined();
      for (const data of samples) {
        const verdict = Boolean(jsonLogic.truthy(jsonLogic.apply(rule, { data })));
        expect({ data, holds: conditionHolds(condition as Condition, ours(data)) }).toEqual({ data, holds: verdict });
      }
      expectSound(result);
    },
  );

  it('random rules that map without a loss agree with json-logic-js on random data', () => {
    let seed = 2201;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const variable = () => ({ var: `data.${pick(keys)}` });
    const literal = () => pick<unknown>(['c30', 'c40', 'fine', 'crack', 'electrical', 0, 50, 100, '100', true, false]);
    const rule = (depth: number): unknown => {
      const op =
        depth > 2
          ? pick(['==', '<', 'var'])
          : pick(['and', 'or', '!', '!!', '==', '===', '!=', '!==', '<', '>', '<=', '>=', 'in', 'var', 'between']);
      if (op === 'and' || op === 'or') return { [op]: [rule(depth + 1), rule(depth + 1)] };
      if (op === '!' || op === '!!') return { [op]: [random() < 0.5 ? variable() : rule(depth + 1)] };
      if (op === 'var') return variable();
      if (op === 'in')
        return random() < 0.5 ? { in: [literal(), variable()] } : { in: [variable(), [literal(), literal()]] };
      if (op === 'between') return { '<': [pick([0, 50]), { var: 'data.slump' }, pick([100, 150])] };
      return random() < 0.5 ? { [op]: [variable(), literal()] } : { [op]: [literal(), variable()] };
    };
    const sample = (): Record<string, unknown> => {
      const data: Record<string, unknown> = { tick: random() < 0.5 };
      if (random() < 0.7) data.grade = pick(['c30', 'c40', '']);
      if (random() < 0.7) data.slump = pick([0, 50, 99, 100, 101, 150]);
      if (random() < 0.7) data.note = pick(['', 'fine', 'crack', 'Crack here']);
      if (random() < 0.7) data.trades = pick([[], ['electrical'], ['plumbing', 'electrical']]);
      if (random() < 0.7) data.boxes = { level: random() < 0.5, cover: random() < 0.5 };
      return data;
    };
    const data = Array.from({ length: 40 }, sample);
    let mapped = 0;
    for (let run = 0; run < 400; run++) {
      const source = rule(0);
      const result = imp({
        components: [
          ...components,
          { type: 'textfield', key: 'x', label: 'X', input: true, conditional: { json: source } },
        ],
      });
      const condition = conditionOf(result, 'X');
      if (!condition || result.report.some((f) => f.severity !== 'info')) continue;
      mapped++;
      for (const d of data) {
        const verdict = Boolean(jsonLogic.truthy(jsonLogic.apply(source as RulesLogic, { data: d })));
        expect({ source, d, holds: conditionHolds(condition, ours(d)) }).toEqual({ source, d, holds: verdict });
      }
    }
    // Enough of the rules map for the check to mean something.
    expect(mapped).toBeGreaterThan(60);
  });

  it('the case of text and the zero of a number are reported lossy where the semantics differ', () => {
    const result = imp({
      components: [
        ...components,
        {
          type: 'textfield',
          key: 'x',
          label: 'X',
          input: true,
          conditional: { json: { in: ['crack', { var: 'data.note' }] } },
        },
        { type: 'textfield', key: 'y', label: 'Y', input: true, conditional: { json: { var: 'data.slump' } } },
      ],
    });
    expect(conditionOf(result, 'X')).toEqual({ questionId: 4, contains: 'crack' });
    expect(conditionOf(result, 'Y')).toEqual({ questionId: 2, answered: true });
    expect(result.report.map((f) => `${f.severity} ${f.messageId}`)).toEqual([
      'info import.formio.optionsByLabel',
      'info import.formio.optionsByLabel',
      'info import.formio.optionsByLabel',
      'lossy import.formio.logicCase',
      'lossy import.formio.logicZero',
    ]);
  });

  it('a rule that does not map is a dropped finding, never a throw', () => {
    const unmapped: unknown[] = [
      { '+': [1, 2] },
      { var: 'row.cell' },
      { '==': [{ var: 'data.tick' }, 'true'] },
      { '===': [{ var: 'data.slump' }, '5'] },
      { '<': [{ var: 'data.note' }, 5] },
      { in: [{ var: 'data.slump' }, ['5']] },
      { '==': [{ var: 'data.boxes' }, 'level'] },
      { if: [{ var: 'data.tick' }, true, false] },
      { '==': [{ var: 'data.grade' }, { var: 'data.note' }] },
      { and: [] },
      false,
      { '==': [{ var: 'data.missing' }, 1] },
      { '==': [{ var: 'data.note' }, null] },
      { '!=': [{ var: 'data.grade' }, null] },
      { '==': [{ var: ['data.grade', 'c30'] }, 'c30'] },
      { var: 'data.boxes' },
    ];
    for (const rule of unmapped) {
      const result = imp({
        components: [
          ...components,
          { type: 'textfield', key: 'x', label: 'X', input: true, conditional: { json: rule } },
        ],
      });
      expect(conditionOf(result, 'X')).toBeUndefined();
      const found = findingsAt(result, 'components[6].conditional (x)');
      expect(found.map((f) => f.severity)).toEqual(['dropped']);
      expect(['import.formio.logicUnmapped', 'import.formio.conditionUnknown']).toContain(found[0].messageId);
      expectSound(result);
    }
  });

  it('json: true (or any truthy literal) means always shown: no condition', () => {
    for (const json of [true, 'show', 1, {}]) {
      const result = imp({
        components: [{ type: 'textfield', key: 'x', label: 'X', input: true, conditional: { json } }],
      });
      expect(conditionOf(result, 'X')).toBeUndefined();
      expect(result.report).toEqual([]);
    }
  });
});

describe('importFormio: odd sources never throw', () => {
  it('odd values in every place give a sound draft and findings, not an exception', () => {
    const odd = [null, 7, 'x', [], {}, true, { type: 42 }, { type: 'panel', components: 'none' }];
    const source = {
      title: 12,
      display: 'wizard',
      components: [
        ...odd,
        { type: 'columns', key: 'c', columns: [null, { components: null }, { components: [null] }] },
        { type: 'table', key: 't', rows: [null, [null, { components: [{ type: 'textfield' }] }]] },
        { type: 'select', key: 's', data: { json: '{not json' }, dataSrc: 'json', label: 'S', input: true },
        { type: 'radio', key: 'r', values: 'yes', label: 'R', input: true, validate: 'required' },
        { type: 'survey', key: 'v', questions: [{}], values: null, label: 'V', input: true },
        {
          type: 'datagrid',
          key: 'g',
          components: [{ type: 'button' }, { type: 'content', html: 'x' }],
          label: 'G',
          input: true,
        },
        { type: 'textfield', key: 'a', label: 'A', input: true, conditional: { show: true, when: 5, eq: {} } },
        {
          type: 'textfield',
          key: 'b',
          label: 'B',
          input: true,
          conditional: { conditions: [null, { component: 'a' }] },
        },
        {
          type: 'textfield',
          key: 'd',
          label: 'D',
          input: true,
          conditional: { json: { '==': [{ var: ['data.a', 1] }] } },
        },
        { type: 'textfield', key: 'e', label: 'E', input: true, conditional: { json: { var: 42 } } },
        { type: 'number', key: 'n', label: 'N', input: true, validate: { min: 'abc', max: null } },
      ],
    };
    const result = imp(source);
    expectSound(result);
    expectSummaryAddsUp(source as { components: unknown[] }, result);
    expect(result.definition.title).toBe('12');
  });

  it('random component trees import into sound drafts whose counts add up', () => {
    // A small fixed-seed generator (mulberry32): the same trees every run.
    let seed = 22;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const types = [
      'textfield',
      'number',
      'radio',
      'select',
      'selectboxes',
      'checkbox',
      'panel',
      'container',
      'columns',
      'datagrid',
      'content',
      'button',
      'email',
      'day',
      'survey',
    ];
    const keys = ['a', 'b', 'c', 'd'];
    const values = [
      { label: 'One', value: 'a' },
      { label: 'Two', value: 'b' },
    ];
    const conditionals = () =>
      pick([
        undefined,
        { show: pick([true, false]), when: pick(keys), eq: pick(['a', 'true', '1', '']) },
        {
          show: true,
          conjunction: pick(['all', 'any']),
          conditions: [
            {
              component: pick(keys),
              operator: pick(['isEqual', 'isEmpty', 'greaterThan', 'startsWith']),
              value: pick(['a', 1]),
            },
          ],
        },
        {
          json: pick([
            { '==': [{ var: `data.${pick(keys)}` }, 'a'] },
            { '>': [{ var: `data.${pick(keys)}` }, 1] },
            { and: [{ var: `data.${pick(keys)}` }, { '!': { var: `data.${pick(keys)}` } }] },
          ]),
        },
      ]);
    const tree = (depth: number): Component[] =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const type = depth > 2 ? 'textfield' : pick(types);
        const component: Component = {
          type,
          key: pick(keys),
          label: pick(['', 'Label', 'x'.repeat(30)]),
          input: true,
          conditional: conditionals(),
        };
        if (['panel', 'container', 'datagrid'].includes(type)) component.components = tree(depth + 1);
        if (type === 'columns') component.columns = [{ components: tree(depth + 1) }, { components: tree(depth + 1) }];
        if (['radio', 'selectboxes', 'survey'].includes(type)) component.values = values;
        if (type === 'survey') component.questions = values;
        if (type === 'select') component.data = { values };
        if (type === 'content') component.html = '<p>Note</p>';
        if (random() < 0.2) component.calculateValue = 'value = 1';
        return component;
      });
    for (let run = 0; run < 60; run++) {
      const source = { display: pick(['form', 'wizard']), components: tree(0) };
      const result = imp(source);
      expectSound(result);
      expectSummaryAddsUp(source, result);
    }
  });
});

describe('importFormio: the real forms of ../shared/real-forms/formio', () => {
  if (!existsSync(REAL_FORMS))
    it('finds the real forms', () => {
      throw new Error(`The real forms are missing: ${REAL_FORMS} (see /work/shared/real-forms/README.md)`);
    });
  const files = existsSync(REAL_FORMS)
    ? readdirSync(REAL_FORMS)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  const recorded = (baseline as Record<string, Record<string, { lossy: number; dropped: number }>>).formio;

  it('finds every file the README lists', () => {
    expect(files).toEqual([
      'F1-advanced.json',
      'F2-premium.json',
      'F3-wizardwithsimpleconditionalpage.json',
      'F4-conditionallogicform.json',
      'F5-displayasmodaleditgrid.json',
    ]);
  });

  it.each(files)('%s imports into a sound draft whose counts do not exceed the baseline', (file) => {
    const source = JSON.parse(readFileSync(join(REAL_FORMS, file), 'utf8'));
    const result = importFormio(source, ctx);
    expectSound(result);
    expectSummaryAddsUp(source, result);
    const ids = new Set(questions(result).map((q) => q.id));
    const conditions = [
      ...result.definition.pages.flatMap((p) => (p.visibleWhen ? [p.visibleWhen] : [])),
      ...questions(result).flatMap((q) =>
        (q as { visibleWhen?: Condition }).visibleWhen ? [(q as { visibleWhen: Condition }).visibleWhen] : [],
      ),
    ];
    for (const condition of conditions) for (const id of questionsReadBy(condition)) expect(ids.has(id)).toBe(true);
    for (const finding of result.report) expect(finding.message).not.toMatch(/\{\w+\}/);
    // A submission answering every question is accepted by the server's checks, and none of it is hidden.
    const def = saved(result.definition);
    const answers = formDataToAnswers(def, sampleFormData(def));
    expect(validateAnswers(def, answers)).toEqual([]);
    expect(answers.map((a) => a.questionId)).toEqual(
      questions(result)
        .filter((q) => q.type !== 'Note')
        .map((q) => q.id),
    );
    expect(recorded[file], `no baseline for ${file}`).toBeDefined();
    expect(result.summary.lossy).toBeLessThanOrEqual(recorded[file].lossy);
    expect(result.summary.dropped).toBeLessThanOrEqual(recorded[file].dropped);
  });

  it('F3: the wizard has two pages, the second shown while the first page’s checkbox is ticked', () => {
    const result = importFormio(
      JSON.parse(readFileSync(join(REAL_FORMS, 'F3-wizardwithsimpleconditionalpage.json'), 'utf8')),
      ctx,
    );
    const [one, two] = result.definition.pages;
    expect([one.label, two.label]).toEqual(['Page 1', 'Page 2']);
    expect(two.visibleWhen).toEqual({ questionId: one.questions[0].id, equals: true });
    expect(one.questions[0].type).toBe('Checkbox');
  });

  it('F4: the conditions on container1.radio1 and container2.radio1 read the radio of their own container', () => {
    const result = importFormio(
      JSON.parse(readFileSync(join(REAL_FORMS, 'F4-conditionallogicform.json'), 'utf8')),
      ctx,
    );
    const [radio1, text1, radio2, text2] = questions(result);
    expect([radio1.type, text1.type, radio2.type, text2.type]).toEqual(['Dropdown', 'Text', 'Dropdown', 'Text']);
    expect((text1 as { visibleWhen?: Condition }).visibleWhen).toEqual({ questionId: radio1.id, equals: 'yes' });
    expect((text2 as { visibleWhen?: Condition }).visibleWhen).toEqual({ questionId: radio2.id, equals: 'yes' });
  });
});
