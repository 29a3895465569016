/**
 * Export to SurveyJS (issue 22 §2): each question type's SurveyJS element, conditions as SurveyJS expressions that
 * survey-core's parser reads back, the report of what does not map, and the round trip import -> export -> import
 * on every real SurveyJS form and on the example and demo forms (every question the export mapped exactly comes
 * back as it was).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import { formDefinitions } from '../../fixtures/seed/forms';
import { type Condition, conditionHolds } from '../forms/conditions';
import { exampleForm } from '../forms/example-form';
import { fieldTypeOf } from '../forms/field-types';
import { draftProblems, realFormFiles } from '../test/imports';
import type { FormDefinition, FormDefinitionInput } from '../types/generated';
import { conditionExpression, exportSurveyJs } from './export-surveyjs';
import { importSurveyJs } from './surveyjs';

const ctx = { formArea: 'quality-assurance' };

type Node = Record<string, unknown>;

function page(questions: unknown[]): FormDefinitionInput {
  return {
    formArea: 'quality-assurance',
    title: 'T',
    pages: [{ id: 1, label: 'P', questions }],
  } as FormDefinitionInput;
}

function elements(source: object): Node[] {
  return ((source as Node).pages as Array<{ elements: Node[] }>).flatMap((p) => p.elements);
}

describe('exportSurveyJs', () => {
  it('writes each question type as its SurveyJS element', () => {
    const { source, report, summary } = exportSurveyJs(
      page([
        { id: 1, label: 'Location', type: 'Text', extendedType: 'Normal', required: true, helpText: 'Gridline' },
        { id: 2, label: 'Slump', type: 'Text', extendedType: 'Number', min: 0, max: 250 },
        { id: 3, label: 'Link', type: 'Text', extendedType: 'Hyperlink' },
        { id: 4, label: 'Notes', type: 'Text', extendedType: 'Long' },
        { id: 5, label: 'Poured', type: 'Date' },
        { id: 6, label: 'Month', type: 'Date', picker: 'month' },
        { id: 7, label: 'Colour', type: 'Colour' },
        { id: 8, label: 'Grade', type: 'Dropdown', options: [{ id: 1, value: 'C30' }], allowOther: true },
        { id: 9, label: 'Checks', type: 'Checkbox', options: [{ id: 1, value: 'A' }] },
        { id: 10, label: 'Done', type: 'Checkbox' },
        { id: 11, label: 'Trades', type: 'MultiSelect', options: [{ id: 1, value: 'Electrical' }] },
        { id: 12, label: 'Clean', type: 'Toggle' },
        { id: 13, label: 'Read <this> & that', type: 'Note' },
        { id: 14, label: 'Sign', type: 'Signature' },
        { id: 15, label: 'Photos', type: 'FileUpload', multiple: true, accept: 'image/*' },
        { id: 16, label: 'Parts', type: 'TableLight', columns: [{ id: 1, value: 'Part' }] },
      ]),
    );
    expect(elements(source)).toEqual([
      { type: 'text', name: 'q_1', title: 'Location', description: 'Gridline', isRequired: true },
      { type: 'text', name: 'q_2', title: 'Slump', inputType: 'number', min: 0, max: 250 },
      { type: 'text', name: 'q_3', title: 'Link', inputType: 'url' },
      { type: 'comment', name: 'q_4', title: 'Notes' },
      { type: 'text', name: 'q_5', title: 'Poured', inputType: 'date' },
      { type: 'text', name: 'q_6', title: 'Month', inputType: 'month' },
      { type: 'text', name: 'q_7', title: 'Colour', inputType: 'color' },
      { type: 'dropdown', name: 'q_8', title: 'Grade', choices: ['C30'], showOtherItem: true },
      { type: 'checkbox', name: 'q_9', title: 'Checks', choices: ['A'] },
      { type: 'boolean', name: 'q_10', title: 'Done', renderAs: 'checkbox' },
      { type: 'tagbox', name: 'q_11', title: 'Trades', choices: ['Electrical'] },
      { type: 'boolean', name: 'q_12', title: 'Clean', labelTrue: 'Complete', labelFalse: 'Incomplete' },
      { type: 'html', name: 'q_13', html: 'Read &lt;this&gt; &amp; that' },
      { type: 'signaturepad', name: 'q_14', title: 'Sign' },
      { type: 'file', name: 'q_15', title: 'Photos', allowMultiple: true, acceptedTypes: 'image/*' },
      {
        type: 'matrixdynamic',
        name: 'q_16',
        title: 'Parts',
        columns: [{ name: 'c1', title: 'Part', cellType: 'text' }],
      },
    ]);
    expect(report).toEqual([]);
    expect(summary).toEqual({ exact: 17, lossy: 0, dropped: 0 });
  });

  it('reports what SurveyJS cannot hold: platform files dropped, grids and rich text lossy, platform keywords', () => {
    const { source, report, summary } = exportSurveyJs({
      ...page([
        { id: 1, label: 'Plan', type: 'Image', imageFile: 'plan.png' },
        { id: 2, label: 'Drawings', type: 'DocumentPicker' },
        { id: 3, label: 'Method', type: 'RichText', showInRegister: true },
        { id: 4, label: 'Temp', type: 'Temperature', min: -5, max: 40 },
        { id: 5, label: 'Kit', type: 'Table' },
        {
          id: 6,
          label: 'Checklist',
          type: 'Grid',
          grid: {
            totalColumns: 2,
            totalRows: 1,
            headers: [
              { index: 0, label: 'Item' },
              { index: 1, label: 'OK?' },
            ],
            cells: [
              { id: 1, rowIndex: 0, columnIndex: 0, cellQuestion: { id: 1, type: 'Note', label: 'Guard rails' } },
              {
                id: 2,
                rowIndex: 0,
                columnIndex: 1,
                cellQuestion: { id: 2, type: 'Dropdown', options: [{ value: 'Yes' }, { value: 'No' }] },
              },
            ],
          },
        },
        { id: 7, label: 'Open', type: 'Text', wrapper: 'accordion' },
      ]),
      askLevel: true,
    } as FormDefinitionInput);
    expect(report.map((f) => `${f.severity} ${f.path} ${f.messageId}`)).toEqual([
      'info form import.surveyjs.export.formSettings',
      'dropped pages[0].questions[0] (q_1) import.surveyjs.export.dropped',
      'dropped pages[0].questions[1] (q_2) import.surveyjs.export.dropped',
      'lossy pages[0].questions[2] (q_3) import.surveyjs.export.keywords',
      'lossy pages[0].questions[2] (q_3) import.surveyjs.export.richText',
      'lossy pages[0].questions[3] (q_4) import.surveyjs.export.temperature',
      'lossy pages[0].questions[4] (q_5) import.surveyjs.export.table',
      'lossy pages[0].questions[5] (q_6) import.surveyjs.export.grid',
      'lossy pages[0].questions[6] (q_7) import.surveyjs.export.accordion',
    ]);
    expect(report[1].message).toBe("'Plan' (Image) has no SurveyJS counterpart; it was not exported.");
    expect(summary).toEqual({ exact: 1, lossy: 5, dropped: 2 });
    const grid = elements(source).find((e) => e.name === 'q_6');
    expect(grid).toEqual({
      type: 'matrixdropdown',
      name: 'q_6',
      title: 'Checklist',
      rows: [{ value: 'row1', text: 'Guard rails' }],
      columns: [{ name: 'col2', title: 'OK?', cellType: 'dropdown', choices: ['Yes', 'No'] }],
    });
    // What was exported imports again.
    expect(draftProblems(importSurveyJs(source, ctx).definition)).toEqual([]);
  });

  it.each([
    [{ questionId: 1, answered: true }, '{q_1} notempty'],
    [{ questionId: 1, notAnswered: true }, '{q_1} empty'],
    [{ questionId: 1, equals: "it's" }, "{q_1} = 'it\\'s'"],
    [{ questionId: 2, equals: 'A' }, "{q_2} contains 'A'"],
    [{ questionId: 1, notEquals: 3 }, '{q_1} <> 3'],
    [{ questionId: 2, notEquals: 'A' }, "{q_2} notcontains 'A'"],
    [{ questionId: 1, oneOf: ['a', 'b'] }, "{q_1} anyof ['a', 'b']"],
    [{ questionId: 1, contains: 'x' }, "{q_1} contains 'x'"],
    [{ questionId: 1, greaterThan: 2 }, '{q_1} > 2'],
    [{ questionId: 1, lessThan: '2026-01-01' }, "{q_1} < '2026-01-01'"],
    [{ questionId: 1, atLeast: 2 }, '{q_1} >= 2'],
    [{ questionId: 1, atMost: 2 }, '{q_1} <= 2'],
    [{ questionId: 1, equals: true }, '{q_1} = true'],
    [
      {
        all: [
          { questionId: 1, equals: 'a' },
          {
            any: [
              { questionId: 1, answered: true },
              { questionId: 2, contains: 'B' },
            ],
          },
        ],
      },
      "{q_1} = 'a' and ({q_1} notempty or {q_2} contains 'B')",
    ],
    [
      {
        none: [
          { questionId: 1, equals: 'a' },
          { questionId: 1, equals: 'b' },
        ],
      },
      "!({q_1} = 'a' or {q_1} = 'b')",
    ],
  ])('writes the condition %j as %s', (condition, expected) => {
    expect(conditionExpression(condition as never, (id) => id === 2)).toBe(expected);
  });
});

/** Questions by id, for comparing two drafts. */
function byId(definition: FormDefinitionInput): Map<number, Node> {
  return new Map(definition.pages.flatMap((p) => p.questions.map((q) => [q.id, q as unknown as Node] as const)));
}

