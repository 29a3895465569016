/**
 * The category registers and their charts (issue 24 §5, §6; docs/entries.md "Category registers and charts"):
 * the entries of a category's active forms on the project (only the project's, only the tenant's), the status
 * filter and paging, the CSV of ticked or filtered rows, each aggregate against a small data set counted by
 * hand (entries per week per form, score buckets, rating bands, open items per category), and who may ask.
 */
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition, FormEntry } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { readModelOf } from './operations/entries';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
const HS = '/api/projects/1/forms/health-and-safety/category';

const safety = demoSeed.formDefinitions.find((f) => f.id === 5) as FormDefinition;

/** A plain (unscored) form of client 1, published. */
function plainForm(id: number, title: string, category: string, extra: Partial<FormDefinition> = {}): FormDefinition {
  return {
    id,
    clientId: 1,
    formArea: 'health-and-safety',
    category,
    title,
    status: 'Published',
    version: 1,
    isActive: true,
    pages: [{ id: 1, label: 'Page', questions: [{ id: 1, label: 'Note', type: 'Text', extendedType: 'Normal' }] }],
    ...extra,
  } as FormDefinition;
}

async function publish(def: FormDefinition) {
  await h.store.collection('formVersions').insertOne({
    formId: def.id,
    clientId: def.clientId,
    formArea: def.formArea,
    version: def.version,
    definition: def,
  });
}

let nextId = 1000;
/**
 * Stores an entry; a grid answer of the safety checklist scores `total` of `max`. With `readModel` false the
 * entry has no read model (written by an earlier release): the charts count it from its answers.
 */
async function entry(
  def: FormDefinition,
  n: number,
  date: string,
  options: { projectId?: number; total?: number; max?: number; draft?: boolean; by?: string; readModel?: boolean } = {},
) {
  const answers =
    options.total === undefined
      ? [{ questionId: 1, formId: def.id, answers: [`Answer ${n}`] }]
      : [
          {
            questionId: 3,
            formId: def.id,
            answers: [],
            grid: { cells: [] },
            totalScore: options.total,
            maxScore: options.max,
          },
        ];
  const stored = {
    id: nextId++,
    clientId: def.clientId,
    projectId: options.projectId ?? 1,
    formId: def.id,
    formVersion: def.version,
    formArea: def.formArea,
    aggregateRootId: `root-${nextId}`,
    entryNumber: n,
    globalEntryNumber: n,
    displayGlobalId: `${def.id}-${n}`,
    client: 'Corrib',
    date,
    enteredBy: options.by ?? 'Seán Doyle',
    enteredById: 2,
    projectName: 'P',
    projectAddress: '',
    isPublic: false,
    answers,
    ...(options.draft ? { isDraft: true } : {}),
  } as unknown as FormEntry;
  await h.store
    .collection('formEntries')
    .insertOne({ ...stored, ...(options.readModel === false ? {} : readModelOf(def, stored)) });
}

const plant = plainForm(20, 'Daily Plant Check', 'inspections');
const audit = plainForm(21, 'Monthly Audit', 'audits');
const retired = plainForm(22, 'Retired Check', 'inspections', { isActive: false });

/**
 * The data set: Site Safety Inspection (scored: Poor < 50, Fair 50-79.99, Good 80-100) and Daily Plant Check on
 * project 1's inspections page; an audit, a retired form and another project's entry that it must leave out.
 * Weeks (Monday, UTC): 2026-11-02, 2026-11-09 (none), 2026-11-16.
 */
async function dataSet() {
  for (const def of [plant, audit, retired]) await publish(def);
  await entry(safety, 1, '2026-11-02T08:00:00.000Z', { total: 9, max: 12 }); // 75 %: Fair, bucket 7
  await entry(safety, 2, '2026-11-08T23:30:00.000Z', { total: 12, max: 12, by: 'Aoife Byrne' }); // 100 %: Good, 9
  await entry(safety, 3, '2026-11-17T09:00:00.000Z', { total: 3, max: 12, readModel: false }); // 25 %: Poor, 2
  await entry(safety, 4, '2026-11-18T09:00:00.000Z', { total: 10, max: 12, draft: true }); // 83.33 %: Good, draft
  await entry(plant, 1, '2026-11-03T10:00:00.000Z');
  await entry(plant, 2, '2026-11-19T10:00:00.000Z', { by: 'Aoife Byrne' });
  await entry(plant, 3, '2026-11-20T10:00:00.000Z', { draft: true });
  await entry(audit, 1, '2026-11-04T10:00:00.000Z', { draft: true });
  await entry(retired, 1, '2026-11-04T10:00:00.000Z');
  await entry(plant, 1, '2026-11-05T10:00:00.000Z', { projectId: 2 });
}

