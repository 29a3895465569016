/**
 * The register read model (issue "Performance at scale" §2, docs/store.md "Registers"): the store's index-backed
 * answers are the in-memory register's answers (queryRows over every row), for every column sorted both ways,
 * filters, the global filter and paging; rows missing or built from an older form version are rebuilt in the
 * background while the register keeps answering.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionProperties } from '../engine/forms/questions';
import { readModelColumns, registerVersionOf } from '../engine/registers/read-model';
import { entryToRegisterRow, queryRows } from '../engine/registers/rows';
import type { Answer, FormDefinition, FormEntry, Project, RegisterQuery } from '../engine/types/generated';
import type { UserDoc } from './auth/types';
import {
  type EntryScope,
  entriesForDownload,
  readModelReady,
  registerPage,
  registerRebuilds,
  submitEntry,
  toEntry,
} from './operations/entries';
import { latestPublished } from './operations/forms';
import type { EmbeddedCollection } from './store/embedded-collection';
import type { Doc } from './store/port';
import { makeHarness, sampleAnswers } from './test/harness';

const words = ['Bay 10', 'bay 2', 'Éclair', 'eclair', '', '7', '-3.5', '12', 'Zone B', 'zone a', 'Bay 2'];

let scope: EntryScope;
let user: UserDoc;

/** Answers with the text questions of the register set from `words` (an empty word leaves them unanswered). */
function answersFor(form: FormDefinition, i: number): Answer[] {
  const shownText = new Set(
    form.pages
      .flatMap((p) => p.questions)
      .filter((q: QuestionProperties) => q.showInRegister && q.type === 'Text')
      .map((q) => q.id),
  );
  return sampleAnswers(form, i)
    .map((a) => (shownText.has(a.questionId) ? { ...a, answers: [words[(i * 7 + a.questionId) % words.length]] } : a))
    .filter((a) => !(a.answers.length === 1 && a.answers[0] === ''));
}

async function reference(query: RegisterQuery) {
  const docs = await scope.store
    .collection<FormEntry & Doc>('formEntries')
    .find(
      { clientId: scope.clientId, projectId: scope.project.id, formId: scope.form.id },
      { sort: { entryNumber: -1 } },
    );
  const rows = queryRows(
    docs.map((d) => entryToRegisterRow(scope.form, toEntry(d))),
    query,
  );
  const size = query.pageSize ?? 10;
  const index = query.pageIndex ?? 0;
  const drafts = docs.filter((d) => d.isDraft === true).length;
  // Each row carries its entry's version (issue 26 §5; 1 for an entry stored without one).
  const versions = new Map(docs.map((d) => [d.entryNumber, d.version ?? 1]));
  const items = rows.slice(index * size, (index + 1) * size).map((row) => ({
    ...row,
    version: versions.get(row.entryNumber),
  }));
  return { items, totalRecords: rows.length, drafts };
}

beforeAll(async () => {
  const h = await makeHarness();
  const form = (await latestPublished(h.store, 1, 1)) as FormDefinition;
  const project = (await h.store.collection<Project & Doc>('projects').findOne({ clientId: 1, id: 1 })) as Project;
  user = (await h.store.collection<UserDoc>('users').findOne({ email: 'user@demo.local' })) as UserDoc;
  scope = { store: h.store, clientId: 1, clientName: 'Demo', project, form };
  for (let i = 0; i < 45; i += 1)
    await submitEntry(
      scope,
      { formId: form.id, answers: answersFor(form, i) },
      user,
      new Date(Date.UTC(2026, 0, 1 + i)),
      {
        draft: true,
      },
    );
});

