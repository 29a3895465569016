/**
 * Publish and versions, the API side (issue 21 §8): what publishing a working copy would change (the form's
 * entries and the question-level difference from the published version: the warning before Publish), and the
 * version list (who published which version and when, with its entries).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuestionProperties } from '../engine/forms/questions';
import type { VersionDiff } from '../engine/forms/version-diff';
import type { FormDefinition, FormDefinitionInput } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness, sampleAnswers } from './test/harness';

let h: Harness;
let admin: string;
let second: string;
let user: string;
/** A project user who is no area's administrator. */
let viewer: string;
const F = '/api/settings/forms';
const Q = `${F}/quality-assurance`;
const pour = demoSeed.formDefinitions[0];

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  // A second administrator of client 1: the demo's, under another name and address.
  const users = h.store.collection<Record<string, unknown>>('users');
  const { _id, ...demoAdmin } = (await users.findOne({ email: 'admin@demo.local' })) as Record<string, unknown>;
  await users.insertOne({ ...demoAdmin, id: 9001, email: 'second@demo.local', fullName: 'Ciara Brennan' });
  second = await h.login('second@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: second })).status).toBe(200);
  user = await h.login('user@demo.local');
  viewer = await h.login('view@demo.local');
});

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

async function submit() {
  await json(
    h.call('PUT', `/api/projects/1/forms/quality-assurance/submit`, {
      cookie: user,
      body: { formId: pour.id, answers: sampleAnswers(pour) },
    }),
  );
}

/** The working copy as an update body. */
async function workingInput(): Promise<FormDefinitionInput> {
  const def = await json<FormDefinition>(h.call('GET', `${Q}/${pour.id}`, { cookie: admin }));
  const {
    id,
    clientId,
    status,
    version,
    publishedAt,
    created,
    createdBy,
    createdById,
    modifiedBy,
    modifiedById,
    ...input
  } = def;
  return input;
}

interface Impact {
  publishedVersion: number | null;
  entries: number;
  touchesEntries: boolean;
  diff: VersionDiff;
  published: { pages: FormDefinition['pages'] } | null;
  idFloor: { question: number; page: number };
}

describe('publish impact', () => {
  it('says how many entries the form has and which published questions the draft removes or re-chooses', async () => {
    const impact = () => json<Impact>(h.call('GET', `${Q}/${pour.id}/publish-impact`, { cookie: admin }));
    const unchanged = await impact();
    expect(unchanged).toMatchObject({ publishedVersion: pour.version, entries: 0, touchesEntries: false });
    expect(unchanged.diff).toEqual({ added: [], removed: [], changed: [], moved: [] });
    await submit();
    await submit();

    const input = await workingInput();
    const [first] = input.pages;
    const questions = first.questions as QuestionProperties[];
    const choice = questions.find((q) => (q.options?.length ?? 0) > 1) as QuestionProperties;
    const removed = questions.find((q) => q.id !== choice.id && q.type === 'Text') as QuestionProperties;
    const renamed = questions.find((q) => q.id !== choice.id && q.id !== removed.id) as QuestionProperties;
    const options = choice.options ?? [];
    const changedPages = [
      {
        ...first,
        questions: [
          ...questions
            .filter((q) => q.id !== removed.id)
            .map((q) =>
              q.id === choice.id
                ? { ...q, options: [{ ...options[0], value: `${options[0].value} (checked)` }, ...options.slice(1)] }
                : q.id === renamed.id
                  ? { ...q, label: 'Renamed' }
                  : q,
            ),
          { id: 9999, label: 'New question', type: 'Text', extendedType: 'Normal' },
        ],
      },
      ...input.pages.slice(1),
    ];
    await json(h.call('PUT', `${Q}/${pour.id}`, { cookie: admin, body: { ...input, pages: changedPages } }));

    const changed = await impact();
    expect(changed).toMatchObject({ publishedVersion: pour.version, entries: 2, touchesEntries: true });
    expect(changed.diff.removed.map((q) => q.id)).toEqual([removed.id]);
    expect(changed.diff.added.map((q) => q.id)).toEqual([9999]);
    // The creator's context: the published version's pages (with the removed question) and the ids it used, which
    // the draft's new question 9999 does not raise.
    expect(changed.published?.pages[0].questions.map((q) => q.id)).toContain(removed.id);
    const publishedIds = pour.pages.flatMap((page) => page.questions.map((q) => q.id));
    expect(changed.idFloor).toEqual({
      question: Math.max(...publishedIds),
      page: Math.max(...pour.pages.map((page) => page.id)),
    });
    const byId = new Map(changed.diff.changed.map((q) => [q.id, q]));
    expect(byId.get(choice.id)).toMatchObject({ keywords: ['options'], choiceValuesChanged: true });
    expect(byId.get(renamed.id)).toMatchObject({ label: 'Renamed', keywords: ['label'], choiceValuesChanged: false });
    // Nothing was written: the published version and the entries are as they were.
    expect(await h.store.collection('formVersions').countDocuments({ clientId: 1, formId: pour.id })).toBe(1);

    // A choice value the entries may hold that is no longer offered is the design check's warning, not an error
    // (issue 22 §3: the entries are migrated after publishing): the draft publishes and becomes the version.
    await json(h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }));
    expect(await impact()).toMatchObject({ publishedVersion: pour.version + 1, entries: 2, touchesEntries: false });
  });

  it("is the area administrators' alone, and of the tenant's forms", async () => {
    expect((await h.call('GET', `${Q}/${pour.id}/publish-impact`, { cookie: viewer })).status).toBe(403);
    // The quality-assurance administrator (accessQA) who is no settings administrator builds and publishes the
    // area's forms (docs/access.md: the QA form creator needs accessQA).
    expect((await h.call('GET', `${Q}/${pour.id}/publish-impact`, { cookie: user })).status).toBe(200);
    expect((await h.call('GET', `${Q}/2/publish-impact`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${Q}/2/versions`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${Q}/${pour.id}/versions`, { cookie: viewer })).status).toBe(403);
  });
});

