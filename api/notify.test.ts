/**
 * Whom an answer may notify (form-configuration.md §3 answer fields notificationUsers, stopNotification):
 * GET /api/projects/{id}/users lists the Active users of the client with access to the project; the
 * compiled form asks for them beside 'Do not send the notification', and both are saved and read back.
 */
import { compileFormDefinition } from '../engine/forms/compile';
import { answersToFormData, formDataToAnswers } from '../engine/forms/entry-data';
import { testDefinition } from '../engine/test/definitions';
import { makeHarness } from './test/harness';

describe('notification users', () => {
  it('lists the Active users with access to the project, by name; 404 for another client’s project', async () => {
    const h = await makeHarness();
    const cookie = await h.login('user@demo.local');
    const res = await h.call('GET', '/api/projects/1/users', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: 4, fullName: 'Aoife Byrne' },
      { id: 2, fullName: 'Cian Murphy' },
      { id: 1, fullName: 'Niamh Gallagher' },
    ]);
    const other = await h.call('GET', '/api/projects/9999/users', { cookie });
    expect(other.status).toBe(404);
    const hs = await h.login('hs@demo.local');
    expect((await h.call('GET', '/api/projects/1/users', { cookie: hs })).status).toBe(403);
  });

  it('saves the project’s users to notify and refuses anyone else (400, nothing saved)', async () => {
    const h = await makeHarness();
    const cookie = await h.login('user@demo.local');
    const answers = (notify: number[]) => ({
      formId: 5,
      answers: [
        { questionId: 1, answers: ['Seán Doyle'] },
        { questionId: 2, answers: ['2026-11-20'] },
        { questionId: 6, answers: ['No'] },
        { questionId: 10, answers: ['<p>All clear</p>'], notificationUsers: notify, stopNotification: false },
      ],
    });
    const url = '/api/projects/1/forms/health-and-safety/submit';
    const refused = await h.call('PUT', url, { cookie, body: answers([4, 5]) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('User 5 cannot be notified on this project.');
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(0);
    const saved = await h.call('PUT', url, { cookie, body: answers([4, 2]) });
    expect(saved.status).toBe(200);
    const entry = await h.store
      .collection<{ answers: Array<{ questionId: number }> }>('formEntries')
      .findOne({ formId: 5 });
    expect(entry?.answers.find((a) => a.questionId === 10)).toMatchObject({
      notificationUsers: [4, 2],
      stopNotification: false,
      isEmailText: true,
    });
  });

  it('asks whom to notify for a question with notify, and saves notificationUsers and stopNotification', () => {
    const def = testDefinition({ id: 4, title: 'Incident' }, [
      { id: 1, label: '', questions: [{ id: 7, label: 'What happened', type: 'Text', notify: true }] },
    ]);
    const compiled = compileFormDefinition(def);
    expect(compiled.pages[0].keys).toEqual(['q_7', 'q_7_user', 'q_7_stopnoti']);
    expect(compiled.uiSchema.q_7_user).toEqual({ 'ui:widget': 'notify-users' });
    const answers = formDataToAnswers(def, { q_7: 'Slip', q_7_user: [2, 4], q_7_stopnoti: true });
    expect(answers).toEqual([
      { formId: 4, questionId: 7, answers: ['Slip'], stopNotification: true, notificationUsers: [2, 4] },
    ]);
    expect(answersToFormData(def, answers)).toEqual({ q_7: 'Slip', q_7_user: [2, 4], q_7_stopnoti: true });
  });
});
