/**
 * The drawing register through the app (issue 23 item 4; administration-data.md §3 "Drawing register item", §7
 * "Drawing register", §9 AllDrawings.zip; contract.md §D; docs/documents.md "The drawing register"): every call,
 * revisions superseding in one transaction, files of the primary and secondary kinds, the lookups' rules, the
 * zip, site work view vs edit, tenant and project isolation, and bad input changing nothing.
 */
import { validateSchema } from '../engine/validation/ajv';
import { demoSeed, onePagePdf } from '../fixtures/seed';
import { type Harness, makeHarness } from './test/harness';

const BASE = '/api/projects/1/sitework/drawingregister';
let h: Harness;
let edit: string;
let view: string;
let hs: string;
let admin: string;

interface Row {
  id: number;
  name: string;
  revision: string;
  status: string;
  description: string;
  elevations: string[];
  drawingRegisterStatus: string;
  lastUpdatedByFullName: string;
  lastUpdateDate: string;
  primaryFile: { fileUrl: string; fileName: string } | null;
  secondaryFiles: Array<{ fileUrl: string; fileName: string }>;
  revisions?: Row[];
}
interface FileRef {
  fileUrl: string;
  fileName: string;
  type: string;
}

beforeAll(async () => {
  h = await makeHarness();
  edit = await h.login('user@demo.local');
  view = await h.login('view@demo.local');
  hs = await h.login('hs@demo.local');
  admin = await h.login('admin@demo.local');
  await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
});

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res;
  const body = await answer.text();
  expect(answer.status, body).toBe(status);
  return (body ? JSON.parse(body) : undefined) as T;
}

function upload(
  id: number,
  type: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
  cookie = edit,
  base = BASE,
) {
  const form = new FormData();
  for (const file of files) form.append('files', new File([new Uint8Array(file.bytes)], file.name));
  return h.app.request(`${base}/upload?id=${id}&type=${type}`, {
    method: 'PUT',
    headers: { Cookie: cookie },
    body: form,
  });
}

const save = (body: Record<string, unknown>, cookie = edit, base = BASE) =>
  h.call('POST', `${base}/save`, { cookie, body });

/** The entry names of a stored zip (its local file headers), in order. */
function zipNames(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at < bytes.length - 30; at++)
    if (bytes.readUInt32LE(at) === 0x04034b50) {
      const length = bytes.readUInt16LE(at + 26);
      names.push(bytes.subarray(at + 30, at + 30 + length).toString('utf8'));
    }
  return names;
}

