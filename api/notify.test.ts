/**
 * Whom an answer may notify (form-configuration.md §3 answer fields notificationUsers, stopNotification):
 * GET /api/projects/{id}/users lists the Active users of the client with access to the project; the
 * compiled form asks for them beside 'Do not send the notification', and both are saved and read back.
 */
import { compileFormDefinition } from '../engine/forms/compile';
import { answersToFormData, formDataToAnswers } from '../engine/forms/entry-data';
import type { FormDefinition } from '../engine/types/generated';
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

  it('asks whom to notify for a question with notify, and saves notificationUsers and stopNotification', () => {
    const def = {
      id: 4,
      clientId: 1,
      formArea: 'health-and-safety',
      title: 'Incident',
      status: 'Published',
      version: 1,
      pages: [{ id: 1, label: '', questions: [{ id: 7, label: 'What happened', type: 'Text', notify: true }] }],
    } as unknown as FormDefinition;
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
