/**
 * The page's first answers in the browser (runtime/api/first-answers.ts, through the API client): each taken once
 * instead of a call, none after the first navigation, and a page without them asks the server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Client = typeof import('./client');
type FirstAnswers = typeof import('./first-answers');

function page(answers: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.body.append(element);
}

const session = { isLoggedIn: true, user: { id: 2, fullName: 'Site User', currentClient: 1 } };

let fetchSpy: ReturnType<typeof vi.fn>;
let client: Client;
let firstAnswers: FirstAnswers;

async function fresh() {
  vi.resetModules();
  client = await import('./client');
  firstAnswers = await import('./first-answers');
}

beforeEach(() => {
  fetchSpy = vi.fn(async () => new Response(JSON.stringify({ fromServer: true }), { status: 200 }));
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('first answers', () => {
  it("answer the page's calls once each, without the network, then the server answers", async () => {
    page({
      'POST /api/authorization/isLoggedIn': { status: 200, type: 'application/json', body: JSON.stringify(session) },
      'GET /api/QSAuthorization/home/3/0/null': { status: 200, type: 'text/plain', body: 'edit' },
    });
    await fresh();
    expect(await client.callOperation('auth.isLoggedIn')).toEqual(session);
    expect(
      await client.callOperationText('authorization.qs', {
        params: { section: 'home', projectId: 3, id: 0, securityToken: 'null' },
      }),
    ).toBe('edit');
    expect(fetchSpy).not.toHaveBeenCalled();
    // The element is read once and gone from the document.
    expect(document.getElementById('first-answers')).toBeNull();
    expect(await client.callOperation('auth.isLoggedIn')).toEqual({ fromServer: true });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('are dropped when the first navigation has settled', async () => {
    page({ 'GET /api/client': { status: 200, type: 'application/json', body: '{"id":1}' } });
    await fresh();
    firstAnswers.dropFirstAnswers();
    expect(await client.callOperation('clients.current')).toEqual({ fromServer: true });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('serve no call that sends a body, nor another URL', async () => {
    page({ 'GET /api/projects/summary/1': { status: 200, type: 'application/json', body: '{"code":"A"}' } });
    await fresh();
    expect(await client.callOperation('projects.summary', { params: { id: 2 } })).toEqual({ fromServer: true });
    expect(firstAnswers.takeFirstAnswer('GET', '/api/projects/summary/1')).toBeInstanceOf(Response);
  });

  it('leave a page whose element is not valid JSON to the server', async () => {
    page('{not json');
    await fresh();
    expect(await client.callOperation('clients.current')).toEqual({ fromServer: true });
  });
});
