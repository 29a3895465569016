/**
 * The SurveyJS importer (issue 22 §1 SurveyJS, "Bad input", "Done when"): each mapping and each condition shape
 * on small hand-written surveys, and every real SurveyJS form of ../shared/real-forms/surveyjs (imports, passes the
 * schema, compiles, conditions read questions of the draft, lossy and dropped counts at most the committed
 * baseline, the summary adding up to the elements read).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import { conditionHolds } from '../forms/conditions';
import { allQuestions } from '../forms/questions';
import { draftProblems, realFormFiles, sampleSubmissionProblems } from '../test/imports';
import type { Question } from '../types/generated';
import baseline from './real-forms-baseline.json';
import { htmlToText, importSurveyJs } from './surveyjs';
import { type ImportResult, ImportSourceError } from './types';

const ctx = { formArea: 'quality-assurance', fallbackTitle: 'Work order' };

function survey(elements: unknown[], extra: Record<string, unknown> = {}): ImportResult {
  return importSurveyJs({ pages: [{ name: 'p1', elements }], ...extra }, ctx);
}

function questions(result: ImportResult): Array<Question & Record<string, unknown>> {
  return allQuestions(result.definition as never) as Array<Question & Record<string, unknown>>;
}

function only(elements: unknown[]): Question & Record<string, unknown> {
  const result = survey(elements);
  expect(draftProblems(result.definition)).toEqual([]);
  return questions(result)[0];
}

function severities(result: ImportResult): string[] {
  return result.report.map((f) => `${f.severity} ${f.messageId}`);
}

describe('importSurveyJs: the source', () => {
  it.each([['text'], [null], [[]], [{}], [{ title: 'No pages' }], [{ pages: 'x' }], [42]])(
    'refuses %j as not a SurveyJS survey',
    (source) => {
      expect(() => importSurveyJs(source, ctx)).toThrow(ImportSourceError);
      try {
        importSurveyJs(source, ctx);
      } catch (error) {
        expect((error as ImportSourceError).messageId).toBe('import.surveyjs.notSurvey');
        expect((error as Error).message).toBe(
          'This is not a SurveyJS survey: a survey is a JSON object with pages, questions or elements.',
        );
      }
    },
  );

  it('reads the older top-level questions array as one page, and takes the title or the fallback', () => {
    const result = importSurveyJs({ questions: [{ type: 'text', name: 'a' }] }, ctx);
    expect(result.definition.title).toBe('Work order');
    expect(result.definition.pages).toEqual([
      { id: 1, label: '', questions: [{ id: 1, label: 'a', type: 'Text', extendedType: 'Normal' }] },
    ]);
    expect(result.summary).toEqual({ exact: 1, lossy: 0, dropped: 0 });
    expect(importSurveyJs({ title: 'Site visit', elements: [] }, ctx).definition.title).toBe('Site visit');
    expect(importSurveyJs({ elements: [] }, { formArea: 'x' }).definition.title).toBe('Imported form');
  });

  it('keeps pages with their titles, and page questions arrays (old style)', () => {
    const result = importSurveyJs(
      {
        pages: [
          { name: 'p1', title: 'General', elements: [{ type: 'text', name: 'a' }] },
          { name: 'p2', questions: [{ type: 'comment', name: 'b', title: 'Notes', description: 'Anything else' }] },
        ],
      },
      ctx,
    );
    expect(result.definition.pages.map((p) => [p.id, p.label, p.questions.map((q) => q.id)])).toEqual([
      [1, 'General', [1]],
      [2, '', [2]],
    ]);
    expect(questions(result)[1]).toEqual({
      id: 2,
      label: 'Notes',
      helpText: 'Anything else',
      type: 'Text',
      extendedType: 'Long',
    });
    expect(result.summary).toEqual({ exact: 4, lossy: 0, dropped: 0 });
  });
});

describe('importSurveyJs: question types', () => {
  it.each([
    [
      { type: 'text', name: 'q' },
      { type: 'Text', extendedType: 'Normal' },
    ],
    [
      { type: 'text', name: 'q', inputType: 'number', min: 0, max: 10 },
      { type: 'Text', extendedType: 'Number', min: 0, max: 10 },
    ],
    [{ type: 'text', name: 'q', inputType: 'date' }, { type: 'Date' }],
    [
      { type: 'text', name: 'q', inputType: 'month' },
      { type: 'Date', picker: 'month' },
    ],
    [{ type: 'text', name: 'q', inputType: 'color' }, { type: 'Colour' }],
    [
      { type: 'text', name: 'q', inputType: 'url' },
      { type: 'Text', extendedType: 'Hyperlink' },
    ],
    [
      { type: 'comment', name: 'q' },
      { type: 'Text', extendedType: 'Long' },
    ],
    [
      { type: 'dropdown', name: 'q', choices: ['A', 'B'] },
      {
        type: 'Dropdown',
        options: [
          { id: 1, value: 'A' },
          { id: 2, value: 'B' },
        ],
      },
    ],
    [
      { type: 'dropdown', name: 'q', choices: ['A'], showOtherItem: true },
      { type: 'Dropdown', options: [{ id: 1, value: 'A' }], allowOther: true },
    ],
    [
      { type: 'checkbox', name: 'q', choices: ['A', 'B'] },
      {
        type: 'Checkbox',
        options: [
          { id: 1, value: 'A' },
          { id: 2, value: 'B' },
        ],
      },
    ],
    [
      { type: 'tagbox', name: 'q', choices: ['A'] },
      { type: 'MultiSelect', options: [{ id: 1, value: 'A' }] },
    ],
    [
      { type: 'boolean', name: 'q', labelTrue: 'Safe', labelFalse: 'Unsafe' },
      { type: 'Toggle', onLabel: 'Safe', offLabel: 'Unsafe' },
    ],
    [
      { type: 'boolean', name: 'q' },
      { type: 'Toggle', onLabel: 'Yes', offLabel: 'No' },
    ],
    [{ type: 'boolean', name: 'q', renderAs: 'checkbox' }, { type: 'Checkbox' }],
    [
      { type: 'file', name: 'q', allowMultiple: true, acceptedTypes: 'image/*' },
      { type: 'FileUpload', multiple: true, accept: 'image/*' },
    ],
    [
      { type: 'signaturepad', name: 'q', isRequired: true },
      { type: 'Signature', required: true },
    ],
    [
      { type: 'html', name: 'q', html: 'Wear a hard hat &amp; boots' },
      { type: 'Note', label: 'Wear a hard hat & boots' },
    ],
    [
      {
        type: 'matrixdynamic',
        name: 'q',
        columns: [
          { name: 'a', title: 'Item', cellType: 'text' },
          { name: 'b', cellType: 'text' },
        ],
      },
      {
        type: 'TableLight',
        columns: [
          { id: 1, value: 'Item' },
          { id: 2, value: 'b' },
        ],
      },
    ],
  ])('maps %j exactly', (source, expected) => {
    const result = survey([source]);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(questions(result)[0]).toEqual({
      id: 1,
      label: 'q',
      ...expected,
      ...((source as Node).isRequired ? { required: true } : {}),
    });
    // The page and the question.
    expect(result.summary).toEqual({ exact: 2, lossy: 0, dropped: 0 });
  });

  it.each([
    [{ type: 'radiogroup', name: 'q', choices: ['A'] }, 'Dropdown', 'info import.surveyjs.radiogroup', 0],
    [{ type: 'rating', name: 'q', rateMin: 1, rateMax: 3 }, 'Dropdown', 'lossy import.surveyjs.rating', 1],
    [{ type: 'expression', name: 'q', expression: '{a} * 2' }, 'Note', 'lossy import.common.calculation', 1],
    [{ type: 'html', name: 'q', html: '<p>Read <b>this</b></p>' }, 'Note', 'lossy import.common.htmlAsText', 1],
    [{ type: 'text', name: 'q', inputType: 'email' }, 'Text', 'lossy import.surveyjs.inputType', 1],
    [{ type: 'text', name: 'q', inputType: 'datetime-local' }, 'Date', 'lossy import.surveyjs.inputTypeDate', 1],
    [{ type: 'ranking', name: 'q', choices: ['A', 'B'] }, 'MultiSelect', 'lossy import.surveyjs.ranking', 1],
    [
      { type: 'imagepicker', name: 'q', choices: [{ value: 'a', imageLink: 'x.png' }] },
      'Dropdown',
      'lossy import.surveyjs.imagePicker',
      1,
    ],
    [
      { type: 'matrix', name: 'q', rows: ['Row 1'], columns: ['Good', 'Bad'] },
      'Grid',
      'lossy import.surveyjs.matrix',
      1,
    ],
    [
      { type: 'matrixdynamic', name: 'q', columns: [{ name: 'a' }] },
      'TableLight',
      'lossy import.surveyjs.matrixDynamic',
      1,
    ],
    [
      { type: 'paneldynamic', name: 'q', templateElements: [{ type: 'text', name: 'x', title: 'X' }] },
      'TableLight',
      'lossy import.surveyjs.panelDynamic',
      1,
    ],
    [
      { type: 'checkbox', name: 'q', choices: ['A'], showOtherItem: true },
      'Checkbox',
      'lossy import.common.otherNotOffered',
      1,
    ],
    [
      { type: 'dropdown', name: 'q', choicesByUrl: { url: 'https://x' } },
      'Text',
      'lossy import.common.choicesMissing',
      1,
    ],
    [{ type: 'text', name: 'q', readOnly: true }, 'Text', 'lossy import.common.readOnly', 1],
    [{ type: 'text', name: 'q', defaultValue: 'x' }, 'Text', 'lossy import.common.settingsNotKept', 1],
  ])('maps %j to %s, reporting %s', (source, type, finding, lossy) => {
    const result = survey([source]);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(questions(result)[0].type).toBe(type);
    expect(severities(result)).toContain(finding);
    expect(result.summary).toEqual({ exact: 2 - lossy, lossy, dropped: 0 });
  });

  it.each([
    [{ type: 'image', name: 'q', imageLink: 'https://x/y.png' }, 'dropped import.surveyjs.image'],
    [{ type: 'mywidget', name: 'q' }, 'dropped import.common.unknownType'],
    [{ type: 'html', name: 'q', html: '<img src="x.png">' }, 'dropped import.common.emptyContent'],
  ])('drops %j, reporting %s', (source, finding) => {
    const result = survey([source, { type: 'text', name: 'kept' }]);
    expect(questions(result).map((q) => q.label)).toEqual(['kept']);
    expect(severities(result)).toContain(finding);
    expect(result.summary).toEqual({ exact: 2, lossy: 0, dropped: 1 });
  });

  it('builds a matrix of drop-downs as a grid: row labels, one column per matrix column', () => {
    const q = only([
      {
        type: 'matrixdropdown',
        name: 'checks',
        rows: [{ value: 'r1', text: 'Scaffold' }, 'Ladder'],
        columns: [
          { name: 'state', title: 'State', choices: ['OK', 'Fault'] },
          { name: 'hours', cellType: 'text', inputType: 'number' },
          { name: 'note', cellType: 'comment' },
        ],
      },
    ]);
    const grid = q.grid as {
      totalColumns: number;
      totalRows: number;
      headers: unknown[];
      cells: Array<{ rowIndex: number; columnIndex: number; cellQuestion: Node }>;
    };
    expect([grid.totalColumns, grid.totalRows]).toEqual([4, 2]);
    expect(grid.headers).toEqual([
      { index: 0, label: '' },
      { index: 1, label: 'State' },
      { index: 2, label: 'hours' },
      { index: 3, label: 'note' },
    ]);
    expect(grid.cells.filter((c) => c.rowIndex === 0).map((c) => c.cellQuestion.type)).toEqual([
      'Note',
      'Dropdown',
      'Number',
      'Long',
    ]);
    expect(grid.cells.filter((c) => c.columnIndex === 0).map((c) => c.cellQuestion.label)).toEqual([
      'Scaffold',
      'Ladder',
    ]);
  });

  it('turns a multiple text into a note and a text question per box, with numeric checks as min and max', () => {
    const result = survey([
      {
        type: 'multipletext',
        name: 'price',
        title: 'Prices',
        items: [
          { name: 'low', title: 'Lowest', validators: [{ type: 'numeric', minValue: 10, maxValue: 100 }] },
          { name: 'high' },
        ],
      },
      { type: 'text', name: 'after', visibleIf: '{price.low} > 50' },
    ]);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(questions(result)).toEqual([
      { id: 1, label: 'Prices', type: 'Note' },
      { id: 2, label: 'Lowest', type: 'Text', extendedType: 'Number', min: 10, max: 100 },
      { id: 3, label: 'high', type: 'Text', extendedType: 'Normal' },
      { id: 4, label: 'after', type: 'Text', extendedType: 'Normal', visibleWhen: { questionId: 2, greaterThan: 50 } },
    ]);
    expect(severities(result)).toContain('info import.surveyjs.multipleText');
  });

  it('takes choices as strings, numbers or { value, text }, keeping the texts and reporting changed values', () => {
    const result = survey([
      {
        type: 'dropdown',
        name: 'q',
        choices: ['Plain', 3, { value: 'v1', text: 'Shown' }, { value: 'v2' }, 'Plain', ''],
      },
    ]);
    expect(questions(result)[0].options).toEqual([
      { id: 1, value: 'Plain' },
      { id: 2, value: '3' },
      { id: 3, value: 'Shown' },
      { id: 4, value: 'v2' },
    ]);
    expect(severities(result)).toEqual(['lossy import.common.choiceDuplicate', 'info import.common.choiceTexts']);
  });

  it('adds none / refuse / don’t know as choices, reporting that they no longer clear the others', () => {
    const result = survey([
      { type: 'checkbox', name: 'q', choices: ['A'], showNoneItem: true, noneText: 'Nothing', showSelectAllItem: true },
    ]);
    expect(questions(result)[0].options).toEqual([
      { id: 1, value: 'A' },
      { id: 2, value: 'Nothing' },
    ]);
    expect(severities(result)).toEqual([
      'lossy import.common.exclusiveChoice',
      'lossy import.common.selectAll',
      'info import.common.choiceTexts',
    ]);
  });

  it('makes every validator an element: numeric min/max of a number map, others are dropped', () => {
    const result = survey([
      { type: 'text', name: 'n', inputType: 'number', validators: [{ type: 'numeric', minValue: 1, maxValue: 9 }] },
      {
        type: 'text',
        name: 't',
        validators: [{ type: 'text', minLength: 5 }, { type: 'regex', regex: '^a' }, { type: 'email' }],
      },
    ]);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(questions(result)[0]).toMatchObject({ min: 1, max: 9 });
    expect(result.report.filter((f) => f.severity === 'dropped').map((f) => f.path)).toEqual([
      'pages[0].elements[1] (t).validators[0] (text)',
      'pages[0].elements[1] (t).validators[1] (regex)',
      'pages[0].elements[1] (t).validators[2] (email)',
    ]);
    expect(result.report[0].message).toBe("The 'text' validator of 't' has no counterpart here and was not imported.");
    expect(result.summary).toEqual({ exact: 4, lossy: 0, dropped: 3 });
  });

  it('flattens panels: the title a note, the panel condition on each question', () => {
    const result = survey([
      { type: 'boolean', name: 'hot', title: 'Hot work?' },
      {
        type: 'panel',
        name: 'permit',
        title: 'Hot work permit',
        visibleIf: '{hot} = true',
        elements: [
          { type: 'text', name: 'no', title: 'Permit number', visibleIf: '{hot} notempty' },
          { type: 'panel', name: 'inner', elements: [{ type: 'signaturepad', name: 'sig' }] },
        ],
      },
    ]);
    expect(draftProblems(result.definition)).toEqual([]);
    const hot = { questionId: 1, equals: true };
    expect(questions(result).map((q) => [q.id, q.type, q.label, q.visibleWhen])).toEqual([
      [1, 'Toggle', 'Hot work?', undefined],
      [2, 'Note', 'Hot work permit', hot],
      [3, 'Text', 'Permit number', { all: [hot, { questionId: 1, answered: true }] }],
      [4, 'Signature', 'sig', hot],
    ]);
    expect(severities(result)).toEqual([
      'info import.common.panelFlattened',
      'info import.common.groupCondition',
      'info import.common.panelFlattenedUntitled',
    ]);
  });

  it("takes a panel's or page's enableIf as visibility (lossy) and reports their requiredIf; an empty panel goes with its conditions", () => {
    const result = importSurveyJs(
      {
        pages: [
          { name: 'a', elements: [{ type: 'boolean', name: 'more' }] },
          {
            name: 'b',
            enableIf: '{more} = true',
            requiredIf: '{more} = true',
            elements: [
              { type: 'panel', name: 'p', enableIf: '{more} notempty', elements: [{ type: 'text', name: 'x' }] },
              { type: 'panel', name: 'empty', visibleIf: '{more} = true' },
            ],
          },
        ],
      },
      ctx,
    );
    expect(draftProblems(result.definition)).toEqual([]);
    expect(result.definition.pages[1].visibleWhen).toEqual({ questionId: 1, equals: true });
    expect(questions(result)[1].visibleWhen).toEqual({ questionId: 1, answered: true });
    expect(severities(result)).toEqual([
      'lossy import.common.requiredIf',
      'info import.common.panelFlattenedUntitled',
      'info import.common.groupCondition',
      'dropped import.surveyjs.emptyPanel',
      'dropped import.surveyjs.emptyPanel',
      'lossy import.common.enableIf',
      'lossy import.common.enableIf',
    ]);
    // Exact: two pages, panel p, two questions; lossy: the page's enableIf and requiredIf, p's enableIf; dropped:
    // the empty panel and its condition.
    expect(result.summary).toEqual({ exact: 5, lossy: 3, dropped: 2 });
  });

  it('takes the default language of localised texts and reports the others once per form', () => {
    const result = survey([
      {
        type: 'radiogroup',
        name: 'Did you wear a hard hat? (site rule #1)',
        title: { default: 'Hard hat?', de: 'Schutzhelm?' },
        choices: [
          { value: 'yes', text: { de: 'Ja', default: 'Yes' } },
          { value: 'no', text: { fr: 'Non' } },
        ],
      },
      {
        type: 'text',
        name: 'Why not?',
        title: { de: 'Warum nicht?' },
        visibleIf: "{Did you wear a hard hat? (site rule #1)} = 'no'",
      },
    ]);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(questions(result).map((q) => [q.label, q.options, q.visibleWhen])).toEqual([
      [
        'Hard hat?',
        [
          { id: 1, value: 'Yes' },
          { id: 2, value: 'Non' },
        ],
        undefined,
      ],
      ['Warum nicht?', undefined, { questionId: 1, equals: 'Non' }],
    ]);
    const languages = result.report.filter((f) => f.messageId === 'import.common.otherLanguages');
    expect(languages).toEqual([
      {
        path: 'survey',
        severity: 'lossy',
        messageId: 'import.common.otherLanguages',
        message: "Texts in other languages (de, fr) were not imported; the default language's texts are used.",
      },
    ]);
  });

  it('reports triggers, calculated values and the completed HTML as dropped, and survey settings as info', () => {
    const result = importSurveyJs(
      {
        showProgressBar: 'top',
        triggers: [{ type: 'complete', expression: "{a} = 'x'" }],
        calculatedValues: [{ name: 'total', expression: '{a} + 1' }],
        completedHtml: '<h3>Thanks</h3>',
        elements: [{ type: 'text', name: 'a' }],
      },
      ctx,
    );
    expect(severities(result)).toEqual([
      'info import.surveyjs.surveySettings',
      'dropped import.surveyjs.trigger',
      'dropped import.surveyjs.calculatedValue',
      'dropped import.surveyjs.completedHtml',
    ]);
    expect(result.summary).toEqual({ exact: 1, lossy: 0, dropped: 3 });
  });
});

describe('importSurveyJs: conditions', () => {
  const base = [
    {
      type: 'dropdown',
      name: 'status',
      choices: [
        { value: 'open', text: 'Open' },
        { value: 'done', text: 'Done' },
      ],
      showOtherItem: true,
    },
    { type: 'text', name: 'height', inputType: 'number' },
    { type: 'checkbox', name: 'hazards', choices: ['Dust', 'Noise', 'Heat'] },
    { type: 'text', name: 'due', inputType: 'date' },
    { type: 'text', name: 'remark' },
    { type: 'rating', name: 'score', rateMin: 1, rateMax: 5 },
  ];
  const visible = (expression: string) => {
    const result = survey([...base, { type: 'text', name: 'target', visibleIf: expression }]);
    expect(draftProblems(result.definition)).toEqual([]);
    return { condition: questions(result)[base.length].visibleWhen, result };
  };

  it.each([
    ["{status} = 'open'", { questionId: 1, equals: 'Open' }],
    ["{status} <> 'done'", { questionId: 1, notEquals: 'Done' }],
    ['{height} > 2', { questionId: 2, greaterThan: 2 }],
    ['{height} < 2', { questionId: 2, lessThan: 2 }],
    ['{height} >= 2', { questionId: 2, atLeast: 2 }],
    ['{height} <= 2', { questionId: 2, atMost: 2 }],
    ['2 < {height}', { questionId: 2, greaterThan: 2 }],
    ["{due} > '2026-01-01'", { questionId: 4, greaterThan: '2026-01-01' }],
    ["{hazards} contains 'Dust'", { questionId: 3, contains: 'Dust' }],
    ["{hazards} notcontains 'Dust'", { none: [{ questionId: 3, contains: 'Dust' }] }],
    ["{remark} contains 'leak'", { questionId: 5, contains: 'leak' }],
    ['{remark} notempty', { questionId: 5, answered: true }],
    ['{remark} empty', { questionId: 5, notAnswered: true }],
    ["{status} anyof ['open', 'done']", { questionId: 1, oneOf: ['Open', 'Done'] }],
    [
      "{hazards} allof ['Dust', 'Heat']",
      {
        all: [
          { questionId: 3, contains: 'Dust' },
          { questionId: 3, contains: 'Heat' },
        ],
      },
    ],
    ["{status} noneof ['open']", { none: [{ questionId: 1, oneOf: ['Open'] }] }],
    ['{score} >= 4', { questionId: 6, oneOf: ['4', '5'] }],
    [
      "{status} = 'open' and {height} > 2 and {remark} notempty",
      {
        all: [
          { questionId: 1, equals: 'Open' },
          { questionId: 2, greaterThan: 2 },
          { questionId: 5, answered: true },
        ],
      },
    ],
    [
      "{status} = 'open' or ({height} > 2 and !({remark} empty))",
      {
        any: [
          { questionId: 1, equals: 'Open' },
          { all: [{ questionId: 2, greaterThan: 2 }, { none: [{ questionId: 5, notAnswered: true }] }] },
        ],
      },
    ],
    ["{STATUS} = 'open'", { questionId: 1, equals: 'Open' }],
    ["{status} = 'other'", { questionId: 1, equals: 'Other' }],
  ])('reads %s', (expression, expected) => {
    const { condition, result } = visible(expression);
    expect(condition).toEqual(expected);
    expect(result.summary.dropped).toBe(0);
  });

  // SurveyJS answers and the same answers here (choice values become their texts, a rating's numbers text).
  const samples: Array<[Record<string, unknown>, Record<string, unknown>]> = [
    [{}, {}],
    [
      { status: 'open', height: 3, hazards: ['Dust'], due: '2026-03-01', remark: 'a leak', score: 4 },
      { q_1: 'Open', q_2: 3, q_3: ['Dust'], q_4: '2026-03-01', q_5: 'a leak', q_6: '4' },
    ],
    [
      { status: 'done', height: 2, hazards: ['Dust', 'Heat'], due: '2025-12-01', score: 2 },
      { q_1: 'Done', q_2: 2, q_3: ['Dust', 'Heat'], q_4: '2025-12-01', q_6: '2' },
    ],
    [
      { status: 'other', height: 1, hazards: ['Noise'], remark: 'LEAKING' },
      { q_1: 'Other', q_2: 1, q_3: ['Noise'], q_5: 'LEAKING' },
    ],
  ];

  it.each([
    "{status} = 'open'",
    "{status} <> 'done'",
    '{height} > 2',
    '{height} <= 2',
    "{due} > '2026-01-01'",
    "{hazards} contains 'Dust'",
    "{hazards} notcontains 'Dust'",
    "{remark} contains 'leak'",
    '{remark} notempty',
    '{remark} empty',
    "{status} anyof ['open', 'done']",
    "{hazards} allof ['Dust', 'Heat']",
    "{status} noneof ['open']",
    '{score} >= 4',
    "{status} = 'open' or ({height} > 2 and !({remark} empty))",
    "{status} = 'other'",
  ])('decides %s as SurveyJS does, on samples of answers', (expression) => {
    const source = {
      pages: [{ name: 'p1', elements: [...base, { type: 'text', name: 'target', visibleIf: expression }] }],
    };
    const condition = questions(importSurveyJs(source, ctx))[base.length].visibleWhen;
    expect(condition).toBeDefined();
    const model = new Model(source);
    for (const [theirs, ours] of samples) {
      model.data = theirs;
      expect(conditionHolds(condition as never, ours), JSON.stringify(theirs)).toBe(
        model.getQuestionByName('target').isVisible,
      );
    }
  });

  it.each([
    ["{status} = 'open' and", 'import.common.conditionUnparsed'],
    ['age({due}) > 18', 'import.common.conditionUnmapped'],
    ['{height} + 1 > 2', 'import.common.conditionUnmapped'],
    ['{height} = {score}', 'import.common.conditionUnmapped'],
    ['{nosuch} = 1', 'import.common.conditionUnknownQuestion'],
    ["{status} = 'closed'", 'import.common.conditionValue'],
    ['{later} notempty', 'import.common.conditionLaterQuestion'],
    ['{target} notempty', 'import.common.conditionLaterQuestion'],
  ])('reports %s (%s) as a dropped condition, never a throw', (expression, messageId) => {
    const result = survey([
      ...base,
      { type: 'text', name: 'target', visibleIf: expression },
      { type: 'text', name: 'later' },
    ]);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(questions(result)[base.length].visibleWhen).toBeUndefined();
    const finding = result.report.find((f) => f.severity === 'dropped');
    expect(finding).toMatchObject({ path: 'pages[0].elements[6] (target).visibleIf', messageId });
    expect(finding?.message).toContain(expression);
  });

  it('takes enableIf as visibility (lossy) and reports requiredIf', () => {
    const result = survey([
      ...base,
      { type: 'text', name: 't', enableIf: '{remark} notempty', requiredIf: '{height} > 2' },
    ]);
    expect(questions(result)[base.length].visibleWhen).toEqual({ questionId: 5, answered: true });
    expect(severities(result).filter((s) => s.startsWith('lossy'))).toEqual([
      'lossy import.surveyjs.rating',
      'lossy import.common.requiredIf',
      'lossy import.common.enableIf',
    ]);
  });

  it('keeps a page condition on earlier pages only', () => {
    const result = importSurveyJs(
      {
        pages: [
          { name: 'a', elements: [{ type: 'boolean', name: 'more' }] },
          { name: 'b', visibleIf: '{more} = true', elements: [{ type: 'text', name: 'x' }] },
          { name: 'c', visibleIf: '{y} notempty', elements: [{ type: 'text', name: 'y' }] },
        ],
      },
      ctx,
    );
    expect(draftProblems(result.definition)).toEqual([]);
    expect(result.definition.pages.map((p) => p.visibleWhen)).toEqual([
      undefined,
      { questionId: 1, equals: true },
      undefined,
    ]);
    expect(severities(result)).toEqual(['dropped import.common.conditionLaterQuestion']);
  });
});

describe('htmlToText', () => {
  it('removes tags, decodes entities and keeps block breaks', () => {
    expect(htmlToText('<h3>Title</h3><p>A &amp; B&nbsp;&lt;C&gt; &#8364;5</p><script>x()</script>')).toEqual({
      text: 'Title\nA & B <C> €5',
      hadMarkup: true,
    });
    expect(htmlToText('Plain & simple')).toEqual({ text: 'Plain & simple', hadMarkup: false });
  });
});

type Node = Record<string, unknown>;

/** The objects of a list (nothing for a value that is not one). */
function nodes(value: unknown): Node[] {
  return Array.isArray(value) ? (value as Node[]) : [];
}

