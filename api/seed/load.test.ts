/**
 * The demo seed's files (fixtures/seed/files.ts) land in the file store: the site plan as a real PNG the
 * Site Safety Inspection's img question shows, and project 1's documents as PDFs for the document picker.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openEmbeddedStore } from '../store/embedded';
import { seedIfEmpty } from './load';

const dir = mkdtempSync(path.join(tmpdir(), 'siteforms-seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the seed loader', () => {
  it('stores the seed’s picture as PNG and the project’s documents as PDF, once', async () => {
    const store = await openEmbeddedStore(dir);
    expect(await seedIfEmpty(store)).toBe(true);
    const plan = await store.files.get('1/forms/5/site-plan.png');
    expect(plan?.info.contentType).toBe('image/png');
    const meta = await sharp(plan?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 500]);
    const documents = await store.files.list('1/projects/1/documents/', true);
    expect(documents.map((d) => d.key.slice('1/projects/1/documents/'.length))).toEqual([
      'Health and Safety/Method statements/MS-04 Lifting operations.pdf',
      'Vault/Site rules.pdf',
      'Vault/Drawings/GA-101 General arrangement.pdf',
      'Vault/Drawings/GA-102 Sections.pdf',
    ]);
    const pdf = await store.files.get(documents[0].key);
    expect(new TextDecoder().decode(pdf?.bytes.subarray(0, 8))).toBe('%PDF-1.4');
    expect(await seedIfEmpty(store)).toBe(false);
    await store.close?.();
  });
});
