/**
 * The DMS calls (administration-data.md §7 "DMS"; issue 23 items 2, 3, 6 and "Bad input and faults"; contract.md §C;
 * docs/documents.md "DMS calls"), through the app on the seeded in-memory store: every call, the duplicate rules,
 * revisions and the history, traversal refused with nothing touched, access per base folder (view vs edit, the
 * spec's permission text), tenant isolation, shared-folder links (nothing outside the folder), an upload cut off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../fixtures/seed';
import { createApp } from './app';
import { clientPasswordDigest } from './auth/passwords';
import { DMS_MAX_UPLOAD_BYTES, STAGING_MAX_AGE_MS, sweepStaging } from './dms/upload';
import { seedIfEmpty } from './seed/load';
import { openEmbeddedStore } from './store/embedded';
import { type Harness, makeHarness } from './test/harness';

let h: Harness;
let user: string;
let viewer: string;
let admin: string;

const PERMISSION =
  'You do not have permission to perform this action, please contact your administrator if you require permission.\nAny modifications you make will not be saved';
const SLASH = "Please note that the following character is not allowed in any file/folder name: '/'";
const base = (projectId = 1) => `/api/projects/${projectId}/dms`;
const text = (value: string) => new TextEncoder().encode(value);
const pdf = (label: string) => text(`%PDF-1.4\n% ${label}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);

beforeAll(async () => {
  h = await makeHarness();
  user = await h.login('user@demo.local');
  viewer = await h.login('view@demo.local');
  admin = await h.login('admin@demo.local');
  await h.call('POST', '/api/authorization/setClient/1', { cookie: admin });
});

interface Node {
  label: string;
  type: string;
  path: string;
  url: string;
  fileName: string;
  size: number;
  contentType: string;
  modifiedBy: string;
  addedBy: string;
  revisionNumber: number;
  isUrl: boolean;
}

function upload(
  folder: string,
  files: Array<{ name: string; bytes: Uint8Array }>,
  options: { onDuplicate?: string; as?: string; projectId?: number } = {},
) {
  const form = new FormData();
  if (options.onDuplicate) form.append('onDuplicate', options.onDuplicate);
  for (const file of files) form.append('files', new File([new Uint8Array(file.bytes)], file.name));
  return h.app.request(`${base(options.projectId)}?folder=${encodeURIComponent(folder)}`, {
    method: 'POST',
    headers: { Cookie: options.as ?? user },
    body: form,
  });
}

async function list(folder: string, as = user, projectId = 1): Promise<Node[]> {
  const res = await h.call('GET', `${base(projectId)}/getall/?folder=${encodeURIComponent(folder)}`, { cookie: as });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

const names = (nodes: Node[]) => nodes.map((n) => n.fileName);

async function bytesOf(path: string, versionId?: string, as = user): Promise<string> {
  const version = versionId ? `&versionId=${encodeURIComponent(versionId)}` : '';
  const res = await h.call('GET', `${base()}/download?path=${encodeURIComponent(path)}${version}`, { cookie: as });
  expect(res.status).toBe(200);
  return res.text();
}

/** Every key of the client's file store (to show a refusal touched nothing). */
async function allKeys(): Promise<string[]> {
  return (await h.store.files.list('1/', true)).map((f) => f.key);
}

