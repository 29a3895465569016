/**
 * A document picker's answer (dms-buttons; issue 23 item 5) is checked by the server: only files of the entry's own
 * project that exist are saved, a DMS file at a version it still has (`?versionId=`), a drawing register file of
 * an item of the project at that item's revision; a forged value (another folder, another project, a file or version that is not there) is refused
 * with 400 and nothing is saved. A bare path, as answers saved before issue 23 hold, is still taken.
 */
import { parsePickedDocument } from '../engine/forms/field-types/document-picker';
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
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4 ${text}`);

describe('the document picker on the server', () => {
  it('saves files of the project at a version they have and refuses any other value', async () => {
    const h = await makeHarness();
    const files = h.store.files;
    const first = await files.put('1/projects/1/documents/Vault/GA-101.pdf', pdf('rev 1'), 'application/pdf');
    const second = await files.put('1/projects/1/documents/Vault/GA-101.pdf', pdf('rev 2'), 'application/pdf', {
      keepVersion: true,
    });
    await files.put('1/projects/2/documents/Vault/Other.pdf', pdf('other'), 'application/pdf');
    const cookie = await h.login('user@demo.local');
    for (const forged of [
      'projects/2/documents/Vault/Other.pdf',
      'projects/2/drawing-register/3/GA-101 Rev C01.pdf?revision=C01',
      'questions/20/abc/Site rules.pdf',
      'projects/1/documents/Vault/Not there.pdf',
      'projects/1/documents/Vault/GA-101.pdf?versionId=no-such-version&revision=1',
      // The demo register (fixtures/seed/drawings.ts): item 3 is GA-101 revision C01, item 1 its revision P01.
      'projects/1/drawing-register/3/Not there.pdf?revision=C01',
      'projects/1/drawing-register/3/GA-101 Rev C01.pdf?revision=P01',
      'projects/1/drawing-register/1/GA-101 Rev C01.pdf?revision=C01',
      'projects/1/drawing-register/99/GA-101 Rev C01.pdf?revision=C01',
      'projects/1/drawing-register/3/deeper/GA-101 Rev C01.pdf?revision=C01',
      `projects/1/drawing-register/3/GA-101 Rev C01.pdf?versionId=${first.versionId}&revision=C01`,
    ]) {
      const res = await h.call('PUT', url, { cookie, body: body([forged]) });
      expect(res.status, forged).toBe(400);
      expect(JSON.stringify(await res.json()), forged).toContain(`${forged} is not a document of this project.`);
    }
    // Traversal does not even pass the answer's schema.
    for (const forged of [
      'projects/1/drawing-register/3/../1/GA-101 Rev P01.pdf?revision=P01',
      'projects/1/documents/Vault/../../../2/documents/Vault/Other.pdf',
    ]) {
      const res = await h.call('PUT', url, { cookie, body: body([forged]) });
      expect(res.status, forged).toBe(400);
    }
    expect(await h.store.collection('formEntries').countDocuments({ formId: 5 })).toBe(0);

    const picked = [
      `projects/1/documents/Vault/GA-101.pdf?versionId=${first.versionId}&revision=1`,
      `projects/1/documents/Vault/GA-101.pdf?versionId=${second.versionId}&revision=2`,
      'projects/1/drawing-register/3/GA-101 Rev C01.pdf?revision=C01',
      'projects/1/drawing-register/3/GA-101 Door schedule.pdf?revision=C01',
      'projects/1/drawing-register/1/GA-101 Rev P01.pdf?revision=P01',
      'projects/1/documents/Vault/GA-101.pdf',
    ];
    const saved = await h.call('PUT', url, { cookie, body: body(picked) });
    expect(saved.status).toBe(200);
    const entry = await h.store
      .collection<{ answers: Array<{ questionId: number; answers: string[] }> }>('formEntries')
      .findOne({ formId: 5 });
    const kept = entry?.answers.find((a) => a.questionId === 20)?.answers ?? [];
    expect(kept).toEqual(picked);
    // The older revision picked stays readable after a newer one exists.
    const older = parsePickedDocument(kept[0]);
    const bytes = await files.get(`1/${older.path}`, { versionId: older.versionId });
    expect(bytes?.bytes.toString()).toBe('%PDF-1.4 rev 1');
  });
});
