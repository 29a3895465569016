/**
 * A form definition's working copy under bad input (issue 21 "Bad input"): two administrators saving one draft
 * (the second save is refused, naming who saved it and when, and the stored copy is kept), and the size limits
 * of engine/forms/limits.ts on create, update and publish (2,000 questions and 200 pages accepted, one more
 * refused with a message naming the limit). The definitions are built in code.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGES, MAX_QUESTIONS } from '../engine/forms/limits';
import { message } from '../engine/messages/catalogue';
import type { FormDefinition, FormDefinitionInput } from '../engine/types/generated';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;
let hs: string;
const F = '/api/settings/forms';
const H = `${F}/health-and-safety`;

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
  // A second administrator of client 1: the demo's, under another name and address.
  const users = h.store.collection<Record<string, unknown>>('users');
  const { _id, ...demoAdmin } = (await users.findOne({ email: 'admin@demo.local' })) as Record<string, unknown>;
  await users.insertOne({ ...demoAdmin, id: 9001, email: 'second@demo.local', fullName: 'Ciara Brennan' });
  hs = await h.login('second@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: hs })).status).toBe(200);
});

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

/** The body a client sends back: the loaded copy without the fields the server sets (but `modified`). */
function inputOf(def: FormDefinition): FormDefinitionInput {
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

/** A definition of `questions` Text questions spread over `pages` pages (ids 1..n), as a body. */
function sized(pages: number, questions: number): FormDefinitionInput {
  let next = 1;
  return {
    title: `Large ${pages}/${questions}`,
    pages: Array.from({ length: pages }, (_, p) => {
      const count = Math.floor(questions / pages) + (p < questions % pages ? 1 : 0);
      return {
        id: p + 1,
        label: `Page ${p + 1}`,
        questions: Array.from({ length: count }, () => {
          const id = next++;
          return { id, label: `Q${id}`, type: 'Text' as const, extendedType: 'Normal' as const };
        }),
      };
    }),
  };
}

describe('the working copy is not overwritten by a save made on an older copy', () => {
  it('refuses the second of two saves made on one loaded copy, naming who saved it and when; the copy stays', async () => {
    const loaded = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }));
    const alsoLoaded = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: hs }));
    const first = await json<FormDefinition>(
      h.call('PUT', `${H}/5`, { cookie: hs, body: { ...inputOf(alsoLoaded), title: 'Site Safety Walk' } }),
    );
    expect(first.modifiedBy).toBe('Ciara Brennan');
    expect(first.modified).not.toBe(loaded.modified);

    const refused = await h.call('PUT', `${H}/5`, {
      cookie: admin,
      body: { ...inputOf(loaded), title: 'Site Safety Audit' },
    });
    expect(refused.status).toBe(409);
    const time = `${first.modified?.slice(0, 16).replace('T', ' ')} UTC`;
    const body = (await refused.json()) as { messageId: string; message: string };
    expect(body.messageId).toBe('forms.changedByOther');
    expect(body.message).toBe(message('forms.changedByOther', { name: 'Ciara Brennan', time }));
    expect(body.message).toContain('Ciara Brennan');

    const stored = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }));
    expect(stored.title).toBe('Site Safety Walk');
    expect(stored.modified).toBe(first.modified);

    // Reloaded, the administrator's save is taken, and the next one chains on its answer's `modified`.
    const second = await json<FormDefinition>(
      h.call('PUT', `${H}/5`, { cookie: admin, body: { ...inputOf(stored), title: 'Site Safety Audit' } }),
    );
    expect(second.title).toBe('Site Safety Audit');
    const third = await json<FormDefinition>(
      h.call('PUT', `${H}/5`, { cookie: admin, body: { ...inputOf(second), description: 'Weekly' } }),
    );
    expect(Date.parse(third.modified as string)).toBeGreaterThan(Date.parse(second.modified as string));
  });

  it('refuses a save on a copy loaded before a publish; a save without `modified` is taken as before', async () => {
    const loaded = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }));
    await json(h.call('PUT', `${F}/publish/health-and-safety/5`, { cookie: hs }));
    const stale = await h.call('PUT', `${H}/5`, { cookie: admin, body: inputOf(loaded) });
    expect(stale.status).toBe(409);
    const { modified, ...unguarded } = inputOf(loaded);
    const taken = await json<FormDefinition>(
      h.call('PUT', `${H}/5`, { cookie: admin, body: { ...unguarded, title: 'Unguarded' } }),
    );
    expect(taken.title).toBe('Unguarded');
    expect(taken.status).toBe('Draft');
  });

  it('takes one of two saves sent at once on the same loaded copy and refuses the other', async () => {
    const loaded = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }));
    const answers = await Promise.all(
      [admin, hs].map((cookie, i) =>
        h.call('PUT', `${H}/5`, { cookie, body: { ...inputOf(loaded), title: `Title ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = (await answers.find((a) => a.status === 200)?.json()) as FormDefinition;
    expect((await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }))).title).toBe(winner.title);
  });

  it('makes each save of a copy record a later `modified`, even within one millisecond', async () => {
    const loaded = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }));
    const { modified, ...body } = inputOf(loaded);
    const saves: string[] = [loaded.modified as string];
    for (let i = 0; i < 5; i++)
      saves.push((await json<FormDefinition>(h.call('PUT', `${H}/5`, { cookie: admin, body }))).modified as string);
    for (let i = 1; i < saves.length; i++) expect(Date.parse(saves[i])).toBeGreaterThan(Date.parse(saves[i - 1]));
  });

  it('takes `modified` on create and ignores it', async () => {
    const created = await json<FormDefinition>(
      h.call('POST', H, { cookie: admin, body: { ...sized(1, 1), modified: '2001-01-01T00:00:00.000Z' } }),
      201,
    );
    expect(created.modified).not.toBe('2001-01-01T00:00:00.000Z');
  });
});

describe('size limits of a form definition', () => {
  it(`accepts ${MAX_QUESTIONS} questions on ${MAX_PAGES} pages at create, update and publish`, async () => {
    expect([MAX_QUESTIONS, MAX_PAGES]).toEqual([2000, 200]);
    const created = await json<FormDefinition>(
      h.call('POST', H, { cookie: admin, body: sized(MAX_PAGES, MAX_QUESTIONS) }),
      201,
    );
    expect(created.pages).toHaveLength(200);
    await json(h.call('PUT', `${H}/${created.id}`, { cookie: admin, body: sized(1, MAX_QUESTIONS) }));
    const published = await json<FormDefinition>(
      h.call('PUT', `${F}/publish/health-and-safety/${created.id}`, { cookie: admin }),
    );
    expect(published.pages[0].questions).toHaveLength(2000);
  });

  it('refuses one question or one page more, at create and update, naming the limit; nothing changes', async () => {
    const refused = async (res: Promise<Response>, messageId: string, limit: string, count: string) => {
      const answer = await res;
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { messageId: string; message: string };
      expect(body.messageId).toBe(messageId);
      expect(body.message).toBe(message(messageId as 'forms.tooManyPages', { limit, count }));
      expect(body.message).toContain(limit);
    };
    const before = await h.store.collection('formDefinitions').countDocuments({});
    await refused(
      h.call('POST', H, { cookie: admin, body: sized(1, 2001) }),
      'forms.tooManyQuestions',
      '2,000',
      '2,001',
    );
    await refused(h.call('POST', H, { cookie: admin, body: sized(201, 201) }), 'forms.tooManyPages', '200', '201');
    expect(await h.store.collection('formDefinitions').countDocuments({})).toBe(before);

    const stored = await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }));
    await refused(
      h.call('PUT', `${H}/5`, { cookie: admin, body: sized(10, 2001) }),
      'forms.tooManyQuestions',
      '2,000',
      '2,001',
    );
    await refused(
      h.call('PUT', `${H}/5`, { cookie: admin, body: sized(201, 1000) }),
      'forms.tooManyPages',
      '200',
      '201',
    );
    expect(await json<FormDefinition>(h.call('GET', `${H}/5`, { cookie: admin }))).toEqual(stored);
  });

  it('does not publish a working copy over the limits stored behind the API', async () => {
    const { pages } = sized(1, 2001);
    await h.store.collection('formDefinitions').updateOne({ clientId: 1, id: 5 }, { $set: { pages } });
    const answer = await h.call('PUT', `${F}/publish/health-and-safety/5`, { cookie: admin });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { messageId: string }).messageId).toBe('forms.tooManyQuestions');
    expect(await h.store.collection('formVersions').countDocuments({ clientId: 1, formId: 5 })).toBe(1);
  });
});