describe('listing', () => {
  it('lists the base folders a user may read at the root, and a folder folders first', async () => {
    // The edit user has every code on project 1 but no quantity surveying flag.
    expect(names(await list(''))).toEqual(['Vault', 'Quality Assurance', 'Health and Safety']);
    // The view user holds Vault (14) and QA (23) codes on project 1, not H&S (15), and no QS flag.
    expect(names(await list('', viewer))).toEqual(['Vault', 'Quality Assurance']);
    const vault = await list('Vault');
    expect(vault.map((n) => [n.type, n.path])).toEqual([
      ['Folder', 'Vault/Drawings'],
      ['File', 'Vault/Site rules.pdf'],
    ]);
    const rules = vault[1];
    expect(rules).toMatchObject({
      label: 'Site rules.pdf',
      url: '/api/projects/1/dms/download?path=Vault%2FSite%20rules.pdf',
      contentType: 'application/pdf',
      revisionNumber: 1,
      isUrl: false,
    });
    expect(rules.size).toBeGreaterThan(0);
    const files = await (await h.call('GET', `${base()}/getFiles?folder=Vault/Drawings`, { cookie: user })).json();
    expect(files.map((f: { fileName: string; file: string }) => [f.fileName, f.file])).toEqual([
      ['GA-101 General arrangement.pdf', 'Vault/Drawings/GA-101 General arrangement.pdf'],
      ['GA-102 Sections.pdf', 'Vault/Drawings/GA-102 Sections.pdf'],
    ]);
    const both = await (await h.call('GET', `${base()}/getFilesAndSubFolders?folder=Vault`, { cookie: user })).json();
    expect(both.folders).toEqual([{ folderName: 'Drawings', relativeFilePath: 'Vault/Drawings' }]);
    expect(both.files.map((f: { fileName: string }) => f.fileName)).toEqual(['Site rules.pdf']);
    expect((await h.call('GET', `${base()}/getall/?folder=Vault/Nowhere`, { cookie: user })).status).toBe(404);
  });

  it('searches below a folder by name or label, and refuses a blank search with the spec text', async () => {
    const found = await (await h.call('GET', `${base()}/search/ga-10?folder=Vault`, { cookie: user })).json();
    expect(found.map((n: Node) => n.path)).toEqual([
      'Vault/Drawings/GA-101 General arrangement.pdf',
      'Vault/Drawings/GA-102 Sections.pdf',
    ]);
    const folders = await (await h.call('GET', `${base()}/search/draw?folder=`, { cookie: user })).json();
    expect(folders.map((n: Node) => [n.type, n.path])).toEqual([['Folder', 'Vault/Drawings']]);
    const blank = await h.call('GET', `${base()}/search/%20?folder=Vault`, { cookie: user });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('A value must be entered in order to search.');
  });

  it('answers a new UUID as text', async () => {
    const res = await h.call('GET', `${base()}/getAggregateId`, { cookie: user });
    expect(await res.text()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('upload', () => {
  it('stores files with sub-paths (Upload Folder), skips .ignore files, types them from their bytes', async () => {
    const res = await upload('Vault', [
      { name: 'Structural/GA/S-201.pdf', bytes: pdf('S-201') },
      { name: 'Structural/notes.txt', bytes: text('Pour at 9') },
      { name: 'Structural/skip.ignore', bytes: text('x') },
      { name: 'Structural/.DS_Store', bytes: text('x') },
      { name: 'Structural/GA/Thumbs.db', bytes: text('x') },
      {
        name: 'Structural/drawing.svg',
        bytes: text('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      },
    ]);
    expect(res.status).toBe(201);
    const nodes: Node[] = await res.json();
    expect(nodes.map((n) => [n.path, n.contentType, n.addedBy])).toEqual([
      ['Vault/Structural/GA/S-201.pdf', 'application/pdf', 'Cian Murphy'],
      ['Vault/Structural/notes.txt', 'text/plain', 'Cian Murphy'],
      ['Vault/Structural/drawing.svg', 'text/plain', 'Cian Murphy'],
    ]);
    expect(names(await list('Vault/Structural'))).toEqual(['GA', 'drawing.svg', 'notes.txt']);
    expect(await h.store.files.list('1/.dms-staging/', true)).toEqual([]);
  });

  it('never lets a file and a folder share a name', async () => {
    const before = await allKeys();
    for (const name of ['Drawings', 'Site rules.pdf/inside.txt']) {
      const res = await upload('Vault', [{ name, bytes: text('x') }], { onDuplicate: 'separate' });
      expect(res.status, name).toBe(409);
      expect((await res.json()).messageId).toBe('dms.nameClash');
    }
    expect(await allKeys()).toEqual(before);
    const made = await h.call('POST', `${base()}/createDirectory`, {
      cookie: user,
      body: { path: 'Vault/Site rules.pdf' },
    });
    expect(await made.text()).toBe('Vault/Site rules.pdf (1)');
    const onto = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Site rules.pdf', newPath: 'Vault', newFileName: 'Drawings', isCopy: true },
    });
    expect(onto.status).toBe(409);
    await h.call('DELETE', `${base()}/folder`, { cookie: user, body: { url: 'Vault/Site rules.pdf (1)' } });
  });

  it('takes the file upload field’s calls: uploads[] files, and a delete body with Url', async () => {
    const form = new FormData();
    form.append('uploads[]', new File([text('field file')], 'Field.txt'));
    const res = await h.app.request(`${base()}?folder=Vault/Field`, {
      method: 'POST',
      headers: { Cookie: user },
      body: form,
    });
    expect(res.status).toBe(201);
    const files = await (await h.call('GET', `${base()}/getFiles?folder=Vault/Field`, { cookie: user })).json();
    expect(files.map((f: { fileName: string }) => f.fileName)).toEqual(['Field.txt']);
    const deleted = await h.call('DELETE', `${base()}/file`, { cookie: user, body: { Url: files[0].url } });
    expect(deleted.status).toBe(204);
    expect((await h.call('DELETE', `${base()}/folder`, { cookie: user, body: { url: 'Vault/Field' } })).status).toBe(
      204,
    );
    expect(names(await list('Vault'))).not.toContain('Field');
  });

  it('refuses duplicates without a choice, names them apart with separate, adds a revision with replace', async () => {
    await upload('Vault/Dup', [
      { name: 'A.txt', bytes: text('one') },
      { name: 'B.txt', bytes: text('b1') },
    ]);
    const before = await allKeys();
    const refused = await upload('Vault/Dup', [
      { name: 'A.txt', bytes: text('two') },
      { name: 'C.txt', bytes: text('c') },
    ]);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      messageId: 'dms.duplicates',
      message: 'The following files already exist in this folder... Would you like to keep the files separate?',
      duplicates: ['A.txt'],
    });
    expect(await allKeys()).toEqual(before);
    const separate = await upload('Vault/Dup', [{ name: 'A.txt', bytes: text('two') }], { onDuplicate: 'separate' });
    expect((await separate.json()).map((n: Node) => n.fileName)).toEqual(['A (1).txt']);
    await upload('Vault/Dup', [{ name: 'A.txt', bytes: text('three') }], { onDuplicate: 'separate' });
    expect(names(await list('Vault/Dup'))).toEqual(['A (1).txt', 'A (2).txt', 'A.txt', 'B.txt']);
    const twice = await upload('Vault/Twice', [
      { name: 'T.txt', bytes: text('1') },
      { name: 'T.txt', bytes: text('2') },
    ]);
    expect((await twice.json()).map((n: Node) => n.fileName)).toEqual(['T.txt', 'T (1).txt']);
    const tooMany = await upload(
      'Vault/Dup',
      [
        { name: 'A.txt', bytes: text('x') },
        { name: 'B.txt', bytes: text('y') },
      ],
      { onDuplicate: 'replace' },
    );
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).message).toBe(
      'Too many duplicates found. Please manually edit some file names to improve uniqueness.',
    );
    const replaced = await upload('Vault/Dup', [{ name: 'A.txt', bytes: text('four') }], { onDuplicate: 'replace' });
    expect(replaced.status).toBe(201);
    expect((await replaced.json())[0]).toMatchObject({ path: 'Vault/Dup/A.txt', revisionNumber: 2 });
    expect(await bytesOf('Vault/Dup/A.txt')).toBe('four');
    const versions = await (await h.call('GET', `${base()}/versions?path=Vault/Dup/A.txt`, { cookie: user })).json();
    expect(versions.map((v: { revisionNumber: number; size: number }) => [v.revisionNumber, v.size])).toEqual([
      [2, 4],
      [1, 3],
    ]);
    expect(versions[0]).toMatchObject({ modifiedBy: 'Cian Murphy' });
    expect(await bytesOf('Vault/Dup/A.txt', versions[1].versionId)).toBe('one');
  });

  it('takes a request over the file calls’ 30 MiB (the DMS’s own limit) and refuses one over 2 GiB', async () => {
    const big = new Uint8Array(31 * 1024 * 1024).fill(0x20);
    const res = await upload('Vault/Big', [{ name: 'spaces.txt', bytes: big }]);
    expect(res.status).toBe(201);
    expect((await res.json())[0].size).toBe(big.byteLength);
    await h.store.files.deleteFolder('1/projects/1/documents/Vault/Big/');
    const declared = await h.app.request(`${base()}?folder=Vault`, {
      method: 'POST',
      headers: {
        Cookie: user,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(DMS_MAX_UPLOAD_BYTES + 1),
      },
      body: '--x--',
    });
    expect(declared.status).toBe(413);
  });

  it('leaves no file and no revision when an upload is cut off half way', async () => {
    await upload('Vault/Cut', [{ name: 'Keep.txt', bytes: text('original') }]);
    const before = await allKeys();
    const boundary = 'cutboundary';
    const head = text(
      `--${boundary}\r\nContent-Disposition: form-data; name="onDuplicate"\r\n\r\nreplace\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="Keep.txt"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        controller.error(new Error('connection reset'));
      },
    });
    const res = await h.app.request(`${base()}?folder=Vault/Cut`, {
      method: 'POST',
      headers: { Cookie: user, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      // @ts-expect-error Node's fetch needs it for a stream body
      duplex: 'half',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await allKeys()).toEqual(before);
    expect(await bytesOf('Vault/Cut/Keep.txt')).toBe('original');
    const versions = await (await h.call('GET', `${base()}/versions?path=Vault/Cut/Keep.txt`, { cookie: user })).json();
    expect(versions).toHaveLength(1);
  });

  it('sweeps away uploads a stopped server left staged for more than a day', async () => {
    await h.store.files.put('1/.dms-staging/left-over/1', text('half'), 'text/plain');
    await h.store.files.put('1/.dms-staging/in-flight/1', text('now'), 'text/plain');
    await h.store.files.put('2/.dms-staging/other-client/1', text('x'), 'text/plain');
    expect(await sweepStaging(h.store.files, 1, new Date())).toBe(0);
    const later = new Date(Date.now() + STAGING_MAX_AGE_MS + 1000);
    expect(await sweepStaging(h.store.files, 1, later)).toBe(2);
    expect(await h.store.files.list('1/.dms-staging/', true)).toEqual([]);
    expect(await h.store.files.list('2/.dms-staging/', true)).toHaveLength(1);
  });

  it('replaces a file with PUT /replace (a new revision), the old one downloadable', async () => {
    await upload('Vault/Rep', [{ name: 'Plan.txt', bytes: text('rev 1') }]);
    const form = new FormData();
    form.append('originalUrl', '/api/projects/1/dms/download?path=Vault%2FRep%2FPlan.txt');
    form.append('file', new File([text('rev 2')], 'whatever.txt'));
    const res = await h.app.request(`${base()}/replace`, { method: 'PUT', headers: { Cookie: user }, body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ path: 'Vault/Rep/Plan.txt', revisionNumber: 2 });
    const versions = await (await h.call('GET', `${base()}/versions?path=Vault/Rep/Plan.txt`, { cookie: user })).json();
    expect(await bytesOf('Vault/Rep/Plan.txt', versions[1].versionId)).toBe('rev 1');
  });
});

describe('download', () => {
  it('serves PDFs inline and SVG, HTML and text as attachments, never sniffed', async () => {
    const pdfRes = await h.call('GET', `${base()}/download?path=Vault/Site%20rules.pdf`, { cookie: user });
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(pdfRes.headers.get('content-disposition')).toBe(
      `inline; filename="Site rules.pdf"; filename*=UTF-8''Site%20rules.pdf`,
    );
    await upload('Vault/Web', [
      { name: 'page.html', bytes: text('<html><script>alert(1)</script></html>') },
      { name: 'Ménage #1.svg', bytes: text('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    ]);
    for (const name of ['page.html', 'Ménage #1.svg']) {
      const res = await h.call('GET', `${base()}/download?path=${encodeURIComponent(`Vault/Web/${name}`)}`, {
        cookie: user,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-type')).toBe('text/plain');
    }
    const accented = await h.call('GET', `${base()}/download?path=${encodeURIComponent('Vault/Web/Ménage #1.svg')}`, {
      cookie: user,
    });
    expect(accented.headers.get('content-disposition')).toBe(
      `attachment; filename="M_nage #1.svg"; filename*=UTF-8''M%C3%A9nage%20%231.svg`,
    );
  });

  it('zips a folder as a stream, named {product}-{folder}.zip', async () => {
    const res = await h.call('POST', `${base()}/downloadFolder`, { cookie: user, body: { path: 'Vault/Drawings' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''Site%20Forms-Drawings.zip`);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes('GA-101 General arrangement.pdf')).toBe(true);
    expect(zip.includes('GA-102 Sections.pdf')).toBe(true);
    const full = await h.call('POST', `${base()}/downloadFolder/fullurl`, {
      cookie: user,
      body: { url: 'projects/1/documents/Vault/Drawings', filename: 'Set' },
    });
    expect(full.headers.get('content-disposition')).toContain(`filename*=UTF-8''Set.zip`);
    expect(Buffer.from(await full.arrayBuffer()).includes('GA-102 Sections.pdf')).toBe(true);
  });
});

