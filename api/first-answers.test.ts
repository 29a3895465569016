/**
 * The app shell's first answers (api/http/first-answers.ts): a page comes with the answers to its first navigation's
 * calls, asked of the app with the request's cookie, so they are what the browser would have been answered.
 */

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, type Viewport } from '../engine/rules/first-viewport';
import type { RouteTable } from '../engine/types/generated/screen-documents';
import routeTable from '../schemas/screens/routes.json';
import {
  type FirstScreenRenderer,
  firstAnswersElement,
  pageEncoding,
  shellWithFirstAnswers,
} from './http/first-answers';
import { type Harness, makeHarness } from './test/harness';

const table = routeTable as RouteTable;
type Answers = Record<string, { status: number; type: string; body: string }>;

function parse(element: string): Answers {
  const json = /^<script type="application\/json" id="first-answers">(.*)<\/script>$/s.exec(element)?.[1];
  return json === undefined ? {} : (JSON.parse(json) as Answers);
}

let h: Harness;
let user: string;
beforeAll(async () => {
  h = await makeHarness();
  user = await h.login('user@demo.local');
});

const request = (url: string, init: RequestInit) => h.app.request(url, init);

describe('firstAnswersElement', () => {
  it("holds the form page's five answers, each the API's own answer to the user", async () => {
    const answers = parse(await firstAnswersElement(request, table, '/projects/1/qa/1/add', user));
    expect(Object.keys(answers).sort()).toEqual([
      'GET /api/authorization/projects/1',
      'GET /api/client',
      'GET /api/projects/summary/1',
      'GET /api/settings/forms/1/quality-assurance/1',
      'POST /api/authorization/isLoggedIn',
    ]);
    for (const [key, answer] of Object.entries(answers)) {
      const [method, url] = key.split(' ');
      const direct = await h.call(method, url, { cookie: user });
      expect(answer).toEqual({ status: 200, type: direct.headers.get('Content-Type'), body: await direct.text() });
    }
  });

  it('holds nothing for a visitor without a session, and no refused answer for a user', async () => {
    expect(await firstAnswersElement(request, table, '/projects/1/qa/1/add', 'sid=not-a-session')).toBe('');
    // Project 5 is another client's: its guard's and summary's answers are refusals, left out; the session stays.
    const answers = parse(await firstAnswersElement(request, table, '/projects/5/qa/1/add', user));
    expect(Object.keys(answers).sort()).toEqual(['GET /api/client', 'POST /api/authorization/isLoggedIn']);
  });

  it('escapes every < so no answer can end the element', async () => {
    const text = 'Bad </script><script>alert(1)</script> <!-- text';
    const fake = async () =>
      new Response(JSON.stringify({ text }), { headers: { 'Content-Type': 'application/json' } });
    const element = await firstAnswersElement(fake, table, '/settings/users', user);
    expect(element.slice(0, -'</script>'.length)).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(parse(element)['GET /api/client'].body)).toEqual({ text });
  });
});

describe('shellWithFirstAnswers', () => {
  const html = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
  const page = new Hono().get('*', (c) =>
    shellWithFirstAnswers(c, html, request, table, { 'Cache-Control': 'no-store' }),
  );

  it('streams the page with the answers before </body>, uncached', async () => {
    const res = await page.request('/projects/1/qa/1/add', { headers: { cookie: user } });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const text = await res.text();
    expect(text).toMatch(
      /^<!doctype html>.*<div id="root"><\/div><script type="application\/json" id="first-answers">.*<\/script><\/body><\/html>$/s,
    );
  });

  it('sends the page as it is without a session cookie', async () => {
    expect(await (await page.request('/projects/1/qa/1/add')).text()).toBe(html);
    expect(await (await page.request('/projects/1/qa/1/add', { headers: { cookie: 'other=1' } })).text()).toBe(html);
  });
});