describe('round trip import -> export -> import', () => {
  const files = realFormFiles('surveyjs').filter((file) => !/^S(9|10)-[^.]*\.json$/u.test(basename(file)));

  it.each(files.map((file) => [basename(file), file]))(
    'keeps every question of %s the export maps exactly',
    (_, file) => {
      const first = importSurveyJs(JSON.parse(readFileSync(file, 'utf8')), ctx);
      const exported = exportSurveyJs(first.definition);
      const second = importSurveyJs(JSON.parse(JSON.stringify(exported.source)), ctx);
      expect(draftProblems(second.definition)).toEqual([]);
      const notExact = new Set(exported.report.filter((f) => f.severity !== 'info').map((f) => f.path));
      const before = byId(first.definition);
      const after = byId(second.definition);
      expect([...after.keys()]).toEqual([...before.keys()]);
      let compared = 0;
      first.definition.pages.forEach((p, i) => {
        expect(second.definition.pages[i].label).toBe(p.label);
        expect(second.definition.pages[i].visibleWhen).toEqual(p.visibleWhen);
        p.questions.forEach((q, j) => {
          if (notExact.has(`pages[${i}].questions[${j}] (q_${q.id})`)) return;
          expect(after.get(q.id)).toEqual(before.get(q.id));
          compared++;
        });
      });
      expect(compared).toBeGreaterThan(0);
      // Only grids (matrices) lose anything on the way out.
      for (const path of notExact) expect(before.get(Number(/\(q_(\d+)\)/u.exec(path)?.[1]))?.type).toBe('Grid');
    },
  );

  /** A question as it compares across the trip: ids renumbered, equals on several values read as contains. */
  function comparable(question: Node, ids: Map<number, number>, multi: Set<number>): Node {
    const { id, options, visibleWhen, ...all } = question;
    // Keywords at their defaults say nothing: a Text without extendedType is Normal, false switches are absent.
    const rest = Object.fromEntries(
      Object.entries(all).filter(([key, value]) => value !== false && !(key === 'wrapper' && value === 'vertical')),
    );
    if (rest.type === 'Text' && rest.extendedType === undefined) rest.extendedType = 'Normal';
    const remap = (c: unknown): unknown => {
      const node = c as Node;
      for (const kind of ['all', 'any', 'none'])
        if (Array.isArray(node[kind])) return { [kind]: (node[kind] as unknown[]).map(remap) };
      const out: Node = { ...node, questionId: ids.get(node.questionId as number) };
      if (multi.has(node.questionId as number) && 'equals' in out) {
        out.contains = out.equals;
        delete out.equals;
      }
      return out;
    };
    return {
      ...rest,
      ...(options ? { options: (options as Array<{ value: string }>).map((o) => o.value) } : {}),
      ...(visibleWhen ? { visibleWhen: remap(visibleWhen) } : {}),
      ...(rest.type === 'Toggle' && !rest.onLabel ? { onLabel: 'Complete', offLabel: 'Incomplete' } : {}),
    };
  }

  it.each([exampleForm, ...formDefinitions].map((def) => [def.title, def] as const))(
    'keeps every question of %s the export maps exactly (export -> import)',
    (_, definition: FormDefinition) => {
      const exported = exportSurveyJs(definition);
      const imported = importSurveyJs(JSON.parse(JSON.stringify(exported.source)), ctx);
      expect(draftProblems(imported.definition)).toEqual([]);
      const notExact = new Set(exported.report.filter((f) => f.severity !== 'info').map((f) => f.path));
      const originals = definition.pages.flatMap((p, i) =>
        p.questions.map((q, j) => ({ q: q as unknown as Node, path: `pages[${i}].questions[${j}] (q_${q.id})` })),
      );
      const exportedQuestions = originals.filter(
        ({ q }) => !exported.report.some((f) => f.severity === 'dropped' && f.path.endsWith(`(q_${q.id})`)),
      );
      const importedQuestions = imported.definition.pages.flatMap((p) => p.questions) as unknown as Node[];
      expect(importedQuestions).toHaveLength(exportedQuestions.length);
      const ids = new Map(exportedQuestions.map(({ q }, k) => [q.id as number, importedQuestions[k].id as number]));
      const multi = new Set(
        originals.filter(({ q }) => fieldTypeOf(q as never).multiValued).map(({ q }) => q.id as number),
      );
      let compared = 0;
      exportedQuestions.forEach(({ q, path }, k) => {
        if (notExact.has(path)) return;
        expect(
          comparable(importedQuestions[k], new Map([...ids.values()].map((v) => [v, v])), new Set()),
          path,
        ).toEqual(comparable(q, ids, multi));
        compared++;
      });
      expect(compared).toBeGreaterThan(0);
    },
  );
});