type Page = {
  items: Array<{
    key: string;
    formTitle: string;
    entryNumber: number;
    status: string;
    score: number | null;
    ratingBand: string;
  }>;
  totalRecords: number;
  drafts: number;
  forms: Array<{ id: number; title: string }>;
};

beforeEach(async () => {
  h = await makeHarness();
  await dataSet();
});

/** The administrator of two clients, with client 1 chosen. */
async function admin(): Promise<string> {
  const cookie = await h.login('admin@demo.local');
  await h.call('POST', '/api/authorization/setClient/1', { cookie });
  return cookie;
}

async function page(cookie: string, body: Record<string, unknown> = {}, path = `${HS}/inspections`) {
  const res = await h.call('POST', path, { cookie, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Page;
}

describe('the category register', () => {
  it('lists the entries of the category’s active forms on the project, newest first, with score and band', async () => {
    const cookie = await admin();
    const all = await page(cookie);
    expect(all.items.map((r) => r.key)).toEqual(['20-3', '20-2', '5-4', '5-3', '5-2', '20-1', '5-1']);
    expect(all.totalRecords).toBe(7);
    expect(all.drafts).toBe(2);
    expect(all.forms).toEqual([
      { id: 20, title: 'Daily Plant Check', displayEntryCreateButton: true },
      { id: 5, title: 'Site Safety Inspection', displayEntryCreateButton: true },
    ]);
    expect(all.items.find((r) => r.key === '5-1')).toMatchObject({
      formTitle: 'Site Safety Inspection',
      status: 'Submitted',
      score: 75,
      ratingBand: 'Fair',
    });
    expect(all.items.find((r) => r.key === '5-4')).toMatchObject({ status: 'Draft', score: 83.33, ratingBand: 'Good' });
    expect(all.items.find((r) => r.key === '20-1')).toMatchObject({ score: null, ratingBand: '' });
    // Another category page: its own forms only.
    expect((await page(cookie, {}, `${HS}/audits`)).items.map((r) => r.key)).toEqual(['21-1']);
    expect((await page(cookie, {}, `${HS}/toolbox-talk`)).totalRecords).toBe(0);
  });

  it('filters by status, form, title, date, entered by and band; pages and sorts', async () => {
    const cookie = await h.login('user@demo.local');
    const keys = async (body: Record<string, unknown>) => (await page(cookie, body)).items.map((r) => r.key);
    expect(await keys({ filters: [{ id: 'status', value: 'Submitted' }] })).toEqual([
      '20-2',
      '5-3',
      '5-2',
      '20-1',
      '5-1',
    ]);
    expect(await keys({ filters: [{ id: 'status', value: 'Draft' }] })).toEqual(['20-3', '5-4']);
    expect(await keys({ filters: [{ id: 'formId', value: '20' }] })).toEqual(['20-3', '20-2', '20-1']);
    expect(
      await keys({
        filters: [
          { id: 'formTitle', value: 'safety' },
          { id: 'status', value: 'Submitted' },
        ],
      }),
    ).toEqual(['5-3', '5-2', '5-1']);
    expect(await keys({ filters: [{ id: 'date', value: '2026-11-0' }] })).toEqual(['5-2', '20-1', '5-1']);
    // A year, month or day is a range of Created (and of its weeks).
    expect(await keys({ filters: [{ id: 'date', value: '2026-11-17' }] })).toEqual(['5-3']);
    expect((await page(cookie, { filters: [{ id: 'date', value: '2026-11' }] })).totalRecords).toBe(7);
    expect((await page(cookie, { filters: [{ id: 'date', value: '2025' }] })).totalRecords).toBe(0);
    expect(await keys({ filters: [{ id: 'enteredBy', value: 'aoife' }] })).toEqual(['20-2', '5-2']);
    expect(await keys({ filters: [{ id: 'ratingBand', value: 'good' }] })).toEqual(['5-4', '5-2']);
    expect(await keys({ globalFilter: 'plant' })).toEqual(['20-3', '20-2', '20-1']);
    const second = await page(cookie, { pageIndex: 1, pageSize: 10, filters: [] });
    expect(second.items).toEqual([]);
    expect(second.totalRecords).toBe(7);
    expect(await keys({ sorting: [{ id: 'date', desc: false }], pageSize: 10 })).toEqual([
      '5-1',
      '20-1',
      '5-2',
      '5-3',
      '5-4',
      '20-2',
      '20-3',
    ]);
    const firstThree = await page(cookie, { pageIndex: 0, pageSize: 10, sorting: [{ id: 'entryNumber', desc: true }] });
    expect(firstThree.items.map((r) => r.entryNumber)).toEqual([4, 3, 3, 2, 2, 1, 1]);
    const bad = await h.call('POST', `${HS}/inspections`, { cookie, body: { filters: [{ id: 'q_3', value: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("no column 'q_3'");
  });

  it('downloads the register’s columns as CSV: the ticked entries, else the filtered submitted ones', async () => {
    const cookie = await admin();
    const csv = async (body: Record<string, unknown>) => {
      const res = await h.call('POST', `${HS}/inspections/download`, { cookie, body });
      expect(res.status).toBe(200);
      // Named by the project's export setting of the area (the default: title, ' - ', today), the page's title as
      // the form's.
      expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toMatch(
        /UTF-8''Health & Safety Inspections - \d{4}-\d{2}-\d{2}\.csv$/,
      );
      return Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    };
    const filtered = await csv({ filters: [{ id: 'formId', value: '5' }] });
    expect(filtered[0]).toEqual([
      'Form',
      'Entry Number',
      'Created',
      'Entered By',
      'Status',
      'Score (%)',
      'Rating band',
    ]);
    expect(filtered.slice(1)).toEqual([
      ['Site Safety Inspection', '3', '2026-11-17 09:00', 'Seán Doyle', 'Submitted', '25', 'Poor'],
      ['Site Safety Inspection', '2', '2026-11-08 23:30', 'Aoife Byrne', 'Submitted', '100', 'Good'],
      ['Site Safety Inspection', '1', '2026-11-02 08:00', 'Seán Doyle', 'Submitted', '75', 'Fair'],
    ]);
    const ticked = await csv({
      entries: [
        { formId: 5, entryNumber: 4 },
        { formId: 20, entryNumber: 1 },
        { formId: 21, entryNumber: 1 },
      ],
    });
    // A ticked draft is exported; an entry of another category is not one of the register's.
    expect(ticked.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['Site Safety Inspection', '4', 'Draft'],
      ['Daily Plant Check', '1', 'Submitted'],
    ]);
    // A saved export setting names it too (its project code and custom text).
    const saved = await h.call('POST', '/api/projects/1/forms/health-and-safety/export-setting', {
      cookie,
      body: { format: 'setup:formTitle|text: for |project:code' },
    });
    expect(saved.status, await saved.clone().text()).toBeLessThan(300);
    const named = await h.call('POST', `${HS}/inspections/download`, { cookie, body: {} });
    expect(decodeURIComponent(named.headers.get('content-disposition') ?? '')).toMatch(
      /UTF-8''Health & Safety Inspections for CCE-2401\.csv$/,
    );
    await named.text();
  });

  it('answers 404 for another tenant’s project or an unknown category, 403 without view on the area', async () => {
    const other = await h.login('idle@demo.local');
    expect((await h.call('POST', `${HS}/inspections`, { cookie: other, body: {} })).status).toBe(404);
    expect((await h.call('POST', `${HS}/inspections/charts`, { cookie: other, body: {} })).status).toBe(404);
    const adminCookie = await admin();
    expect((await h.call('POST', `${HS}/gardening`, { cookie: adminCookie, body: {} })).status).toBe(404);
    // Quality assurance has no inductions page.
    const qaInductions = '/api/projects/1/forms/quality-assurance/category/inductions';
    expect((await h.call('POST', qaInductions, { cookie: adminCookie, body: {} })).status).toBe(404);
    const hs = await h.login('hs@demo.local');
    expect((await h.call('POST', `${HS}/inspections`, { cookie: hs, body: {} })).status).toBe(403);
    expect((await h.call('POST', `${HS}/inspections/charts`, { cookie: hs, body: {} })).status).toBe(403);
    expect((await h.call('GET', '/api/projects/1/openitems', { cookie: hs })).status).toBe(403);
    const view = await h.login('view@demo.local');
    // A view user of the project's quality assurance (not of its health and safety) sees its registers only.
    const qa = '/api/projects/1/forms/quality-assurance/category/inspections';
    expect((await h.call('POST', qa, { cookie: view, body: {} })).status).toBe(200);
    expect((await h.call('POST', `${HS}/inspections`, { cookie: view, body: {} })).status).toBe(403);
    const items = (await (await h.call('GET', '/api/projects/1/openitems', { cookie: view })).json()) as {
      items: Array<{ formArea: string }>;
    };
    expect(new Set(items.items.map((r) => r.formArea))).toEqual(new Set(['quality-assurance']));
  });
});

type Charts = Record<string, { labels: string[]; series: Array<{ label: string; values: number[] }> } | null>;

async function charts(cookie: string, body: Record<string, unknown> = {}, path = `${HS}/inspections/charts`) {
  const res = await h.call('POST', path, { cookie, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Charts;
}

describe('the charts (counted by the store)', () => {
  it('entries per week by form, the score buckets and the band shares, with the register’s filters', async () => {
    const cookie = await admin();
    const all = await charts(cookie);
    expect(all.entriesPerWeek).toEqual({
      labels: ['2026-11-02', '2026-11-09', '2026-11-16'],
      series: [
        { label: 'Daily Plant Check', values: [1, 0, 2] },
        { label: 'Site Safety Inspection', values: [2, 0, 2] },
      ],
    });
    const buckets = new Array(10).fill(0);
    buckets[2] = 1; // 25 %
    buckets[7] = 1; // 75 %
    buckets[8] = 1; // 83.33 %
    buckets[9] = 1; // 100 %
    expect(all.scoreDistribution).toEqual({
      labels: ['0-10%', '10-20%', '20-30%', '30-40%', '40-50%', '50-60%', '60-70%', '70-80%', '80-90%', '90-100%'],
      series: [{ label: 'Entries', values: buckets }],
    });
    expect(all.ratingBands).toEqual({
      labels: ['Poor', 'Fair', 'Good'],
      series: [{ label: 'Entries', values: [1, 1, 2] }],
    });

    const submitted = await charts(cookie, { filters: [{ id: 'status', value: 'Submitted' }] });
    expect(submitted.entriesPerWeek?.series).toEqual([
      { label: 'Daily Plant Check', values: [1, 0, 1] },
      { label: 'Site Safety Inspection', values: [2, 0, 1] },
    ]);
    expect(submitted.ratingBands?.series[0].values).toEqual([1, 1, 1]);
    const byAoife = await charts(cookie, { filters: [{ id: 'enteredBy', value: 'Aoife' }] });
    expect(byAoife.entriesPerWeek).toEqual({
      labels: ['2026-11-02', '2026-11-09', '2026-11-16'],
      series: [
        { label: 'Daily Plant Check', values: [0, 0, 1] },
        { label: 'Site Safety Inspection', values: [1, 0, 0] },
      ],
    });
    expect(byAoife.ratingBands?.series[0].values).toEqual([0, 0, 1]);
    const week = await charts(cookie, { filters: [{ id: 'date', value: '2026-11-08' }] });
    expect(week.entriesPerWeek).toEqual({
      labels: ['2026-11-02'],
      series: [{ label: 'Site Safety Inspection', values: [1] }],
    });
    // A category without scored forms has no score charts.
    const audits = await charts(cookie, {}, `${HS}/audits/charts`);
    expect(audits.entriesPerWeek).toEqual({
      labels: ['2026-11-02'],
      series: [{ label: 'Monthly Audit', values: [1] }],
    });
    expect([audits.scoreDistribution, audits.ratingBands]).toEqual([null, null]);
  });

  it('a form’s register has the same charts for its one form, with its filters and search', async () => {
    const cookie = await admin();
    const formCharts = (body: Record<string, unknown> = {}, formId = 5) =>
      charts(cookie, body, `/api/projects/1/forms/health-and-safety/getall/${formId}/charts`);
    const expectSafety = async () => {
      const all = await formCharts();
      expect(all.entriesPerWeek).toEqual({
        labels: ['2026-11-02', '2026-11-09', '2026-11-16'],
        series: [{ label: 'Site Safety Inspection', values: [2, 0, 2] }],
      });
      expect(all.scoreDistribution?.series[0].values).toEqual([0, 0, 1, 0, 0, 0, 0, 1, 1, 1]);
      expect(all.ratingBands).toEqual({
        labels: ['Poor', 'Fair', 'Good'],
        series: [{ label: 'Entries', values: [1, 1, 2] }],
      });
      const submitted = await formCharts({ filters: [{ id: 'status', value: 'Submitted' }] });
      expect(submitted.entriesPerWeek?.series).toEqual([{ label: 'Site Safety Inspection', values: [2, 0, 1] }]);
      expect(submitted.ratingBands?.series[0].values).toEqual([1, 1, 1]);
      const drafts = await formCharts({ filters: [{ id: 'status', value: 'Draft' }] });
      expect(drafts.ratingBands?.series[0].values).toEqual([0, 0, 1]);
      const searched = await formCharts({ globalFilter: 'aoife' });
      expect(searched.entriesPerWeek).toEqual({
        labels: ['2026-11-02'],
        series: [{ label: 'Site Safety Inspection', values: [1] }],
      });
      expect(searched.ratingBands?.series[0].values).toEqual([0, 0, 1]);
    };
    // Entry 3 has no read model yet: the first answers select the entries as the register page does in memory;
    // once the background rebuild is done the store counts them, with the same answers.
    await expectSafety();
    const { registerRebuilds } = await import('./operations/entries');
    await Promise.all(registerRebuilds(h.store).map((r) => r.finished));
    await expectSafety();
    // A form that is not scored has no score charts; another project's entry is not counted.
    const plantCharts = await formCharts({}, 20);
    expect(plantCharts.entriesPerWeek?.series).toEqual([{ label: 'Daily Plant Check', values: [1, 0, 2] }]);
    expect([plantCharts.scoreDistribution, plantCharts.ratingBands]).toEqual([null, null]);
    // Who may ask: as the register itself (view on the area and project).
    const other = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/2', { cookie: other });
    expect(
      (await h.call('POST', '/api/projects/1/forms/health-and-safety/getall/5/charts', { cookie: other, body: {} }))
        .status,
    ).toBe(404);
  });

  it('open items per category: the drafts of each page the user may view', async () => {
    const res = await h.call('GET', '/api/projects/1/openitems', { cookie: await admin() });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      items: Array<{ key: string; open: number; section: string }>;
      openItems: { labels: string[]; series: Array<{ values: number[] }> };
    };
    const open = Object.fromEntries(answer.items.map((r) => [r.key, r.open]));
    expect(open).toEqual({
      'quality-assurance/audits': 0,
      'quality-assurance/inspections': 0,
      'quality-assurance/reports': 0,
      'quality-assurance/meetings': 0,
      'health-and-safety/audits': 1,
      'health-and-safety/inductions': 0,
      'health-and-safety/inspections': 2,
      'health-and-safety/reports': 0,
      'health-and-safety/meetings': 0,
      'health-and-safety/toolbox-talk': 0,
    });
    expect(answer.openItems.labels[5]).toBe('Health & Safety - Inductions');
    expect(answer.openItems.series[0].values).toEqual([0, 0, 0, 0, 1, 0, 2, 0, 0, 0]);
  });
});
