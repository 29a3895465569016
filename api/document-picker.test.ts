/**
 * A document picker's answer (dms-buttons) is checked by the server: only documents of the project's own
 * document store that exist are saved; a forged path (another folder, another project, a file that is not
 * there) is refused with 400 and nothing is saved.
 */
import { makeHarness } from './test/harness';

const url = '/api/projects/1/forms/health-and-safety/submit';
const body = (documents: string[]) => ({
  formId: 5,
  answers: [
    { questionId: 1, answers: ['Seán Doyle'] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 6, answers: ['No'] },
    { questionId: 20, answers: documents },
  ],
});

describe('the document picker on the server', () => {
  it('saves documents of the project and refuses any other path', async () => {
    const h = await makeHarness();
    const cookie = await h.login('user@demo.local');
    for (const forged of [
      'projects/2/documents/Site rules.pdf',
      'questions/20/abc/Site rules.pdf',
      'projects/1/documents/Not there.pdf',
    ]) {
      const res = await h.call('PUT', url, { cookie, body: body([forged]) });
      expect(res.status, forged).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(`${forged} is not a document of this project.`);
    }
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(0);
    const saved = await h.call('PUT', url, {
      cookie,
      body: body([
        'projects/1/documents/Vault/Site rules.pdf',
        'projects/1/documents/Vault/Drawings/GA-102 Sections.pdf',
      ]),
    });
    expect(saved.status).toBe(200);
    const entry = await h.store
      .collection<{ answers: Array<{ questionId: number; answers: string[] }> }>('formEntries')
      .findOne({ formId: 5 });
    expect(entry?.answers.find((a) => a.questionId === 20)?.answers).toEqual([
      'projects/1/documents/Vault/Site rules.pdf',
      'projects/1/documents/Vault/Drawings/GA-102 Sections.pdf',
    ]);
  });
});