describe('the exported JSON in SurveyJS itself (survey-core Model)', () => {
  it.each([exampleForm, ...formDefinitions].map((def) => [def.title, def] as const))(
    'loads the export of %s without a JSON error, with every exported question',
    (_, definition: FormDefinition) => {
      const { source } = exportSurveyJs(definition);
      const model = new Model(source);
      expect(model.jsonErrors ?? []).toEqual([]);
      expect(model.getAllQuestions().map((q) => q.name)).toEqual(elements(source).map((e) => e.name));
    },
  );

  const questions = [
    {
      id: 1,
      label: 'Status',
      type: 'Dropdown',
      options: [
        { id: 1, value: 'Open' },
        { id: 2, value: 'Closed' },
      ],
    },
    { id: 2, label: 'Height', type: 'Text', extendedType: 'Number' },
    {
      id: 3,
      label: 'Hazards',
      type: 'Checkbox',
      options: [
        { id: 1, value: 'Dust' },
        { id: 2, value: 'Heat' },
      ],
    },
    { id: 4, label: 'Due', type: 'Date' },
    { id: 5, label: 'Remark', type: 'Text', extendedType: 'Normal' },
    { id: 6, label: 'Clean', type: 'Toggle' },
  ];
  const conditions: Condition[] = [
    { questionId: 1, equals: 'Open' },
    { questionId: 1, notEquals: 'Open' },
    { questionId: 1, oneOf: ['Open', 'Closed'] },
    { questionId: 2, greaterThan: 2 },
    { questionId: 2, atMost: 2 },
    { questionId: 3, equals: 'Dust' },
    { questionId: 3, contains: 'Heat' },
    { questionId: 3, notEquals: 'Dust' },
    { questionId: 4, lessThan: '2026-06-01' },
    { questionId: 5, answered: true },
    { questionId: 5, notAnswered: true },
    { questionId: 6, equals: true },
    {
      all: [
        { questionId: 1, equals: 'Open' },
        {
          any: [
            { questionId: 2, atLeast: 3 },
            { questionId: 3, contains: 'Dust' },
          ],
        },
      ],
    },
    {
      none: [
        { questionId: 1, equals: 'Closed' },
        { questionId: 5, answered: true },
      ],
    },
  ];
  const answers: Array<Record<string, unknown>> = [
    {},
    { q_1: 'Open', q_2: 3, q_3: ['Dust'], q_4: '2026-01-10', q_5: 'leak', q_6: true },
    { q_1: 'Closed', q_2: 1, q_3: ['Heat'], q_4: '2026-12-01', q_6: false },
    { q_1: 'Open', q_2: 2, q_3: ['Dust', 'Heat'] },
  ];

  it.each(conditions.map((c) => [JSON.stringify(c), c] as const))(
    'shows a question under %s exactly when our condition holds, for each sample of answers',
    (_, condition) => {
      const definition = page([...questions, { id: 7, label: 'Shown', type: 'Text', visibleWhen: condition }]);
      const model = new Model(exportSurveyJs(definition).source);
      for (const data of answers) {
        model.data = data;
        expect(model.getQuestionByName('q_7').isVisible, JSON.stringify(data)).toBe(conditionHolds(condition, data));
      }
    },
  );
});