describe('drawing register', () => {
  it('seeds valid demo drawings: two with two revisions, their PDFs stored', async () => {
    for (const item of demoSeed.drawingRegisterItems ?? [])
      expect(validateSchema('drawing-register-item', item).ok).toBe(true);
    for (const value of demoSeed.projectLookupValues ?? [])
      expect(validateSchema('project-lookup-value', value).ok).toBe(true);
    const rows = await json<Row[]>(h.call('GET', BASE, { cookie: view }));
    expect(rows.map((r) => [r.name, r.revision, r.status])).toEqual([
      ['A-300', 'A', 'Current'],
      ['GA-101', 'C01', 'Current'],
      ['S-200', 'P02', 'Current'],
    ]);
    const all = await json<Row[]>(h.call('GET', `${BASE}?all=true`, { cookie: view }));
    expect(all.map((r) => `${r.name} ${r.revision} ${r.status}`)).toEqual([
      'A-300 A Current',
      'GA-101 C01 Current',
      'GA-101 P01 Superseded',
      'S-200 P02 Current',
      'S-200 P01 Superseded',
    ]);
    const ga = rows[1];
    expect(ga.secondaryFiles.map((f) => f.fileName)).toEqual(['GA-101 Door schedule.pdf']);
    // The row's link fields are its primary file's (the Name column opens the drawing).
    expect(ga).toMatchObject({ fileName: 'GA-101 Rev C01.pdf', fileUrl: ga.primaryFile?.fileUrl });
    const revisions = await json<Row[]>(h.call('GET', `${BASE}?all=true&name=ga-101`, { cookie: view }));
    expect(revisions.map((r) => r.revision)).toEqual(['C01', 'P01']);
    const pdf = await h.call('GET', ga.primaryFile?.fileUrl ?? '', { cookie: view });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });

  it('registers a drawing, a new revision supersedes it in one save, and byName lists both', async () => {
    const id = await json<number>(
      save({
        name: '  M-400  Ventilation ',
        revision: 'P01',
        description: 'Ventilation layout',
        type: 'Drawing',
        source: 'M&E consultant',
        dateTimeIssued: '2026-11-20',
        elevations: ['North'],
        drawingRegisterStatus: 'Preliminary',
      }),
    );
    expect(Number.isInteger(id)).toBe(true);
    const first = await json<Row>(h.call('GET', `${BASE}/byEntryNumber/${id}`, { cookie: view }));
    expect(first).toMatchObject({
      name: 'M-400 Ventilation',
      revision: 'P01',
      status: 'Current',
      elevations: ['North'],
      lastUpdatedByFullName: 'Cian Murphy',
      primaryFile: null,
      secondaryFiles: [],
    });
    await json(upload(id, 'PrimaryFile', [{ name: 'M-400 P01.pdf', bytes: onePagePdf('M-400 P01') }]));

    const second = await json<number>(save({ name: 'm-400 ventilation', revision: 'P02', description: 'Rev 2' }));
    expect(second).toBeGreaterThan(id);
    await json(upload(second, 'PrimaryFile', [{ name: 'M-400 P02.pdf', bytes: onePagePdf('M-400 P02') }]));
    const byName = await json<Row>(
      h.call('GET', `${BASE}/byName/${encodeURIComponent('M-400 Ventilation')}`, { cookie: view }),
    );
    expect(byName).toMatchObject({ id: second, revision: 'P02', status: 'Current' });
    expect(byName.revisions?.map((r) => [r.revision, r.status])).toEqual([
      ['P02', 'Current'],
      ['P01', 'Superseded'],
    ]);
    // The register shows the current revision only; the old one's file stays downloadable.
    const rows = await json<Row[]>(h.call('GET', BASE, { cookie: view }));
    expect(rows.filter((r) => r.name === 'M-400 Ventilation').map((r) => r.revision)).toEqual(['P02']);
    const old = byName.revisions?.[1].primaryFile?.fileUrl ?? '';
    const got = await h.call('GET', old, { cookie: view });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain("inline; filename*=UTF-8''M-400%20P01.pdf");
    expect(Buffer.from(await got.arrayBuffer()).equals(Buffer.from(onePagePdf('M-400 P01')))).toBe(true);
  });

  it('refuses a revision the drawing already has (409), changing nothing', async () => {
    const before = await json<Row[]>(h.call('GET', `${BASE}?all=true`, { cookie: view }));
    const res = await save({ name: 'GA-101', revision: 'c01' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Revision C01 of drawing GA-101 is already registered.');
    expect(await json<Row[]>(h.call('GET', `${BASE}?all=true`, { cookie: view }))).toEqual(before);
  });

  it('edits an item by id; renames only a drawing of one revision onto a free name', async () => {
    const id = await json<number>(
      save({ name: 'E-500', revision: 'A', description: 'Lighting', notes: 'First issue' }),
    );
    expect(await json<number>(save({ id, name: 'E-500', revision: 'A', description: 'Lighting layout' }))).toBe(id);
    const edited = await json<Row>(h.call('GET', `${BASE}/byEntryNumber/${id}`, { cookie: view }));
    expect(edited).toMatchObject({ description: 'Lighting layout', status: 'Current' });
    expect((edited as unknown as { notes: string }).notes).toBe('');
    expect(await json<number>(save({ id, name: 'E-501', revision: 'A' }))).toBe(id);
    const taken = await save({ id, name: 'GA-101', revision: 'Z' });
    expect(taken.status).toBe(409);
    expect((await taken.json()).messageId).toBe('drawingRegister.nameTaken');
    const renamed = await save({ id: 3, name: 'GA-999', revision: 'C01' });
    expect(renamed.status).toBe(409);
    expect((await renamed.json()).messageId).toBe('drawingRegister.renameRevisions');
    // An item of another project is not found through this one.
    const other = await json<number>(
      save({ name: 'X-1', revision: 'A' }, edit, '/api/projects/2/sitework/drawingregister'),
    );
    expect((await save({ id: other, name: 'X-1', revision: 'B' })).status).toBe(404);
    expect((await h.call('GET', `${BASE}/byEntryNumber/${other}`, { cookie: edit })).status).toBe(404);
  });

  it('takes lookup values only of enabled lookups, and only Active values', async () => {
    expect(await json<Record<string, string[]>>(h.call('GET', `${BASE}/lookups`, { cookie: view }))).toEqual({
      DrawingStatus: ['For Construction', 'Preliminary'],
      Elevation: ['North', 'South'],
    });
    const disabled = await save({ name: 'L-1', revision: 'A', levels: ['Level 1'] });
    expect(disabled.status).toBe(400);
    expect((await disabled.json()).message).toBe("The project's Level lookup is not enabled, so levels cannot be set.");
    const unknown = await save({ name: 'L-1', revision: 'A', drawingRegisterStatus: 'Approved' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('Approved is not an active DrawingStatus value of the project.');
    expect((await h.call('GET', `${BASE}/byName/L-1`, { cookie: view })).status).toBe(404);
    // Enabling the lookup (a value on the project's lookup values page) makes it acceptable.
    await json(
      h.call('POST', '/api/projects/1/lookupvalues', { cookie: edit, body: [{ Name: 'Level 1', Type: 'Level' }] }),
    );
    expect(await json<number>(save({ name: 'L-1', revision: 'A', levels: ['Level 1'] }))).toBeGreaterThan(0);
  });

  it('keeps one primary file and several secondary files; lists, downloads and deletes them', async () => {
    const id = await json<number>(save({ name: 'F-600', revision: 'A' }));
    await json(upload(id, 'PrimaryFile', [{ name: 'first.pdf', bytes: onePagePdf('first') }]));
    const swapped = await json<FileRef[]>(
      upload(id, 'PrimaryFile', [{ name: 'second.pdf', bytes: onePagePdf('second') }]),
    );
    expect(swapped.map((f) => [f.fileName, f.type])).toEqual([['second.pdf', 'PrimaryFile']]);
    expect(await h.store.files.info(`1/projects/1/drawing-register/${id}/first.pdf`)).toBeNull();
    const two = await upload(id, 'PrimaryFile', [
      { name: 'a.pdf', bytes: onePagePdf('a') },
      { name: 'b.pdf', bytes: onePagePdf('b') },
    ]);
    expect(two.status).toBe(400);
    await json(
      upload(id, 'SecondaryFile', [
        { name: 'notes.txt', bytes: new TextEncoder().encode('Check the door widths') },
        { name: 'calc.pdf', bytes: onePagePdf('calc') },
      ]),
    );
    const all = await json<FileRef[]>(h.call('GET', `${BASE}/getAllFiles/${id}`, { cookie: view }));
    expect(all.map((f) => [f.fileName, f.type])).toEqual([
      ['second.pdf', 'PrimaryFile'],
      ['calc.pdf', 'SecondaryFile'],
      ['notes.txt', 'SecondaryFile'],
    ]);
    expect(all[0].fileUrl).toBe(
      `${BASE}/download?url=${encodeURIComponent(`projects/1/drawing-register/${id}/second.pdf`)}`,
    );
    expect((await json<FileRef[]>(h.call('GET', `${BASE}/primaryFiles/${id}`, { cookie: view }))).length).toBe(1);
    expect(
      (await json<FileRef[]>(h.call('GET', `${BASE}/secondaryFiles/${id}`, { cookie: view }))).map((f) => f.fileName),
    ).toEqual(['calc.pdf', 'notes.txt']);
    const txt = await h.call('GET', all[2].fileUrl, { cookie: view });
    expect(txt.headers.get('content-disposition')).toMatch(/^attachment/);
    // A name the item has as a primary file cannot also be a secondary one.
    expect((await upload(id, 'SecondaryFile', [{ name: 'second.pdf', bytes: onePagePdf('x') }])).status).toBe(409);
    // Delete by fileUrl or by path.
    expect(
      (await h.call('DELETE', `${BASE}/file/delete`, { cookie: edit, body: { url: all[2].fileUrl } })).status,
    ).toBe(204);
    const path = `projects/1/drawing-register/${id}/calc.pdf`;
    expect((await h.call('DELETE', `${BASE}/file/delete`, { cookie: edit, body: { url: path } })).status).toBe(204);
    expect((await h.call('DELETE', `${BASE}/file/delete`, { cookie: edit, body: { url: path } })).status).toBe(404);
    expect(await h.store.files.info(`1/${path}`)).toBeNull();
    expect((await json<FileRef[]>(h.call('GET', `${BASE}/secondaryFiles/${id}`, { cookie: view }))).length).toBe(0);
  });

  it('streams AllDrawings.zip: the current revisions only, one folder per drawing', async () => {
    const res = await h.call('GET', `${BASE}/allDrawings`, { cookie: view });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="AllDrawings.zip"');
    const names = zipNames(Buffer.from(await res.arrayBuffer()));
    expect(names).toContain('GA-101 rev C01/GA-101 Rev C01.pdf');
    expect(names).toContain('GA-101 rev C01/GA-101 Door schedule.pdf');
    expect(names).toContain('S-200 rev P02/S-200 Rev P02.pdf');
    expect(names.some((n) => n.includes('P01'))).toBe(false);
  });

  it('answers aggregateId with a new UUID each time', async () => {
    const a = await (await h.call('GET', `${BASE}/aggregateId`, { cookie: view })).text();
    const b = await (await h.call('GET', `${BASE}/aggregateId`, { cookie: view })).text();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it('lets a view user read but not write, and a user without site work access nothing', async () => {
    expect((await save({ name: 'V-1', revision: 'A' }, view)).status).toBe(403);
    expect((await upload(3, 'SecondaryFile', [{ name: 'v.pdf', bytes: onePagePdf('v') }], view)).status).toBe(403);
    const url = `projects/1/drawing-register/3/GA-101 Door schedule.pdf`;
    expect((await h.call('DELETE', `${BASE}/file/delete`, { cookie: view, body: { url } })).status).toBe(403);
    expect(await h.store.files.info(`1/${url}`)).not.toBeNull();
    for (const path of ['', '/byEntryNumber/3', '/getAllFiles/3', '/allDrawings', '/lookups'])
      expect((await h.call('GET', `${BASE}${path}`, { cookie: hs })).status, path).toBe(403);
    // view@ has no access to project 2 at all.
    expect((await h.call('GET', '/api/projects/2/sitework/drawingregister', { cookie: view })).status).toBe(403);
    // Site work needs one of its codes (1-13): a project access holding only the Vault's code 14 is refused.
    await h.store
      .collection('users')
      .updateOne({ email: 'view@demo.local' }, { $set: { 'accesses.0.projects.0.accessCodes': [14] } });
    const vaultOnly = await h.login('view@demo.local');
    expect((await h.call('GET', BASE, { cookie: vaultOnly })).status).toBe(403);
    await h.store
      .collection('users')
      .updateOne(
        { email: 'view@demo.local' },
        { $set: { 'accesses.0.projects.0.accessCodes': [1, 2, 3, 14, 23, 24, 25, 26, 27, 29] } },
      );
  });

  it("never reaches another client's project or files", async () => {
    const other = demoSeed.projects.find((p) => p.clientId === 2)?.id ?? 0;
    const otherBase = `/api/projects/${other}/sitework/drawingregister`;
    expect((await h.call('GET', otherBase, { cookie: admin })).status).toBe(404);
    expect((await save({ name: 'Z', revision: 'A' }, admin, otherBase)).status).toBe(404);
    // A path of another project inside this project's call is refused, not followed.
    for (const url of [
      'projects/2/drawing-register/1/x.pdf',
      'projects/1/drawing-register/3/../../../2/documents/x.pdf',
      '/api/files/download?file=projects/1/documents/x.pdf',
      '/etc/passwd',
    ]) {
      const res = await h.call('GET', `${BASE}/download?url=${encodeURIComponent(url)}`, { cookie: view });
      expect(res.status, url).toBe(400);
    }
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const before = await json<Row[]>(h.call('GET', `${BASE}?all=true`, { cookie: view }));
    const bad: Array<[Record<string, unknown>, number]> = [
      [{ revision: 'A' }, 400],
      [{ name: 'A/B', revision: 'A' }, 400],
      [{ name: ' ', revision: 'A' }, 400],
      [{ name: 'N', revision: '' }, 400],
      [{ name: 'N', revision: 'A', dateTimeIssued: '02/11/2026' }, 400],
      [{ name: 'N', revision: 'A', status: 'Superseded' }, 400],
      [{ name: 'N', revision: 'A', projectId: 2 }, 400],
      [{ name: 'x'.repeat(151), revision: 'A' }, 400],
      [{ id: 999999, name: 'N', revision: 'A' }, 404],
    ];
    for (const [body, status] of bad) expect((await save(body)).status, JSON.stringify(body)).toBe(status);
    expect((await upload(3, 'Drawing', [{ name: 'a.pdf', bytes: onePagePdf('a') }])).status).toBe(400);
    expect((await upload(3, 'SecondaryFile', [])).status).toBe(400);
    expect((await upload(3, 'SecondaryFile', [{ name: '../x.pdf', bytes: onePagePdf('a') }])).status).toBe(400);
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    expect((await upload(3, 'SecondaryFile', [{ name: 'tool.pdf', bytes: exe }])).status).toBe(415);
    expect(
      (await h.app.request(`${BASE}/upload?id=abc&type=PrimaryFile`, { method: 'PUT', headers: { Cookie: edit } }))
        .status,
    ).toBe(400);
    expect(await json<Row[]>(h.call('GET', `${BASE}?all=true`, { cookie: view }))).toEqual(before);
  });
});