describe('folders, URLs, rename, move, copy, delete, labels and the history', () => {
  it('creates folders with (n) on a clash and saves URL files by the spec’s rule', async () => {
    const first = await h.call('POST', `${base()}/createDirectory`, {
      cookie: user,
      body: { path: 'Vault/New Folder' },
    });
    expect(await first.text()).toBe('Vault/New Folder');
    const second = await h.call('POST', `${base()}/createDirectory`, {
      cookie: user,
      body: { path: 'Vault/New Folder' },
    });
    expect(await second.text()).toBe('Vault/New Folder (1)');
    expect(names(await list('Vault/New Folder'))).toEqual([]);
    const url = await h.call('POST', `${base()}/createUrl`, {
      cookie: user,
      body: { url: 'https://example.com/specs/concrete', path: 'Vault/New Folder' },
    });
    expect(await url.json()).toMatchObject({ fileName: 'example.com specs concrete.url', isUrl: true });
    const named = await h.call('POST', `${base()}/createUrl`, {
      cookie: user,
      body: { url: 'http://example.com', filename: 'Portal', path: 'Vault/New Folder' },
    });
    expect((await named.json()).fileName).toBe('Portal.url');
    expect(await bytesOf('Vault/New Folder/Portal.url')).toBe('[InternetShortcut]\r\nURL=http://example.com/\r\n');
    const script = await h.call('POST', `${base()}/createUrl`, {
      cookie: user,
      body: { url: 'javascript:alert(1)', path: 'Vault/New Folder' },
    });
    expect(script.status).toBe(400);
    const slash = await h.call('POST', `${base()}/createUrl`, {
      cookie: user,
      body: { url: 'https://example.com', filename: 'a/b', path: 'Vault/New Folder' },
    });
    expect((await slash.json()).message).toBe(SLASH);
  });

  it("follows a file stored before the DMS kept ids (the seed's) across a move and a folder move", async () => {
    await h.call('POST', `${base()}/createDirectory`, { cookie: user, body: { path: 'Vault/Seeded' } });
    const moved = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Drawings/GA-102 Sections.pdf', newPath: 'Vault/Seeded' },
    });
    expect(moved.status).toBe(200);
    const renamed = await h.call('PUT', `${base()}/renameFolder`, {
      cookie: user,
      body: { oldPath: 'Vault/Seeded', newPath: 'Vault/Seeded again' },
    });
    expect(renamed.status).toBe(200);
    const history = await (
      await h.call('GET', `${base()}/history?path=${encodeURIComponent('Vault/Seeded again/GA-102 Sections.pdf')}`, {
        cookie: user,
      })
    ).json();
    expect(history.map((e: { action: string; from?: string }) => [e.action, e.from])).toEqual([
      ['rename', 'Vault/Seeded/GA-102 Sections.pdf'],
      ['move', 'Vault/Drawings/GA-102 Sections.pdf'],
    ]);
    await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Seeded again/GA-102 Sections.pdf', newPath: 'Vault/Drawings' },
    });
  });

  it('renames, moves and copies a file, keeps revisions on replace, and follows it in the history', async () => {
    await upload('Vault/Moves', [
      { name: 'Spec.txt', bytes: text('v1') },
      { name: 'Other.txt', bytes: text('o') },
    ]);
    await h.call('POST', `${base()}/createDirectory`, { cookie: user, body: { path: 'Vault/Moves/Sub' } });
    const renamed = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Moves/Spec.txt', newPath: 'Vault/Moves', newFileName: 'Spec A.txt' },
    });
    expect(await renamed.json()).toMatchObject({ path: 'Vault/Moves/Spec A.txt' });
    const slash = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Moves/Spec A.txt', newPath: 'Vault/Moves', newFileName: 'Spec/B.txt' },
    });
    expect(slash.status).toBe(400);
    expect((await slash.json()).message).toBe(SLASH);
    const moved = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Moves/Spec A.txt', newPath: 'Vault/Moves/Sub' },
    });
    expect(await moved.json()).toMatchObject({ path: 'Vault/Moves/Sub/Spec A.txt' });
    const copied = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Moves/Sub/Spec A.txt', newPath: 'Vault/Moves', isCopy: true },
    });
    expect(await copied.json()).toMatchObject({ path: 'Vault/Moves/Spec A.txt', revisionNumber: 1 });
    const clash = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Moves/Other.txt', newPath: 'Vault/Moves', newFileName: 'Spec A.txt' },
    });
    expect(clash.status).toBe(409);
    expect((await clash.json()).messageId).toBe('dms.fileExists');
    const onto = await h.call('PUT', `${base()}/renameFile`, {
      cookie: user,
      body: { oldPath: 'Vault/Moves/Other.txt', newPath: 'Vault/Moves', newFileName: 'Spec A.txt', isReplace: true },
    });
    expect(await onto.json()).toMatchObject({ path: 'Vault/Moves/Spec A.txt', revisionNumber: 2 });
    expect(names(await list('Vault/Moves'))).toEqual(['Sub', 'Spec A.txt']);
    const history = await (
      await h.call('GET', `${base()}/history?path=${encodeURIComponent('Vault/Moves/Sub/Spec A.txt')}`, {
        cookie: user,
      })
    ).json();
    expect(history.map((e: { action: string; by: string }) => [e.action, e.by])).toEqual([
      ['move', 'Cian Murphy'],
      ['rename', 'Cian Murphy'],
      ['upload', 'Cian Murphy'],
    ]);
    expect(history[1]).toMatchObject({ from: 'Vault/Moves/Spec.txt', to: 'Vault/Moves/Spec A.txt' });
    const label = await h.call('POST', `${base()}/update-label`, {
      cookie: user,
      body: { url: 'Vault/Moves/Sub/Spec A.txt', label: 'Specification, issue A' },
    });
    expect(await label.json()).toMatchObject({ label: 'Specification, issue A', fileName: 'Spec A.txt' });
    const byLabel = await (await h.call('GET', `${base()}/search/issue a?folder=Vault/Moves`, { cookie: user })).json();
    expect(byLabel.map((n: Node) => n.path)).toEqual(['Vault/Moves/Sub/Spec A.txt']);
    const deleted = await h.call('DELETE', `${base()}/file`, {
      cookie: user,
      body: { url: '/api/projects/1/dms/download?path=Vault%2FMoves%2FSub%2FSpec%20A.txt' },
    });
    expect(deleted.status).toBe(204);
    const after = await (
      await h.call('GET', `${base()}/history?path=${encodeURIComponent('Vault/Moves/Sub/Spec A.txt')}`, {
        cookie: user,
      })
    ).json();
    expect(after.map((e: { action: string }) => e.action)).toEqual(['delete', 'label', 'move', 'rename', 'upload']);
  });

  it('keeps the old name when a rename fails half way (nothing recorded)', async () => {
    await upload('Vault/Fail', [{ name: 'Keep.txt', bytes: text('k') }]);
    const files = h.store.files;
    const move = files.move;
    files.move = async () => {
      throw new Error('disk full');
    };
    try {
      const res = await h.call('PUT', `${base()}/renameFile`, {
        cookie: user,
        body: { oldPath: 'Vault/Fail/Keep.txt', newPath: 'Vault/Fail', newFileName: 'Gone.txt' },
      });
      expect(res.status).toBe(500);
    } finally {
      files.move = move;
    }
    expect(names(await list('Vault/Fail'))).toEqual(['Keep.txt']);
    const history = await (await h.call('GET', `${base()}/history?path=Vault/Fail/Keep.txt`, { cookie: user })).json();
    expect(history.map((e: { action: string }) => e.action)).toEqual(['upload']);
  });

  it('renames and merges folders, never a base folder, never into itself, and deletes them', async () => {
    await upload('Vault/F1', [
      { name: 'a.txt', bytes: text('a1') },
      { name: 'x/b.txt', bytes: text('b') },
    ]);
    await upload('Vault/F2', [{ name: 'a.txt', bytes: text('a2') }]);
    const clash = await h.call('PUT', `${base()}/renameFolder`, {
      cookie: user,
      body: { oldPath: 'Vault/F1', newPath: 'Vault/F2' },
    });
    expect(clash.status).toBe(409);
    expect((await clash.json()).messageId).toBe('dms.folderExists');
    const merged = await h.call('PUT', `${base()}/renameFolder`, {
      cookie: user,
      body: { oldPath: 'Vault/F1', newPath: 'Vault/F2', isReplace: true },
    });
    expect(await merged.json()).toEqual({ path: 'Vault/F2' });
    expect(names(await list('Vault/F2'))).toEqual(['x', 'a.txt']);
    expect(await bytesOf('Vault/F2/a.txt')).toBe('a1');
    const copy = await h.call('PUT', `${base()}/renameFolder`, {
      cookie: user,
      body: { oldPath: 'Vault/F2', newPath: 'Vault/F3', isCopy: true },
    });
    expect(copy.status).toBe(200);
    expect(names(await list('Vault/F3/x'))).toEqual(['b.txt']);
    for (const body of [
      { oldPath: 'Vault', newPath: 'Vault2' },
      { oldPath: 'Vault/F2', newPath: 'Quality Assurance' },
      { oldPath: 'Vault/F2', newPath: 'Vault/F2/inner' },
    ]) {
      const res = await h.call('PUT', `${base()}/renameFolder`, { cookie: user, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const baseDelete = await h.call('DELETE', `${base()}/folder`, { cookie: user, body: { url: 'Vault' } });
    expect(baseDelete.status).toBe(400);
    expect((await baseDelete.json()).message).toBe('Base folder cannot be deleted');
    expect((await h.call('DELETE', `${base()}/folder`, { cookie: user, body: { url: 'Vault/F3' } })).status).toBe(204);
    expect(names(await list('Vault'))).not.toContain('F3');
  });
});

describe('renameFileByUrl', () => {
  it('copies a file from another project of the client by its url, with access to both', async () => {
    const copied = await h.call('PUT', `${base(2)}/renameFileByUrl`, {
      cookie: user,
      body: {
        oldUrl: '/api/projects/1/dms/download?path=Vault%2FSite%20rules.pdf',
        newPath: 'Vault',
        newFileName: 'Site rules (CCE-2401).pdf',
        isCopy: true,
        oldPathProjectId: 1,
        resetLabel: true,
      },
    });
    expect(copied.status).toBe(200);
    expect(await copied.json()).toMatchObject({
      path: 'Vault/Site rules (CCE-2401).pdf',
      url: '/api/projects/2/dms/download?path=Vault%2FSite%20rules%20(CCE-2401).pdf',
      revisionNumber: 1,
      label: 'Site rules (CCE-2401).pdf',
    });
    expect(names(await list('Vault'))).toContain('Site rules.pdf');
    // The view user reads project 1 but has nothing on project 2; a url of another project than named is refused.
    const refused = await h.call('PUT', `${base(2)}/renameFileByUrl`, {
      cookie: viewer,
      body: { oldUrl: 'Vault/Site rules.pdf', newPath: 'Vault', isCopy: true, oldPathProjectId: 1 },
    });
    expect(refused.status).toBe(403);
    const mismatch = await h.call('PUT', `${base(2)}/renameFileByUrl`, {
      cookie: user,
      body: {
        oldUrl: '/api/projects/3/dms/download?path=Vault%2FSite%20rules.pdf',
        newPath: 'Vault',
        oldPathProjectId: 1,
      },
    });
    expect(mismatch.status).toBe(400);
    const foreign = await h.call('PUT', `${base(2)}/renameFileByUrl`, {
      cookie: user,
      body: { oldUrl: 'Vault/x.pdf', newPath: 'Vault', isCopy: true, oldPathProjectId: 5 },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('thumbnails', () => {
  it('makes a thumbnail of an image node by its url, with the DMS’s access rules', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#886644' } })
      .png()
      .toBuffer();
    const [node] = await (await upload('Vault/Photos', [{ name: 'Slab #2 (pour).png', bytes: png }])).json();
    expect(node.type).toBe('Image');
    const thumb = await h.call('GET', `/api/thumbnail/300?file=${encodeURIComponent(node.url)}`, { cookie: viewer });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(300);
    const [hsNode] = await (await upload('Health and Safety/Photos', [{ name: 'Scaffold.png', bytes: png }])).json();
    const refused = await h.call('GET', `/api/thumbnail/300?file=${encodeURIComponent(hsNode.url)}`, {
      cookie: viewer,
    });
    expect(refused.status).toBe(403);
    const traversal = '/api/projects/1/dms/download?path=Vault%2F..%2F..%2F2%2Fdocuments%2Fx.png';
    expect(
      (await h.call('GET', `/api/thumbnail/300?file=${encodeURIComponent(traversal)}`, { cookie: user })).status,
    ).toBe(400);
  });
});

describe('bad input', () => {
  it('refuses traversal, absolute paths, encoded slashes, backslashes and NUL with 400, touching nothing', async () => {
    const before = await allKeys();
    const bad = [
      '../x',
      'Vault/../../2/documents',
      '/etc',
      'Vault/%2F..',
      'Vault\\x',
      'Vault/\u0000x',
      'Vault//x',
      'Vault/.versions',
    ];
    for (const path of bad) {
      const q = encodeURIComponent(path);
      for (const [method, url, body] of [
        ['GET', `${base()}/getall/?folder=${q}`],
        ['GET', `${base()}/download?path=${q}`],
        ['POST', `${base()}/createDirectory`, { path }],
        ['DELETE', `${base()}/file`, { url: path }],
        ['DELETE', `${base()}/folder`, { url: path }],
        ['PUT', `${base()}/renameFile`, { oldPath: 'Vault/Site rules.pdf', newPath: path }],
        ['PUT', `${base()}/renameFolder`, { oldPath: 'Vault/Drawings', newPath: path }],
      ] as const) {
        const res = await h.call(method, url, { cookie: user, body });
        expect(res.status, `${method} ${url} ${path}`).toBe(400);
      }
      const up = await upload(path, [{ name: 'a.txt', bytes: text('a') }]);
      expect(up.status, path).toBe(400);
      const named = await upload('Vault', [{ name: path, bytes: text('a') }]);
      expect(named.status, `named ${path}`).toBe(400);
    }
    expect(await allKeys()).toEqual(before);
  });
});

describe('access', () => {
  it('lets a view user read but not change, with the spec’s permission text', async () => {
    expect(names(await list('Vault/Drawings', viewer))).toContain('GA-101 General arrangement.pdf');
    const before = await allKeys();
    for (const [method, url, body] of [
      ['POST', `${base()}/createDirectory`, { path: 'Vault/Viewer' }],
      ['DELETE', `${base()}/file`, { url: 'Vault/Site rules.pdf' }],
      ['PUT', `${base()}/renameFile`, { oldPath: 'Vault/Site rules.pdf', newPath: 'Vault', newFileName: 'x.pdf' }],
      ['POST', `${base()}/update-label`, { url: 'Vault/Site rules.pdf', label: 'x' }],
      ['GET', `${base()}/getSharedFolderLink/?folder=Vault`],
      ['GET', `${base()}/getall/?folder=Health and Safety`],
    ] as const) {
      const res = await h.call(method, url, { cookie: viewer, body });
      expect(res.status, url).toBe(403);
      expect((await res.json()).message).toBe(PERMISSION);
    }
    const up = await upload('Vault', [{ name: 'v.txt', bytes: text('v') }], { as: viewer });
    expect(up.status).toBe(403);
    expect(await allKeys()).toEqual(before);
  });

  it('keeps a project’s documents to its client and to users with the area', async () => {
    const hs = await h.login('hs@demo.local');
    expect((await h.call('GET', `${base()}/getall/?folder=Vault`, { cookie: hs })).status).toBe(403);
    // Project 5 is client 2's: not there for a user of client 1; client 2's admin sees none of project 1.
    expect((await h.call('GET', `${base(5)}/getall/?folder=Vault`, { cookie: user })).status).toBe(404);
    const other = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/2', { cookie: other });
    expect((await h.call('GET', `${base()}/getall/?folder=Vault`, { cookie: other })).status).toBe(404);
    expect((await h.call('GET', `${base()}/download?path=Vault/Site%20rules.pdf`, { cookie: other })).status).toBe(404);
    expect(names(await list('Vault', other, 5))).toEqual([]);
    expect((await h.call('GET', `${base(5)}/download?path=Vault/Site%20rules.pdf`, { cookie: other })).status).toBe(
      404,
    );
  });

  it('opens the company documents (project 0) to every user of the client, changes to the area’s administrators', async () => {
    expect(names(await list('', viewer, 0))).toEqual([
      'Projects',
      'Quality Assurance',
      'Health and Safety',
      'Quantity Surveying',
    ]);
    const refused = await h.call('POST', `${base(0)}/createDirectory`, {
      cookie: viewer,
      body: { path: 'Projects/Forms' },
    });
    expect(refused.status).toBe(403);
    const made = await h.call('POST', `${base(0)}/createDirectory`, {
      cookie: admin,
      body: { path: 'Projects/Forms' },
    });
    expect(await made.text()).toBe('Projects/Forms');
    expect(names(await list('Projects', viewer, 0))).toEqual(['Forms']);
    expect(await h.store.files.folders('1/documents/Projects/')).toEqual(['Forms']);
  });
});

describe('shared folders', () => {
  it('issues a link to a folder that opens it signed out, and nothing outside it', async () => {
    await upload('Vault/Issued', [
      { name: 'A-100.pdf', bytes: pdf('A-100') },
      { name: 'Rev B/A-101.pdf', bytes: pdf('A-101') },
    ]);
    const linkRes = await h.call('GET', `${base()}/getSharedFolderLink/?folder=Vault/Issued`, { cookie: user });
    expect(linkRes.status).toBe(200);
    const link = await linkRes.text();
    const match = link.match(/\/shared-folder\/1\/([A-Za-z0-9_-]{43})$/);
    expect(match, link).not.toBeNull();
    const token = match?.[1] as string;
    expect(await (await h.call('GET', `${base()}/getSharedFolderPath/${token}`)).text()).toBe('Vault/Issued');
    const about = await (await h.call('GET', `${base()}/bysecuritycode/${token}/about`)).json();
    expect(about).toMatchObject({ folder: 'Vault/Issued', client: { name: 'Corrib Civil Engineering Ltd' } });
    expect(about.projectName).toBeTruthy();
    expect((await h.call('GET', `${base()}/bysecuritycode/not-a-token/about`)).status).toBe(410);
    const nodes: Node[] = await (await h.call('GET', `${base()}/bysecuritycode/${token}?folder=Vault/Issued`)).json();
    expect(nodes.map((n) => [n.type, n.fileName])).toEqual([
      ['Folder', 'Rev B'],
      ['File', 'A-100.pdf'],
    ]);
    expect(nodes[1].url).toBe(`/api/projects/1/dms/bysecuritycode/${token}/download?path=Vault%2FIssued%2FA-100.pdf`);
    const inner = await (await h.call('GET', `${base()}/bysecuritycode/${token}?folder=Vault/Issued/Rev B`)).json();
    expect(inner.map((n: Node) => n.fileName)).toEqual(['A-101.pdf']);
    const file = await h.call('GET', nodes[1].url);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('A-100');
    // The guard of the shared page agrees.
    const guard = await h.call(
      'GET',
      `/api/DmsSharedAuthorization/1?folder=Vault/Issued/Rev%20B&securityToken=${token}`,
    );
    expect(await guard.text()).toBe('true');
    // Outside the folder: a sibling, the parent, traversal, another project: never.
    for (const folder of ['Vault', 'Vault/Drawings', 'Vault/Issued2', 'Vault/Issued/../Drawings', '../Issued']) {
      const res = await h.call('GET', `${base()}/bysecuritycode/${token}?folder=${encodeURIComponent(folder)}`);
      expect([400, 403], folder).toContain(res.status);
    }
    for (const path of [
      'Vault/Site rules.pdf',
      'Vault/Drawings/GA-102 Sections.pdf',
      'Vault/Issued/../Site rules.pdf',
    ]) {
      const res = await h.call('GET', `${base()}/bysecuritycode/${token}/download?path=${encodeURIComponent(path)}`);
      expect([400, 403], path).toContain(res.status);
    }
    expect((await h.call('GET', `${base(2)}/bysecuritycode/${token}?folder=Vault/Issued`)).status).toBe(410);
    expect((await h.call('GET', `${base(2)}/getSharedFolderPath/${token}`)).status).toBe(410);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await h.call('GET', `${base()}/bysecuritycode/${forged}?folder=Vault/Issued`);
    expect(refused.status).toBe(410);
    expect((await refused.json()).messageId).toBe('unauthorized.tokenExpired');
  });
});

describe('fileSec', () => {
  it('lets a package return’s code delete a file its recipient uploaded, and nothing else', async () => {
    const code = 'demo-return-groundworks-midlands-000000003';
    const form = new FormData();
    form.append('uploads[]', new File([text('price breakdown')], 'Prices.txt'));
    const up = await h.app.request(`/api/settings/Subcontractors/securityCode/${code}/upload`, {
      method: 'PUT',
      body: form,
    });
    expect(up.status).toBe(200);
    const other = await h.call('DELETE', `${base(3)}/fileSec?securityToken=${code}`, {
      body: { url: 'Vault/Site rules.pdf' },
    });
    expect(other.status).toBe(404);
    const wrongProject = await h.call('DELETE', `${base(1)}/fileSec?securityToken=${code}`, {
      body: { url: 'Prices.txt' },
    });
    expect(wrongProject.status).toBe(404);
    const res = await h.call('DELETE', `${base(3)}/fileSec?securityToken=${code}`, { body: { url: 'Prices.txt' } });
    expect(res.status).toBe(204);
    const stored = await h.store.collection('subcontractorReturns').findOne({ securityCode: code });
    expect((stored as { files?: unknown[] } | null)?.files ?? []).toEqual([]);
  });
});

describe('on the directory store (DATA_DIR/files)', () => {
  it('uploads, replaces, renames, zips and survives a cut-off upload with files on disk', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dms-test-'));
    const store = await openEmbeddedStore(dir);
    try {
      await store.ensureIndexes();
      await seedIfEmpty(store);
      const app = createApp({ store });
      const login = await app.request('/api/authorization/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest(DEMO_PASSWORD) }),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      const send = (files: Array<[string, string]>, onDuplicate?: string) => {
        const form = new FormData();
        if (onDuplicate) form.append('onDuplicate', onDuplicate);
        for (const [name, content] of files) form.append('files', new File([text(content)], name));
        return app.request(`${base()}?folder=Vault/Disk`, { method: 'POST', headers: { Cookie: cookie }, body: form });
      };
      const json = (method: string, url: string, body: unknown) =>
        app.request(url, {
          method,
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect(
        (
          await send([
            ['GA/A.txt', 'one'],
            ['B.txt', 'b'],
          ])
        ).status,
      ).toBe(201);
      expect((await send([['GA/A.txt', 'two']], 'replace')).status).toBe(201);
      const versions = await (
        await app.request(`${base()}/versions?path=Vault/Disk/GA/A.txt`, { headers: { Cookie: cookie } })
      ).json();
      expect(versions.map((v: { revisionNumber: number }) => v.revisionNumber)).toEqual([2, 1]);
      const old = await app.request(`${base()}/download?path=Vault/Disk/GA/A.txt&versionId=${versions[1].versionId}`, {
        headers: { Cookie: cookie },
      });
      expect(await old.text()).toBe('one');
      const renamed = await json('PUT', `${base()}/renameFolder`, {
        oldPath: 'Vault/Disk/GA',
        newPath: 'Vault/Disk/GA2',
      });
      expect(renamed.status).toBe(200);
      const moved = await app.request(`${base()}/download?path=Vault/Disk/GA2/A.txt`, { headers: { Cookie: cookie } });
      expect(await moved.text()).toBe('two');
      const zip = await json('POST', `${base()}/downloadFolder`, { path: 'Vault/Disk' });
      const bytes = Buffer.from(await zip.arrayBuffer());
      expect(bytes.includes('GA2/A.txt')).toBe(true);
      expect(bytes.includes('B.txt')).toBe(true);
      const before = (await store.files.list('1/', true)).map((f) => f.key);
      const cut = await app.request(`${base()}?folder=Vault/Disk`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'multipart/form-data; boundary=b' },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              text('--b\r\nContent-Disposition: form-data; name="files"; filename="C.txt"\r\n\r\n'.padEnd(70_000, 'c')),
            );
            controller.error(new Error('reset'));
          },
        }),
        // @ts-expect-error Node's fetch needs it for a stream body
        duplex: 'half',
      });
      expect(cut.status).toBeGreaterThanOrEqual(400);
      expect((await store.files.list('1/', true)).map((f) => f.key)).toEqual(before);
      expect(await store.files.list('1/.dms-staging/', true)).toEqual([]);
      expect(await store.files.folders('1/.dms-staging/')).toEqual([]);
    } finally {
      await store.close?.();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
