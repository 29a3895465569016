import { describe, expect, it } from 'vitest';
import type { Answer, FormDefinition } from '../types/generated';
import { type MigratingEntry, MigrationPlanner, migrateEntry, resolveMappings } from './migration';

type Q = { id: number; [keyword: string]: unknown };
const q = (id: number, extra: Record<string, unknown> = {}): Q => ({ id, label: `Q${id}`, type: 'Text', ...extra });
const options = (...values: string[]) => values.map((value, i) => ({ id: i + 1, value }));
const def = (version: number, ...questions: Q[]): FormDefinition =>
  ({ id: 1, title: 'F', version, pages: [{ id: 1, label: 'P', questions }] }) as unknown as FormDefinition;
const grid = (cells: [number, number, number][]) => ({
  type: 'Grid',
  grid: {
    totalColumns: 2,
    totalRows: 2,
    headers: [
      { index: 0, label: 'A' },
      { index: 1, label: 'B' },
    ],
    cells: cells.map(([id, rowIndex, columnIndex]) => ({
      id,
      rowIndex,
      columnIndex,
      cellQuestion: { id: 100 + id, type: 'Text' },
    })),
  },
});
let entryNumber = 0;
const entry = (formVersion: number, answers: Answer[]): MigratingEntry => ({
  projectId: 1,
  entryNumber: ++entryNumber,
  formVersion,
  answers,
});
const a = (questionId: number, ...values: Answer['answers']): Answer => ({ questionId, answers: values });

function planOf(versions: FormDefinition[], latest: FormDefinition, entries: MigratingEntry[]) {
  const planner = new MigrationPlanner(new Map(versions.map((v) => [v.version, v])), latest);
  for (const e of entries) planner.add(e);
  return { planner, plan: planner.plan() };
}

describe('the migration plan', () => {
  it('offers a renamed option as a default mapping, with counts and a sample of five', () => {
    const v1 = def(1, q(1, { type: 'Dropdown', options: options('Yes', 'No') }));
    const v2 = def(2, q(1, { type: 'Dropdown', options: options('Yes', 'Not OK') }));
    entryNumber = 0;
    const entries = [...Array(7)].map(() => entry(1, [a(1, 'No')]));
    entries.push(entry(1, [a(1, 'Yes')]), entry(2, [a(1, 'Yes')]));
    const { plan } = planOf([v1, v2], v2, entries);
    expect(plan).toMatchObject({ toVersion: 2, fromVersions: [1], entries: 8, affected: 7 });
    expect(plan.changes).toEqual([
      {
        key: 'option:1:No',
        kind: 'option',
        questionId: 1,
        label: 'Q1',
        fromVersions: [1],
        value: 'No',
        renamedTo: 'Not OK',
        choices: ['Yes', 'Not OK'],
        actions: ['map', 'keep', 'drop'],
        defaultMapping: { action: 'map', to: 'Not OK' },
        entries: 7,
        sample: [1, 2, 3, 4, 5].map((n) => ({ projectId: 1, entryNumber: n })),
      },
    ]);
  });

  it('finds a rename by position when the option ids are new, and none when the value is only removed', () => {
    const v1 = def(1, q(1, { type: 'Dropdown', options: [{ value: 'A' }, { value: 'B' }, { value: 'C' }] }));
    const v2 = def(2, q(1, { type: 'Dropdown', options: [{ value: 'A' }, { value: 'Bee' }] }));
    const { plan } = planOf([v1, v2], v2, [entry(1, [a(1, 'B')]), entry(1, [a(1, 'C')])]);
    expect(plan.changes.map((c) => [c.key, c.renamedTo, c.defaultMapping])).toEqual([
      ['option:1:B', 'Bee', { action: 'map', to: 'Bee' }],
      ['option:1:C', undefined, { action: 'keep' }],
    ]);
  });

  it('lists removed questions, changed types and moved grid cells across several earlier versions', () => {
    const v1 = def(
      1,
      q(1),
      q(2),
      q(
        3,
        grid([
          [1, 0, 0],
          [2, 0, 1],
        ]),
      ),
      q(4, { type: 'Note' }),
    );
    const v2 = def(
      2,
      q(1),
      q(2),
      q(
        3,
        grid([
          [1, 0, 0],
          [2, 0, 1],
        ]),
      ),
    );
    const v3 = def(
      3,
      q(2, { extendedType: 'Number' }),
      q(
        3,
        grid([
          [1, 0, 0],
          [3, 1, 1],
        ]),
      ),
    );
    const gridAnswer: Answer = {
      questionId: 3,
      answers: [],
      grid: { cells: [{ cellId: 2, rowIndex: 0, columnIndex: 1, value: 'x' }] },
    };
    const { plan } = planOf([v1, v2, v3], v3, [
      entry(1, [a(1, 'one'), a(2, '12')]),
      entry(2, [a(1, 'two'), gridAnswer]),
      entry(2, [a(2, '')]),
    ]);
    expect(plan.entries).toBe(3);
    expect(plan.affected).toBe(2);
    expect(plan.changes.map((c) => [c.key, c.kind, c.fromVersions, c.entries, c.actions])).toEqual([
      ['type:2', 'changedType', [1, 2], 1, ['keep', 'convert', 'drop']],
      ['grid:3', 'grid', [1, 2], 1, ['keep', 'drop']],
      ['removed:1', 'removedQuestion', [1, 2], 2, ['keep', 'drop']],
    ]);
    expect(plan.changes[0]).toMatchObject({ fromType: 'text', toType: 'number' });
  });

  it('checks chosen mappings against the changes and fills in the defaults', () => {
    const v1 = def(1, q(1, { type: 'Dropdown', options: options('Yes', 'No') }), q(2));
    const v2 = def(2, q(1, { type: 'Dropdown', options: options('Yes', 'Not OK') }));
    const { plan } = planOf([v1, v2], v2, [entry(1, [a(1, 'No')])]);
    expect(resolveMappings(plan.changes)).toEqual({
      mappings: { 'option:1:No': { action: 'map', to: 'Not OK' }, 'removed:2': { action: 'keep' } },
      problems: [],
    });
    expect(
      resolveMappings(plan.changes, {
        'removed:9': { action: 'drop' },
        'removed:2': { action: 'convert' },
        'option:1:No': { action: 'map', to: 'Maybe' },
      }).problems,
    ).toEqual([
      { key: 'removed:9', messageId: 'migration.unknownChange' },
      { key: 'removed:2', messageId: 'migration.actionNotOffered' },
      { key: 'option:1:No', messageId: 'migration.unknownChoice' },
    ]);
  });
});

