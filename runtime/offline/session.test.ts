/**
 * The offline boot's session (contract-26 §3, §4): the API client keeps the last signed-in session when
 * auth.isLoggedIn and clients.current answer online, answers them from it when the network fails under /offline or
 * /qa/access (nowhere else), and forgets it on logout.
 */
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, callOperation, LAST_SESSION_KEY } from '../api/client';
import { mockApi, server } from '../test/mock-api';

const noNetwork = () => {
  server.use(
    http.post(/\/api\/authorization\/isLoggedIn$/, () => HttpResponse.error()),
    http.get(/\/api\/client$/, () => HttpResponse.error()),
  );
};

describe('the offline session', () => {
  it('is kept online, answers offline under /offline and /qa/access only, and is forgotten on logout', async () => {
    await mockApi.logIn('user@demo.local', 1);
    const online = await callOperation<{ user: { id: number; fullName: string } }>('auth.isLoggedIn');
    const client = await callOperation<{ id: number; name: string }>('clients.current');
    const kept = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null');
    expect(kept).toMatchObject({
      userId: online.user.id,
      clientId: 1,
      fullName: online.user.fullName,
      client: { id: 1, name: client.name },
    });

    // Asked again with nothing changed: the same text is not written again (the session is asked on every page).
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await callOperation('auth.isLoggedIn');
    await callOperation('clients.current');
    expect(setItem.mock.calls.filter(([key]) => key === LAST_SESSION_KEY)).toEqual([]);
    expect(JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null')).toEqual(kept);
    setItem.mockRestore();

    noNetwork();
    history.replaceState(null, '', '/projects');
    await expect(callOperation('auth.isLoggedIn')).rejects.toMatchObject({ status: 0 });
    history.replaceState(null, '', '/offline/1/qa');
    expect(await callOperation('auth.isLoggedIn')).toEqual({ isLoggedIn: true, user: online.user });
    history.replaceState(null, '', '/qa/access');
    expect(await callOperation('clients.current')).toMatchObject({ id: 1, name: client.name });

    server.resetHandlers();
    await callOperation('auth.logout');
    expect(localStorage.getItem(LAST_SESSION_KEY)).toBeNull();
    noNetwork();
    history.replaceState(null, '', '/offline/1/qa');
    const error = await callOperation('auth.isLoggedIn').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
  });
});
