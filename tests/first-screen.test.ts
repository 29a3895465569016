/**
 * A form page's first screen drawn on the server (runtime/server/render.tsx) from the answers the app gives the
 * user (api/http/first-answers.ts): the browser's own components and loaders, rendered in Node. Isolated
 * (vitest.config.ts NODE_ISOLATED): the renderer sets module state of the runtime (emotion's cache, the answers'
 * source).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { firstAnswers } from '../api/http/first-answers';
import { type Harness, makeHarness } from '../api/test/harness';
import type { RouteTable } from '../engine/types/generated/screen-documents';
import { renderFirstScreen } from '../runtime/server/render';
import routeTable from '../schemas/screens/routes.json';

const table = routeTable as RouteTable;
const PAGE = '/projects/1/qa/1/add';
let h: Harness;
let cian: string;
let niamh: string;
beforeAll(async () => {
  h = await makeHarness();
  cian = await h.login('user@demo.local');
  // The administrator, in the same client (she has two, and chooses one).
  niamh = await h.login('admin@demo.local');
  const chosen = await h.app.request('/api/authorization/setClient/1', { method: 'POST', headers: { cookie: niamh } });
  expect(chosen.status).toBe(200);
});

const answersOf = (cookie: string, path = PAGE) =>
  firstAnswers((url, init) => h.app.request(url, init), table, path, cookie);
const draw = async (cookie: string, path = PAGE) =>
  renderFirstScreen(`http://localhost${path}`, await answersOf(cookie, path), 'n0nce');

describe('renderFirstScreen', () => {
  it("draws the shell and the form's first page as the browser does, with the user's own answers", async () => {
    const answer = (await answersOf(cian))['GET /api/settings/forms/1/quality-assurance/1'];
    const form = JSON.parse(answer.body) as { title: string };
    const screen = await draw(cian);
    expect(screen).toBeDefined();
    const { html, styles } = screen as { html: string; styles: string };
    expect(html).toContain('Cian Murphy');
    expect(html).toMatch(new RegExp(`<h1[^>]*>${form.title}</h1>`)); // the heading: the form's title, not the screen's
    expect(html).toMatch(/<form[ >]/);
    expect(html).toMatch(/<input[^>]*>/);
    // No style attribute (the pages' policy refuses them): each is a data attribute its rule selects.
    expect(html).not.toMatch(/ style="/);
    expect(html).toMatch(/ data-first-style="[^"]+"/);
    expect(styles).toContain('[data-first-style="');
    // One <style> with the nonce, named as emotion's browser cache takes over: `css <id> <id> ...`.
    expect(styles).toMatch(/^<style nonce="n0nce" data-emotion="css [\w -]+">[^<]*<\/style>$/);
    expect(styles).toContain('.css-');
  });

  it('carries every style of the page on every render (the cache starts afresh for each)', async () => {
    const first = await draw(cian);
    const second = await draw(cian);
    expect(second?.styles).toBe(first?.styles);
    expect(second?.styles.length).toBeGreaterThan(2000);
  });

  it("draws two users' pages at once, each with its own answers only", async () => {
    const [mine, theirs] = await Promise.all([draw(cian), draw(niamh)]);
    expect(mine?.html).toContain('Cian Murphy');
    expect(mine?.html).not.toContain('Niamh Gallagher');
    expect(theirs?.html).toContain('Niamh Gallagher');
    expect(theirs?.html).not.toContain('Cian Murphy');
  });

  it('draws nothing when an answer the page needs is missing, or for a visitor without answers', async () => {
    const answers = await answersOf(cian);
    const { 'GET /api/settings/forms/1/quality-assurance/1': _form, ...rest } = answers;
    expect(_form).toBeDefined();
    expect(await renderFirstScreen(`http://localhost${PAGE}`, rest, 'n')).toBeUndefined();
    expect(await renderFirstScreen(`http://localhost${PAGE}`, {}, 'n')).toBeUndefined();
  });

  it("draws nothing for another client's project (its answers are refused, so there are none to draw from)", async () => {
    expect(await draw(cian, '/projects/5/qa/1/add')).toBeUndefined();
  });
});
