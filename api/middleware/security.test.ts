/**
 * The security middleware (api/middleware/security.ts, docs/security.md): headers on every answer,
 * write checks for cookie-authenticated requests, the Secure cookie behind a trusted proxy, and the
 * 413 answer that keeps keep-alive connections usable (a real server on 127.0.0.1).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { createApp } from '../app';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { openEmbeddedStore } from '../store/embedded';
import type { Store } from '../store/port';
import { type Harness, makeHarness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});

const FIXED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function expectFixedHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(FIXED)) expect(headers.get(name)).toBe(value);
}

describe('security headers', () => {
  it("are on API answers, errors included; a JSON answer's policy lets it load nothing", async () => {
    const cookie = await h.login('user@demo.local');
    const answers = [
      await h.call('GET', '/api/nothing'),
      // Finished answers (api/http/answer.ts).
      await h.call('POST', '/api/authorization/isLoggedIn', { cookie }),
      await h.app.request('/api/projects/summary/1', { headers: { Cookie: cookie } }),
      // A JSON error of the security checks themselves (415), and of the access checks (401).
      await h.app.request('/api/authorization/setClient/1', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'text/plain', 'Content-Length': '1' },
        body: 'x',
      }),
      await h.call('GET', '/api/projects/summary/1'),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 200, 200, 415, 401]);
    for (const res of answers) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expectFixedHeaders(res.headers);
    }
  });

  it("are on pages, whose policy admits the site's scripts and styles with this answer's nonce only", async () => {
    for (const res of [await h.call('GET', '/login'), await h.call('GET', '/api/docs')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      // Scripts from the site only: no inline scripts, no eval (docs/security.md).
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expectFixedHeaders(res.headers);
    }
    const page = (await h.call('GET', '/login')).headers.get('content-security-policy') ?? '';
    expect(page).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(page).not.toMatch(/unsafe-inline/);
  });

  it('use a new nonce for every page', async () => {
    const nonce = async () =>
      /nonce-([^']+)/.exec((await h.call('GET', '/login')).headers.get('content-security-policy') ?? '')?.[1];
    const first = await nonce();
    expect(first).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    expect(await nonce()).not.toBe(first);
  });
});

describe('cookie-authenticated writes', () => {
  it('are refused from another site, by Origin or Sec-Fetch-Site, and change nothing', async () => {
    const cookie = await h.login('user@demo.local');
    const attempt = (headers: Record<string, string>) =>
      h.app.request('/api/authorization/setClient/1', { method: 'POST', headers: { Cookie: cookie, ...headers } });
    const foreign = await attempt({ Origin: 'https://evil.example', Host: 'localhost' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).messageId).toBe('security.crossSite');
    expect((await attempt({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await attempt({ Origin: 'http://localhost', Host: 'localhost' })).status).toBe(200);
    expect((await attempt({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await attempt({})).status).toBe(200);
  });

  it('take JSON bodies only', async () => {
    const cookie = await h.login('admin@demo.local');
    await h.call('POST', '/api/authorization/setClient/1', { cookie });
    const before = await h.store.collection('lookupValues').countDocuments({});
    const body = JSON.stringify([{ Name: 'Sneaky', Type: 'ContactRole' }]);
    const form = await h.app.request('/api/settings/lookupvalues', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'text/plain', 'Content-Length': String(body.length) },
      body,
    });
    expect(form.status).toBe(415);
    expect((await form.json()).messageId).toBe('security.unsupportedMediaType');
    expect(await h.store.collection('lookupValues').countDocuments({})).toBe(before);
    // A write without a body (DELETE …/deactivate/{id}) needs no content type.
    const value = await h.store.collection<{ id: number }>('lookupValues').findOne({ clientId: 1, name: 'Mechanical' });
    const off = await h.app.request(`/api/settings/lookupvalues/deactivate/${value?.id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(off.status).toBe(200);
  });
});

describe('the session cookie', () => {
  const login = (app: ReturnType<typeof createApp>, headers: Record<string, string> = {}) =>
    app.request('/api/authorization/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest(DEMO_PASSWORD) }),
    });

  it('is Secure behind a trusted TLS proxy, and only then', async () => {
    const proxied = createApp({ store: h.store, trustProxy: true });
    const secure = await login(proxied, { 'X-Forwarded-Proto': 'https' });
    expect(secure.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    expect(secure.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const untrusted = await login(h.app, { 'X-Forwarded-Proto': 'https' });
    expect(untrusted.headers.get('set-cookie')).not.toMatch(/Secure/i);
    const plain = await login(proxied);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });
});

describe('an oversized body on a keep-alive connection', () => {
  let server: ReturnType<typeof serve>;
  let store: Store;
  let port: number;

  beforeAll(async () => {
    store = await openEmbeddedStore(':memory:');
    await store.ensureIndexes();
    await seedIfEmpty(store);
    const app = createApp({ store });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
  });

  function send(agent: http.Agent, body: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: 'POST',
          path: '/api/authorization/login',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it("writes a finished answer with every header and its body's length in bytes", async () => {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/authorization/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'user@demo.local', password: clientPasswordDigest(DEMO_PASSWORD) }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^sid=/);
    const res = await fetch(`${base}/api/projects/summary/1`, { headers: { Cookie: cookie } });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(body)).toHaveProperty('name');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expectFixedHeaders(res.headers);
  });

  it('answers 413 without breaking the normal requests around it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const normal = JSON.stringify({ email: 'nobody@demo.local', password: 'a'.repeat(128) });
    const big = JSON.stringify({ email: 'x', password: 'y'.repeat(2 * 1024 * 1024) });
    const statuses: Array<[string, number]> = [];
    for (let i = 0; i < 40; i++) {
      const isBig = i % 5 === 4;
      statuses.push([isBig ? 'big' : 'normal', await send(agent, isBig ? big : normal).catch(() => -1)]);
    }
    agent.destroy();
    expect(statuses.filter(([kind]) => kind === 'big').every(([, status]) => status === 413)).toBe(true);
    // A normal request is answered (401 for the unknown account, 429 once the login limiter has locked
    // it), never lost to the previous big body.
    const normals = statuses.filter(([kind]) => kind === 'normal').map(([, status]) => status);
    expect(normals.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(normals.every((status) => status === 401 || status === 429)).toBe(true);
  }, 60_000);
});
