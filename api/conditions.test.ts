/**
 * Conditions at the API (issue 21 §4; engine/forms/conditions.ts): a form definition's conditions are checked on
 * create and update (a malformed one refused with a 400 naming its question, one reading a question not in the
 * form refused), and a submission skips the required questions a condition group hides and drops their answers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { FormDefinition, FormEntry } from '../engine/types/generated';
import { demoSeed } from '../fixtures/seed';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let admin: string;
const F = '/api/settings/forms/quality-assurance';
const project = demoSeed.projects.find((p) => p.clientId === 1)!;

beforeEach(async () => {
  h = await makeHarness();
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
});

/** A one-page check: a Number, a MultiSelect, and a required Text shown while either says there is a risk. */
function input(title: string, visibleWhen: unknown): Record<string, unknown> {
  return {
    title,
    category: 'inspections',
    pages: [
      {
        id: 1,
        label: 'Checks',
        questions: [
          { id: 1, label: 'Height (m)', type: 'Text', extendedType: 'Number' },
          {
            id: 2,
            label: 'Hazards',
            type: 'MultiSelect',
            options: [
              { id: 1, value: 'Sparks' },
              { id: 2, value: 'Fumes' },
            ],
          },
          { id: 3, label: 'Rescue plan', type: 'Text', extendedType: 'Normal', required: true, visibleWhen },
        ],
      },
    ],
  };
}

const risky = {
  any: [
    { questionId: 1, atLeast: 2 },
    { questionId: 2, contains: 'Fumes' },
  ],
};

describe('conditions of a form definition', () => {
  it('refuses a malformed condition with a 400 naming the question, on create and on update', async () => {
    const malformed = [
      { any: [{ questionId: 1, atLeast: 'two' }] },
      { questionId: 1, equals: 'a', notEquals: 'b' },
      { all: [] },
      { some: [{ questionId: 1 }] },
      { any: [{ questionId: 1, greaterThan: 2 }], none: [{ questionId: 2 }] },
      { questionId: 1, contains: '' },
      // Groups nest three deep at most.
      { all: [{ any: [{ none: [{ all: [{ questionId: 1 }] }] }] }] },
    ];
    for (const visibleWhen of malformed) {
      const refused = await h.call('POST', F, { cookie: admin, body: input('Bad', visibleWhen) });
      expect(refused.status, JSON.stringify(visibleWhen)).toBe(400);
      const body = (await refused.json()) as { message: string; details: { path: string; messageId: string }[] };
      expect(body.message).toContain("The condition of 'Rescue plan' is not valid");
      // One detail for the condition, not one per branch it failed.
      expect(body.details).toEqual([
        expect.objectContaining({ path: '/pages/0/questions/2/visibleWhen', messageId: 'forms.conditionMalformed' }),
      ]);
    }
    expect(await h.store.collection('formDefinitions').countDocuments({ title: 'Bad' })).toBe(0);
    // A page's condition is named by its page.
    const page = input('Bad', undefined) as { pages: Array<Record<string, unknown>> };
    page.pages.push({
      id: 2,
      label: 'Rescue',
      visibleWhen: { none: [{ questionId: 3, lessThan: true }] },
      questions: [],
    });
    const refusedPage = await h.call('POST', F, { cookie: admin, body: page });
    expect(refusedPage.status).toBe(400);
    expect(((await refusedPage.json()) as { message: string }).message).toContain(
      "The condition of 'Rescue' is not valid",
    );

    const deep = { all: [{ any: [{ none: [{ questionId: 1, greaterThan: 9 }] }] }] };
    expect((await h.call('POST', F, { cookie: admin, body: input('Deep', deep) })).status).toBe(201);
    const created = await h.call('POST', F, { cookie: admin, body: input('Good', risky) });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const update = await h.call('PUT', `${F}/${id}`, {
      cookie: admin,
      body: input('Good', { all: [{ questionId: 1, lessThan: '2026-13' }] }),
    });
    expect(update.status).toBe(400);
    expect(((await update.json()) as { message: string }).message).toContain("The condition of 'Rescue plan'");
    const saved = (await h.store
      .collection('formDefinitions')
      .findOne({ id, clientId: 1 })) as unknown as FormDefinition;
    expect(saved.pages[0].questions[2].visibleWhen).toEqual(risky);
  });

  it('refuses a condition on a question that is not in the form', async () => {
    const refused = await h.call('POST', F, {
      cookie: admin,
      body: input('Ghost', {
        any: [
          { questionId: 1, atLeast: 2 },
          { questionId: 42, answered: true },
        ],
      }),
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { messageId: string; details: { messageId: string; message: string }[] };
    expect(body.messageId).toBe('forms.invalidDefinition');
    expect(body.details).toEqual([
      expect.objectContaining({ messageId: 'forms.conditionInvalid', message: expect.stringContaining('question 42') }),
    ]);
  });

  it('skips a required question an `any` group hides at submit, and requires it while shown', async () => {
    const created = await h.call('POST', F, { cookie: admin, body: input('Work at height', risky) });
    const { id } = (await created.json()) as { id: number };
    expect((await h.call('PUT', `/api/settings/forms/publish/quality-assurance/${id}`, { cookie: admin })).status).toBe(
      200,
    );
    const user = await h.login('user@demo.local');
    const submit = (answers: Array<{ questionId: number; answers: unknown[] }>) =>
      h.call('PUT', `/api/projects/${project.id}/forms/quality-assurance/submit`, {
        cookie: user,
        body: { formId: id, answers: answers.map((a) => ({ formId: id, ...a })) },
      });

    // Low and no fumes: the rescue plan is hidden, so not required, and an answer sent for it is not kept.
    const hidden = await submit([
      { questionId: 1, answers: [1.5] },
      { questionId: 2, answers: ['Sparks'] },
      { questionId: 3, answers: ['left over'] },
    ]);
    expect(hidden.status, await hidden.clone().text()).toBe(200);
    const entry = (await hidden.json()) as FormEntry;
    const stored = await h.store.collection('formEntries').findOne({ entryNumber: entry.entryNumber, formId: id });
    expect(((stored as unknown as FormEntry).answers ?? []).map((a) => a.questionId).sort()).toEqual([1, 2]);

    // Fumes: the rescue plan shows and is required.
    const shown = await submit([{ questionId: 2, answers: ['Fumes'] }]);
    expect(shown.status).toBe(400);
    expect(JSON.stringify(await shown.json())).toContain('Rescue plan');
    const answered = await submit([
      { questionId: 2, answers: ['Fumes'] },
      { questionId: 3, answers: ['Tripod and winch'] },
    ]);
    expect(answered.status, await answered.clone().text()).toBe(200);
  });
});
