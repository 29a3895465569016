/**
 * The secure link service (api/links/secure-links.ts; issue 25 §1): tokens stored hashed, the states a token can
 * be in (unknown, expired, used, revoked, mismatch against what the route names), the use log, one-time claims.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../store/embedded';
import type { Store } from '../store/port';
import { checkLink, claimLink, findLink, issueLink, linkState, revokeLink, tokenHash } from './secure-links';

let store: Store;
const now = new Date('2026-11-26T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

beforeEach(async () => {
  store = await openEmbeddedStore(':memory:');
  await store.ensureIndexes();
});

describe('secure links', () => {
  it('stores only the hash of a random 43-character token, and finds the link by its token', async () => {
    const { token, link } = await issueLink(
      store,
      { clientId: 1, kind: 'rfi', projectId: 1, formArea: 'quality-assurance', formId: 5 },
      now,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await store.collection('secureLinks').find({});
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].tokenHash).toBe(tokenHash(token));
    expect(link).toMatchObject({ oneTime: true, expiresAt: '2026-12-26T10:00:00.000Z', uses: [] });
    expect((await findLink(store, token))?.id).toBe(link.id);
    // Another last character (a 256-bit token's last base64url character is one of 16, 'A' among them).
    const altered = `${token.slice(0, 42)}${token.endsWith('A') ? 'E' : 'A'}`;
    expect(await findLink(store, altered)).toBeNull();
    expect(await findLink(store, 'not a token')).toBeNull();
    const second = await issueLink(store, { clientId: 1, kind: 'public-form', projectId: 1, formId: 5 }, now);
    expect(second.token).not.toBe(token);
    expect(second.link.oneTime).toBe(false);
  });

  it('answers valid only for what the route names, before it expires, while not used or revoked', async () => {
    const { token, link } = await issueLink(
      store,
      {
        clientId: 1,
        kind: 'rfi',
        projectId: 1,
        formArea: 'quality-assurance',
        formId: 5,
        expiresAt: later(60_000).toISOString(),
      },
      now,
    );
    const route = { clientId: 1, kind: 'rfi' as const, projectId: 1, formId: 5 };
    expect(linkState(link, route, now)).toBe('valid');
    expect(linkState(link, { ...route, clientId: 2 }, now)).toBe('unknown');
    expect(linkState(link, { ...route, projectId: 2 }, now)).toBe('mismatch');
    expect(linkState(link, { ...route, formId: 6 }, now)).toBe('mismatch');
    expect(linkState(link, { ...route, kind: 'cvi' }, now)).toBe('mismatch');
    expect(linkState(link, { ...route, kind: ['cvi', 'rfi'] }, now)).toBe('valid');
    expect(linkState(link, route, later(60_000))).toBe('expired');
    expect(linkState(null, route, now)).toBe('unknown');

    const checked = await checkLink(store, token, route, { address: '203.0.113.9', action: 'open' }, now);
    expect(checked.state).toBe('valid');
    expect((await findLink(store, token))?.uses).toEqual([
      { at: now.toISOString(), address: '203.0.113.9', action: 'open' },
    ]);
    const refused = await checkLink(store, token, { ...route, formId: 6 }, { address: 'x', action: 'open' }, now);
    expect(refused).toEqual({ state: 'mismatch', link: null });

    // One use: the first claim wins, the second finds it used.
    expect(await Promise.all([claimLink(store, link, now), claimLink(store, link, now)])).toEqual([true, false]);
    expect(linkState(await findLink(store, token), route, now)).toBe('used');
  });

  it('revokes a link of the client only', async () => {
    const { token, link } = await issueLink(store, { clientId: 1, kind: 'daywork', projectId: 1 }, now);
    expect(await revokeLink(store, 2, link.id, now)).toBe(false);
    expect(await revokeLink(store, 1, link.id, now)).toBe(true);
    expect(linkState(await findLink(store, token), { clientId: 1 }, now)).toBe('revoked');
  });
});