describe('migrating one entry', () => {
  const v1 = def(
    1,
    q(1, { type: 'Checkbox', options: options('Gloves', 'Helmet', 'Boots') }),
    q(2),
    q(3),
    q(4, { extendedType: 'Number' }),
    q(
      5,
      grid([
        [1, 0, 0],
        [2, 0, 1],
      ]),
    ),
    q(6),
  );
  const v2 = def(
    2,
    q(1, { type: 'Checkbox', options: options('Gloves', 'Hard hat') }),
    q(3, { extendedType: 'Number' }),
    q(4),
    q(
      5,
      grid([
        [1, 0, 0],
        [3, 1, 1],
      ]),
    ),
    q(6),
  );
  const gridAnswer: Answer = {
    questionId: 5,
    answers: [],
    grid: {
      cells: [
        { cellId: 1, rowIndex: 0, columnIndex: 0, value: 'a' },
        { cellId: 2, rowIndex: 0, columnIndex: 1, value: 'b' },
      ],
    },
  };
  const answers = [a(1, 'Gloves', 'Helmet', 'Boots'), a(2, 'gone'), a(3, ' 42 '), a(4, 7), gridAnswer, a(6, 'same')];
  const original = entry(1, answers);
  const { planner, plan } = planOf([v1, v2], v2, [original]);
  const migrate = (chosen: Parameters<typeof resolveMappings>[1]) =>
    migrateEntry(planner, original, resolveMappings(plan.changes, chosen).mappings, 9);

  it('by default maps the renamed option and keeps the rest aside, "from version 1"', () => {
    const out = migrate({});
    expect(out.changed).toBe(true);
    expect(out.answers).toEqual([
      a(1, 'Gloves', 'Hard hat'),
      { questionId: 5, answers: [], grid: { cells: [gridAnswer.grid?.cells[0]] }, totalScore: 0, maxScore: 0 },
      a(6, 'same'),
    ]);
    expect(out.answers[2]).toBe(answers[5]);
    expect(out.keptAnswers.map((k) => [k.answer.questionId, k.fromVersion, k.migrationId, k.label])).toEqual([
      [1, 1, 9, 'Q1'],
      [2, 1, 9, 'Q2'],
      [3, 1, 9, 'Q3'],
      [4, 1, 9, 'Q4'],
      [5, 1, 9, 'Q5'],
    ]);
    expect(out.keptAnswers[0].answer).toBe(answers[0]);
    expect(out.touched.sort()).toEqual([
      'grid:5',
      'option:1:Boots',
      'option:1:Helmet',
      'removed:2',
      'type:3',
      'type:4',
    ]);
  });

  it('maps options onto one value once, drops what is dropped and converts text to a number', () => {
    const out = migrate({
      'option:1:Boots': { action: 'map', to: 'Gloves' },
      'removed:2': { action: 'drop' },
      'type:3': { action: 'convert' },
      'type:4': { action: 'convert' },
      'grid:5': { action: 'drop' },
    });
    expect(out.answers).toEqual([
      a(1, 'Gloves', 'Hard hat'),
      a(3, 42),
      a(4, '7'),
      { questionId: 5, answers: [], grid: { cells: [gridAnswer.grid?.cells[0]] }, totalScore: 0, maxScore: 0 },
      a(6, 'same'),
    ]);
    expect(out.keptAnswers).toEqual([]);
  });

  it('keeps a text that does not parse when converting, and drops an option value without keeping it', () => {
    const e = entry(1, [a(3, 'about ten'), a(1, 'Boots')]);
    const planned = planOf([v1, v2], v2, [e]);
    const out = migrateEntry(
      planned.planner,
      e,
      resolveMappings(planned.plan.changes, { 'type:3': { action: 'convert' }, 'option:1:Boots': { action: 'drop' } })
        .mappings,
      3,
    );
    expect(out.answers).toEqual([]);
    expect(out.keptAnswers).toEqual([{ fromVersion: 1, migrationId: 3, label: 'Q3', answer: a(3, 'about ten') }]);
  });

  it('leaves an entry of the latest version, and one no change touches, as it is', () => {
    const latest = entry(2, [a(1, 'Gloves')]);
    expect(migrateEntry(planner, latest, {}, 1)).toEqual({
      answers: [a(1, 'Gloves')],
      keptAnswers: [],
      changed: false,
      touched: [],
    });
    const untouched = entry(1, [a(6, 'x')]);
    expect(migrateEntry(planner, untouched, {}, 1).changed).toBe(false);
  });
});