describe('the version list', () => {
  it('lists who published which version and when, newest first, with the entries of each', async () => {
    await submit();
    const firstPublish = await json<FormDefinition>(
      h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }),
    );
    await submit();
    await submit();
    const input = await workingInput();
    await json(h.call('PUT', `${Q}/${pour.id}`, { cookie: second, body: { ...input, title: 'Pour Inspection' } }));
    const secondPublish = await json<FormDefinition>(
      h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: second }),
    );
    const versions = await json<Record<string, unknown>[]>(
      h.call('GET', `${Q}/${pour.id}/versions`, { cookie: admin }),
    );
    const v = pour.version;
    expect(versions.map((x) => [x.version, x.title, x.publishedBy, x.entries])).toEqual([
      [v + 2, 'Pour Inspection', 'Ciara Brennan', 0],
      [v + 1, pour.title, 'Niamh Gallagher', 2],
      [v, pour.title, pour.modifiedBy ?? null, 1],
    ]);
    expect(versions[0].publishedAt).toBe(secondPublish.publishedAt);
    expect(versions[1].publishedAt).toBe(firstPublish.publishedAt);
    expect(versions[0]).toMatchObject({ pages: pour.pages.length, publishedById: 9001 });
    // What each row compares with: the version before it and the newest.
    expect(versions.map((x) => [x.previousVersion, x.latestVersion, x.isLatest])).toEqual([
      [v + 1, v + 2, true],
      [v, v + 2, false],
      [null, v + 2, false],
    ]);
    expect(versions[0].questions).toBe(pour.pages.reduce((sum, p) => sum + p.questions.length, 0));
  });

  it('gives a project the version an entry was filled in (?version=N), the latest without it', async () => {
    const v = pour.version;
    const input = await workingInput();
    const [first, ...others] = input.pages[0].questions;
    await json(
      h.call('PUT', `${Q}/${pour.id}`, {
        cookie: admin,
        body: { ...input, pages: [{ ...input.pages[0], questions: others }, ...input.pages.slice(1)] },
      }),
    );
    await json(h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }));
    const project = `${F}/1/quality-assurance/${pour.id}`;
    const ids = (def: FormDefinition) => def.pages[0].questions.map((q) => q.id);
    const latest = await json<FormDefinition>(h.call('GET', project, { cookie: user }));
    expect(latest.version).toBe(v + 1);
    expect(ids(latest)).not.toContain(first.id);
    const earlier = await json<FormDefinition>(h.call('GET', `${project}?version=${v}`, { cookie: user }));
    expect(earlier.version).toBe(v);
    expect(ids(earlier)[0]).toBe(first.id);
    expect((await json<FormDefinition>(h.call('GET', `${project}?version=${v + 1}`, { cookie: user }))).version).toBe(
      v + 1,
    );
    await json(h.call('GET', `${project}?version=${v + 5}`, { cookie: user }), 404);
    await json(h.call('GET', `${project}?version=first`, { cookie: user }), 400);
    // Another client's project, whatever the version.
    await json(h.call('GET', `${F}/9999/quality-assurance/${pour.id}?version=${v}`, { cookie: user }), 404);
  });

  it('answers the question-level difference between any two published versions', async () => {
    const v = pour.version;
    const input = await workingInput();
    const [first, ...rest] = input.pages;
    const [gone, ...kept] = first.questions;
    const pages = [{ ...first, questions: [...kept, { ...kept[0], id: 9999, label: 'Added' }] }, ...rest];
    await json(h.call('PUT', `${Q}/${pour.id}`, { cookie: admin, body: { ...input, pages } }));
    await json(h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }));
    const forward = await json<{ from: number; to: number; diff: VersionDiff }>(
      h.call('GET', `${Q}/${pour.id}/diff/${v}/${v + 1}`, { cookie: admin }),
    );
    expect(forward.from).toBe(v);
    expect(forward.diff.removed.map((q) => q.id)).toEqual([gone.id]);
    expect(forward.diff.added.map((q) => q.id)).toEqual([9999]);
    const back = await json<{ diff: VersionDiff }>(
      h.call('GET', `${Q}/${pour.id}/diff/${v + 1}/${v}`, { cookie: admin }),
    );
    expect(back.diff.added.map((q) => q.id)).toEqual([gone.id]);
    expect((await h.call('GET', `${Q}/${pour.id}/diff/${v}/${v + 5}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('GET', `${Q}/${pour.id}/diff/${v}/${v + 1}`, { cookie: viewer })).status).toBe(403);
  });
});

describe('the design check gate', () => {
  it('refuses to publish a working copy with design errors, with their messages, and changes nothing', async () => {
    const input = await workingInput();
    const questions = input.pages[0].questions as QuestionProperties[];
    const choice = questions.find((q) => (q.options?.length ?? 0) > 1) as QuestionProperties;
    const options = choice.options ?? [];
    const broken = [
      {
        ...input.pages[0],
        questions: questions.map((q) =>
          q.id === choice.id ? { ...q, options: [...options, { ...options[0], id: 9001 }] } : q,
        ),
      },
      ...input.pages.slice(1),
    ] as FormDefinitionInput['pages'];
    await json(h.call('PUT', `${Q}/${pour.id}`, { cookie: admin, body: { ...input, pages: broken } }));
    const before = await json<FormDefinition>(h.call('GET', `${Q}/${pour.id}`, { cookie: admin }));

    const refused = await json<{ messageId: string; message: string; details: Array<Record<string, string>> }>(
      h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }),
      400,
    );
    const text = `'${choice.label}' offers the value '${options[0].value}' more than once.`;
    expect(refused).toEqual({
      messageId: 'designCheck.duplicateOptionValue',
      message: text,
      details: [
        {
          path: `/pages/0/questions/${questions.indexOf(choice)}`,
          messageId: 'designCheck.duplicateOptionValue',
          message: text,
        },
      ],
    });
    expect(await h.store.collection('formVersions').countDocuments({ clientId: 1, formId: pour.id })).toBe(1);
    expect(await json<FormDefinition>(h.call('GET', `${Q}/${pour.id}`, { cookie: admin }))).toEqual(before);
  });

  it('publishes a working copy with warnings only', async () => {
    const input = await workingInput();
    const pages = input.pages.map((page) => ({
      ...page,
      questions: (page.questions as QuestionProperties[]).map((q) => ({ ...q, notify: false, emailText: false })),
    })) as FormDefinitionInput['pages'];
    (pages[0].questions[0] as QuestionProperties).emailText = true;
    await json(h.call('PUT', `${Q}/${pour.id}`, { cookie: admin, body: { ...input, pages } }));
    const published = await json<FormDefinition>(
      h.call('PUT', `${F}/publish/quality-assurance/${pour.id}`, { cookie: admin }),
    );
    expect(published.version).toBe(pour.version + 1);
  });
});
