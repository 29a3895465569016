/** The API's router (api/http/router.ts): kept matches answer as the trie does, and a new route is seen at once. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CachedRouter, MATCH_CACHE_SIZE } from './router';

describe('CachedRouter', () => {
  it('answers every request of a path with its own parameters, a static segment before a parameter', async () => {
    const app = new Hono({ router: new CachedRouter() })
      .get('/api/projects/summary/:id', (c) => c.text(`summary ${c.req.param('id')}`))
      .get('/api/projects/type/:type', (c) => c.text(`type ${c.req.param('type')}`))
      .get('/api/projects/:id', (c) => c.text(`project ${c.req.param('id')}`));
    for (let round = 0; round < 3; round += 1) {
      expect(await (await app.request('/api/projects/summary/1')).text()).toBe('summary 1');
      expect(await (await app.request('/api/projects/summary/2')).text()).toBe('summary 2');
      expect(await (await app.request('/api/projects/type/qs')).text()).toBe('type qs');
      expect(await (await app.request('/api/projects/7')).text()).toBe('project 7');
      expect((await app.request('/api/projects/summary/1', { method: 'POST' })).status).toBe(404);
    }
  });

  it('forgets its matches when a route is added, and when it is full', () => {
    const router = new CachedRouter<string>();
    router.add('GET', '/a/:id', 'param');
    expect(router.match('GET', '/a/new')[0].map(([handler]) => handler)).toEqual(['param']);
    router.add('GET', '/a/new', 'static');
    // Both match now, in the order they were added.
    expect(router.match('GET', '/a/new')[0].map(([handler]) => handler)).toEqual(['param', 'static']);
    for (let i = 0; i <= MATCH_CACHE_SIZE; i += 1) router.match('GET', `/a/${i}`);
    expect(router.match('GET', '/a/5')[0].map(([handler]) => handler)).toEqual(['param']);
  });
});