/** The elements a SurveyJS source holds, counted independently of the importer (its summary must add up to it). */
function countElements(source: Node): number {
  let count = nodes(source.pages).length;
  const conditions = (el: Node) =>
    ['visibleIf', 'enableIf', 'requiredIf'].filter((k) => typeof el[k] === 'string' && (el[k] as string).trim()).length;
  const walk = (els: Node[]) => {
    for (const el of els) {
      count += 1 + conditions(el) + nodes(el.validators).length;
      if (el.type === 'panel') walk(nodes(el.elements ?? el.questions));
      if (el.type === 'multipletext') for (const item of nodes(el.items)) count += 1 + nodes(item.validators).length;
    }
  };
  for (const page of nodes(source.pages)) {
    count += conditions(page);
    walk(nodes(page.elements ?? page.questions));
  }
  walk(nodes(source.questions ?? source.elements));
  count += nodes(source.triggers).length + nodes(source.calculatedValues).length;
  if (source.completedHtml !== undefined) count += 1;
  return count;
}

describe('importSurveyJs: the real SurveyJS forms of ../shared/real-forms/surveyjs', () => {
  const files = realFormFiles('surveyjs');
  const recorded = baseline.surveyjs as Record<string, { lossy: number; dropped: number }>;
  const jsonFiles = files.filter((file) => !/^S(9|10)-[^.]*\.json$/u.test(basename(file)));

  it('has every file of the folder in the baseline, and the originals of S9 and S10 are not JSON', () => {
    expect(Object.keys(recorded).sort()).toEqual(jsonFiles.map((file) => basename(file)).sort());
    for (const file of files.filter((f) => !jsonFiles.includes(f)))
      expect(() => JSON.parse(readFileSync(file, 'utf8'))).toThrow(SyntaxError);
  });

  it.each(jsonFiles.map((file) => [basename(file), file]))('imports %s', (name, file) => {
    const source = JSON.parse(readFileSync(file, 'utf8'));
    const result = importSurveyJs(source, ctx);
    expect(draftProblems(result.definition)).toEqual([]);
    expect(sampleSubmissionProblems(result.definition)).toEqual([]);
    const { exact, lossy, dropped } = result.summary;
    expect(exact + lossy + dropped).toBe(countElements(source));
    expect(lossy).toBeLessThanOrEqual(recorded[name].lossy);
    expect(dropped).toBeLessThanOrEqual(recorded[name].dropped);
    // Every element not mapped exactly has a finding at its path.
    const paths = new Set(result.report.filter((f) => f.severity !== 'info').map((f) => f.path));
    expect(paths.size).toBeGreaterThanOrEqual(lossy + dropped > 0 ? 1 : 0);
  });
});