describe('the register read model', () => {
  it('answers every column sorted both ways, page by page, as the in-memory register does', async () => {
    expect(await readModelReady(scope)).toBe(true);
    for (const column of readModelColumns(scope.form))
      for (const desc of [false, true])
        for (const pageIndex of [0, 2, 4]) {
          const query: RegisterQuery = { pageIndex, pageSize: 10, sorting: [{ id: column, desc }] };
          expect(await registerPage(scope, query), `${column} ${desc} ${pageIndex}`).toEqual(await reference(query));
        }
  });

  it('filters by columns, entry number and the global filter, with or without a sort, as the in-memory register does', async () => {
    const [firstText] = readModelColumns(scope.form).filter((c) => c.startsWith('q_'));
    const queries: RegisterQuery[] = [
      { filters: [{ id: firstText, value: 'bay' }] },
      { filters: [{ id: firstText, value: 'BAY 2' }], sorting: [{ id: 'enteredBy', desc: true }] },
      {
        filters: [{ id: firstText, value: '1' }],
        sorting: [{ id: firstText, desc: false }],
        pageSize: 10,
        pageIndex: 0,
      },
      { filters: [{ id: 'entryNumber', value: '12' }] },
      { filters: [{ id: 'date', value: '2026-01-1' }], sorting: [{ id: 'date', desc: true }] },
      { globalFilter: 'zone', sorting: [{ id: firstText, desc: true }], pageSize: 10 },
      { globalFilter: 'no such text' },
      { filters: [{ id: firstText, value: 'a.*' }] },
      { filters: [{ id: 'status', value: 'Draft' }], sorting: [{ id: firstText, desc: false }], pageSize: 25 },
      { filters: [{ id: 'status', value: 'Submitted' }] },
      { sorting: [{ id: 'entryNumber', desc: false }], pageIndex: 2, pageSize: 10 },
    ];
    for (const query of queries)
      expect(await registerPage(scope, query), JSON.stringify(query)).toEqual(await reference(query));
  });

  it('sorts a column on the store index, not in memory', async () => {
    const [column] = readModelColumns(scope.form).filter((c) => c.startsWith('q_'));
    const entries = scope.store.collection('formEntries') as unknown as EmbeddedCollection<Doc>;
    const path = `registerRow.sortKeys.${column}`;
    const explained = entries.explain(
      { clientId: 1, projectId: scope.project.id, formId: scope.form.id, [path]: { $lt: '9' } },
      { sort: { [path]: 1, entryNumber: -1 }, limit: 10 },
    );
    expect(explained).toMatchObject({ residual: false, jsSort: false });
    expect(explained.plan.join('\n')).toContain('formEntries_registerRow');
  });

  it('streams the CSV entries in register order, only the chosen ones when asked', async () => {
    const [column] = readModelColumns(scope.form).filter((c) => c.startsWith('q_'));
    const query = { sorting: [{ id: column, desc: true }] };
    // The entries here are drafts (page saves): the CSV holds them when asked for every status.
    const drafts: number[] = [];
    for await (const e of entriesForDownload(scope, query)) drafts.push(e.entryNumber);
    expect(drafts).toEqual([]);
    const streamed: number[] = [];
    for await (const e of entriesForDownload(scope, { ...query, filters: [{ id: 'status', value: 'All' }] }))
      streamed.push(e.entryNumber);
    const all = await reference({ ...query, pageSize: 1000 });
    expect(streamed).toEqual(all.items.map((r) => r.entryNumber));
    const chosen: number[] = [];
    for await (const e of entriesForDownload(scope, { ...query, downloadFormIds: [3, 5, 40] }))
      chosen.push(e.entryNumber);
    expect(chosen).toEqual(all.items.map((r) => r.entryNumber).filter((n) => [3, 5, 40].includes(n)));
  });

  it('rebuilds rows written without a read model, or under an older version, in the background while answering', async () => {
    const entries = scope.store.collection<FormEntry & Doc>('formEntries');
    // Entries written by an earlier release: no read model.
    const raw = Array.from({ length: 30 }, (_, i) => ({
      id: 5000 + i,
      clientId: 1,
      projectId: scope.project.id,
      formId: scope.form.id,
      formArea: scope.form.formArea,
      entryNumber: 1000 + i,
      globalEntryNumber: 1000 + i,
      date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      enteredBy: 'Imported',
      answers: answersFor(scope.form, i + 3),
    })) as FormEntry[];
    await entries.insertMany(raw as Array<FormEntry & Doc>);
    const query: RegisterQuery = { sorting: [{ id: 'enteredBy', desc: false }], pageSize: 10 };
    // An up-to-date answer is trusted for a minute: ask as a minute later.
    expect(await readModelReady(scope, Date.now() + 61_000)).toBe(false);
    const [rebuild] = registerRebuilds(scope.store);
    expect(rebuild).toMatchObject({ key: `1:${scope.form.id}:${scope.form.version}`, total: 30 });
    expect(await registerPage(scope, query)).toEqual(await reference(query));
    await rebuild.finished;
    expect(await entries.countDocuments({ registerVersion: { $ne: registerVersionOf(scope.form) } })).toBe(0);
    expect(await readModelReady(scope, Date.now() + 61_000)).toBe(true);

    // A newly published version: every row is rebuilt from it.
    const next = { ...scope, form: { ...scope.form, version: scope.form.version + 1 } };
    expect(await readModelReady(next)).toBe(false);
    await registerRebuilds(scope.store)[0].finished;
    expect(await entries.countDocuments({ registerVersion: registerVersionOf(next.form) })).toBe(75);
    expect(await readModelReady(next)).toBe(true);
    expect(await registerPage(next, query)).toEqual(await reference(query));
  });
});