describe('shellWithFirstAnswers with a first screen', () => {
  const html =
    '<!doctype html><html><head><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>';
  const asked: Array<{ url: string; keys: string[]; nonce: string; viewport: Viewport }> = [];
  const draw: FirstScreenRenderer = async (url, answers, nonce, viewport) => {
    asked.push({ url, keys: Object.keys(answers).sort(), nonce, viewport });
    return url.includes('fails')
      ? undefined
      : { styles: `<style nonce="${nonce}">.a{}</style>`, html: '<form>drawn</form>' };
  };
  const page = new Hono().get('*', (c) =>
    shellWithFirstAnswers(c, html, request, table, {}, { render: draw, nonce: 'n0nce' }),
  );

  it("puts the screen drawn from the page's own answers inside #root, inert, its styles before it", async () => {
    asked.length = 0;
    const text = await (await page.request('/projects/1/qa/1/add', { headers: { cookie: user } })).text();
    expect(text).toBe(
      `${html.slice(0, html.indexOf('<div id="root">'))}<style nonce="n0nce">.a{}</style>` +
        `<div id="root" data-first-screen="1280x900" inert><form>drawn</form></div>${text.slice(text.indexOf('<script type="application/json"'))}`,
    );
    expect(text).toMatch(
      /<\/form><\/div><script type="application\/json" id="first-answers">.*<\/script><\/body><\/html>$/s,
    );
    // The renderer had the same answers the page carries.
    const carried = JSON.parse(text.match(/id="first-answers">(.*)<\/script>/s)?.[1] ?? '{}') as Record<
      string,
      unknown
    >;
    expect(asked).toEqual([
      {
        url: 'http://localhost/projects/1/qa/1/add',
        keys: Object.keys(carried).sort(),
        nonce: 'n0nce',
        viewport: DESKTOP_VIEWPORT,
      },
    ]);
    expect(asked[0].keys).toContain('GET /api/settings/forms/1/quality-assurance/1');
  });

  it("draws for a phone's window when the browser says it is on one, and says so in the page", async () => {
    asked.length = 0;
    const text = await (
      await page.request('/projects/1/qa/1/add', { headers: { cookie: user, 'sec-ch-ua-mobile': '?1' } })
    ).text();
    expect(asked.map((call) => call.viewport)).toEqual([PHONE_VIEWPORT]);
    expect(text).toContain('<div id="root" data-first-screen="390x844" inert>');
  });

  it('draws no screen for a page showing stored data, nor for a visitor without a session', async () => {
    asked.length = 0;
    const register = await (await page.request('/projects/1/qa/1', { headers: { cookie: user } })).text();
    expect(register).toContain('<div id="root"></div><script type="application/json" id="first-answers">');
    const stranger = await (
      await page.request('/projects/1/qa/1/add', { headers: { cookie: 'sid=not-a-session' } })
    ).text();
    expect(stranger).toBe(`${html.slice(0, html.indexOf('</body>'))}</body></html>`);
    expect(asked).toEqual([]);
  });

  it('sends the page as before when the screen cannot be drawn', async () => {
    const failing = new Hono().get('*', (c) =>
      shellWithFirstAnswers(c, html, request, table, {}, { render: async () => undefined, nonce: 'n' }),
    );
    const text = await (await failing.request('/projects/1/qa/1/add', { headers: { cookie: user } })).text();
    expect(text).toMatch(/<body><div id="root"><\/div><script type="application\/json" id="first-answers">/);
    expect(text).not.toContain('data-first-screen');
  });

  it('compresses the page for a browser that takes brotli or gzip, to the same text', async () => {
    const plain = await (await page.request('/projects/1/qa/1/add', { headers: { cookie: user } })).text();
    const br = await page.request('/projects/1/qa/1/add', { headers: { cookie: user, 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await page.request('/projects/1/qa/1/add', { headers: { cookie: user, 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
  });
});

describe('a page whose browser leaves before its end', () => {
  it('stops there, compressed or not, and the server goes on', async () => {
    let drawn = 0;
    const slow: FirstScreenRenderer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      drawn++;
      return { styles: '', html: '<form>late</form>' };
    };
    const page = new Hono().get('*', (c) =>
      shellWithFirstAnswers(
        c,
        '<html><head></head><body><div id="root"></div></body></html>',
        request,
        table,
        {},
        {
          render: slow,
          nonce: 'n',
        },
      ),
    );
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await page.request('/projects/1/qa/1/add', {
        headers: { cookie: user, 'accept-encoding': encoding },
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      expect((await reader.read()).done).toBe(false); // the head
      await reader.cancel();
      await new Promise((resolve) => setTimeout(resolve, 80));
    }
    expect(drawn).toBe(3);
    // The next page is sent whole.
    const whole = await (await page.request('/projects/1/qa/1/add', { headers: { cookie: user } })).text();
    expect(whole).toContain('<form>late</form>');
  });
});

describe('pageEncoding', () => {
  it('takes brotli over gzip, and neither when refused (q=0) or not offered', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(pageEncoding('br;q=0.5')).toBe('br');
    expect(pageEncoding('deflate, identity')).toBeUndefined();
    expect(pageEncoding('gzip;q=0')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });
});
