import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../engine/errors';
import { message } from '../../engine/messages/catalogue';
import { DuplicateKeyError } from '../store/port';
import { handleError, handleNotFound } from './errors';

function appThrowing(error: unknown) {
  const app = new Hono();
  app.get('/x', () => {
    throw error;
  });
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app;
}

describe('handleError', () => {
  it('keeps the status and catalogue text of an AppError', async () => {
    const res = await appThrowing(new AppError(403, 'auth.forbidden')).request('/x');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ messageId: 'auth.forbidden', message: message('auth.forbidden') });
  });

  it('answers a unique-index clash (a write that raced another) with 409', async () => {
    const res = await appThrowing(new DuplicateKeyError('formVersions', 'formId_1_version_1')).request('/x');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ messageId: 'common.conflict', message: message('common.conflict') });
  });

  it('hides anything else behind the generic 500 text and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appThrowing(new Error('secret internals')).request('/x');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.message).toBe('Server error, please refresh and try again');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('answers unknown paths with a JSON 404', async () => {
    const res = await appThrowing(new Error()).request('/nothing');
    expect(res.status).toBe(404);
    expect((await res.json()).messageId).toBe('notFound.generic');
  });
});
