/**
 * The question library's calls (issue 21 part 10; docs/api.md "Question library"): an area administrator saves
 * questions under a name and lists the client's library; the source is remembered; only the area's administrators
 * may save or delete; another client's library is not there; bad bodies are refused with a message and change
 * nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Question, QuestionLibraryItem } from '../engine/types/generated';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;
const L = '/api/settings/question-library';

const questions: Question[] = [
  { id: 1, label: 'Area', type: 'Text' } as Question,
  {
    id: 2,
    label: 'Hot works?',
    type: 'Dropdown',
    options: [
      { id: 1, value: 'Yes' },
      { id: 2, value: 'No' },
    ],
  } as Question,
];
const body = {
  name: 'Hot works block',
  questions,
  source: { formId: 5, formArea: 'health-and-safety', questionIds: [1, 2] },
};

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
});

const json = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
  const answer = await res;
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as T;
};

const list = async (cookie: string, area = 'health-and-safety') =>
  json<QuestionLibraryItem[]>(h.call('GET', `${L}/${area}`, { cookie }));

describe('question library', () => {
  it('saves questions under a name with their source, lists the whole library by name, and deletes', async () => {
    const saved = await json<QuestionLibraryItem>(h.call('POST', `${L}/health-and-safety`, { cookie: admin, body }));
    expect(saved).toMatchObject({
      id: expect.any(Number),
      clientId: 1,
      formArea: 'health-and-safety',
      name: 'Hot works block',
      questions,
      source: body.source,
      createdBy: expect.any(String),
    });
    await json(
      h.call('POST', `${L}/quality-assurance`, {
        cookie: admin,
        body: { ...body, name: 'Access checks', source: { ...body.source, formArea: 'quality-assurance' } },
      }),
    );
    // One library per client: every area's saved blocks, by name.
    expect((await list(admin, 'quality-assurance')).map((i) => i.name)).toEqual(['Access checks', 'Hot works block']);
    // A delete names the area that saved it.
    expect((await h.call('DELETE', `${L}/quality-assurance/${saved.id}`, { cookie: admin })).status).toBe(404);
    await json(h.call('DELETE', `${L}/health-and-safety/${saved.id}`, { cookie: admin }));
    expect((await list(admin)).map((i) => i.name)).toEqual(['Access checks']);
    expect((await h.call('DELETE', `${L}/health-and-safety/${saved.id}`, { cookie: admin })).status).toBe(404);
  });

  it("is the area administrators': the H&S administrator saves in H&S only; a project user may not read it", async () => {
    const hs = await h.login('hs@demo.local');
    await json(h.call('POST', `${L}/health-and-safety`, { cookie: hs, body }));
    expect((await list(hs)).map((i) => i.name)).toEqual(['Hot works block']);
    expect((await h.call('POST', `${L}/quality-assurance`, { cookie: hs, body })).status).toBe(403);
    expect((await h.call('GET', `${L}/quality-assurance`, { cookie: hs })).status).toBe(403);
    const user = await h.login('user@demo.local');
    expect((await h.call('GET', `${L}/health-and-safety`, { cookie: user })).status).toBe(403);
    expect((await h.call('POST', `${L}/health-and-safety`, { cookie: user, body })).status).toBe(403);
    expect((await h.call('GET', `${L}/health-and-safety`)).status).toBe(401);
  });

  it("keeps each client's library to itself", async () => {
    const saved = await json<QuestionLibraryItem>(h.call('POST', `${L}/health-and-safety`, { cookie: admin, body }));
    expect((await h.call('POST', '/api/authorization/setClient/2', { cookie: admin })).status).toBe(200);
    expect(await list(admin)).toEqual([]);
    expect((await h.call('DELETE', `${L}/health-and-safety/${saved.id}`, { cookie: admin })).status).toBe(404);
    expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
    expect((await list(admin)).map((i) => i.id)).toEqual([saved.id]);
  });

  it('refuses a missing or long name, no questions, more than 200, an invalid question, and writes nothing', async () => {
    const refused = async (bad: unknown) => {
      const res = await h.call('POST', `${L}/health-and-safety`, { cookie: admin, body: bad });
      expect(res.status, await res.clone().text()).toBe(400);
      const answer = (await res.json()) as { message: string; details?: { message: string }[] };
      expect(answer.message).not.toBe('');
      return answer;
    };
    await refused({ ...body, name: '' });
    await refused({ ...body, name: '   ' });
    const long = await refused({ ...body, name: 'x'.repeat(101) });
    expect(JSON.stringify(long)).toMatch(/100/);
    expect((await refused({ ...body, questions: [] })).details).toEqual([
      expect.objectContaining({
        messageId: 'questionLibrary.nothingSelected',
        message: 'Select the questions to save first.',
      }),
    ]);
    const many = Array.from({ length: 201 }, (_, i) => ({ id: i + 1, label: `Q${i + 1}`, type: 'Text' }));
    const tooMany = await refused({ ...body, questions: many });
    expect(tooMany.details).toEqual([
      expect.objectContaining({ path: '/questions', message: 'A library item can hold at most 200 questions.' }),
    ]);
    await refused({ ...body, questions: [{ id: 1, label: 'Area', type: 'NoSuchType' }] });
    await refused({ ...body, source: { formId: 5 } });
    // 200 is accepted.
    await json(
      h.call('POST', `${L}/health-and-safety`, { cookie: admin, body: { ...body, questions: many.slice(0, 200) } }),
    );
    expect((await list(admin)).map((i) => i.questions.length)).toEqual([200]);
  });
});
