/**
 * No input crashes the server (DEVELOPERS.md "How we build"): every operation of the catalogue, called by a
 * signed-in administrator with odd path values (0, negative, huge, not a number, traversal, markup) and odd
 * bodies (none, empty, a list, null, wrong types, a long string), answers with a status below 500.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../engine/api/operations';
import { makeHarness } from './test/harness';

const VALUES = ['1', '0', '-1', '99999999999999999999', 'abc', '..%2F..%2Fetc', '%3Cb%3Ex%3C%2Fb%3E', 'true'];
const BODIES: (string | undefined)[] = [
  undefined,
  '{}',
  '[]',
  'null',
  '{"name":1,"id":"x","answers":{"a":1},"exportEntryIds":[-1],"qrCodeRoleDetails":"x","links":[{}]}',
  JSON.stringify({ name: 'x'.repeat(5000), formId: 1e300, projectId: 1, qrCodeEntryNumber: 1 }),
  '{not json',
];

describe('the API under odd input', () => {
  it('answers every operation without a server error', { timeout: 120_000 }, async () => {
    const h = await makeHarness();
    const cookie = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie });
    const failures: string[] = [];
    for (const [name, operation] of Object.entries(operations)) {
      if (name === 'auth.logout') continue; // it would end the session the rest of the calls use
      for (const [i, value] of VALUES.entries()) {
        const path = operation.path.replace(/\{(\w+)\}/g, () => value);
        const body = operation.method === 'GET' || operation.method === 'HEAD' ? undefined : BODIES[i % BODIES.length];
        const res = await h.call(operation.method, `${path}?folder=${value}&file=${value}&formId=${value}`, {
          cookie,
          raw: body,
        });
        if (res.status >= 500)
          failures.push(`${name} ${operation.method} ${path} ${body?.slice(0, 40)}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
