/**
 * The OpenAPI document: every catalogue operation with its method, path and parameters; every $ref
 * resolves inside the document; bodies and answers point at the registered schemas. Swagger UI is
 * served from local files only.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../engine/api/operations';
import { type Harness, makeHarness } from '../test/harness';
import { openApiDocument } from './document';

type Json = Record<string, unknown>;

function resolvePointer(doc: Json, ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Json | undefined)?.[key];
  }
  return node;
}

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [v] : refs(v)));
}

describe('the OpenAPI document', () => {
  const doc = openApiDocument() as Json & { paths: Record<string, Record<string, Json>> };

  it('is OpenAPI 3.1 with every operation of the catalogue', () => {
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, op] of Object.entries(operations)) {
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry, name).toBeDefined();
      expect(entry.operationId).toBe(name);
      const params = ((entry.parameters ?? []) as Json[]).map((p) => p.name);
      expect(params).toEqual([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    }
  });

  it('resolves every $ref inside itself', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(20);
    for (const ref of all) {
      expect(ref.startsWith('#/'), ref).toBe(true);
      expect(resolvePointer(doc, ref), ref).toBeDefined();
    }
  });

  it('describes bodies, answers and access', () => {
    const create = doc.paths['/api/settings/lookupvalues'].post as Json;
    expect(JSON.stringify(create.requestBody)).toContain('#/components/schemas/lookup-values-create');
    expect(create['x-access']).toBe('admin');
    expect(Object.keys(create.responses as Json)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    const login = doc.paths['/api/authorization/login'].post as Json;
    expect(login.security).toEqual([]);
  });
});

describe('served', () => {
  let h: Harness;
  it('at /api/openapi.json and /api/docs from local assets', async () => {
    h = await makeHarness();
    const json = await h.call('GET', '/api/openapi.json');
    expect(json.status).toBe(200);
    expect((await json.json()).openapi).toBe('3.1.0');
    const page = await h.call('GET', '/api/docs');
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(2);
    for (const src of sources) {
      expect(src.startsWith('/api/docs/'), src).toBe(true);
      const asset = await h.call('GET', src);
      expect(asset.status, src).toBe(200);
    }
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });
});
