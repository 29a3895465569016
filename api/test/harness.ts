/**
 * Test harness for in-process API tests: an app on a fresh in-memory embedded store with the demo
 * seed, and helpers to log in and call it with the session cookie.
 *
 * The seeded store is built once per module graph (indexes, then the seed, whose demo passwords are hashed with
 * argon2: about 200 ms) and each harness opens a copy of its image (a few milliseconds; EmbeddedStore.image).
 */

import type { QuestionProperties } from '../../engine/forms/questions';
import type { Answer, FormDefinition } from '../../engine/types/generated';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { createApp } from '../app';
import { clientPasswordDigest } from '../auth/passwords';
import { seedIfEmpty } from '../seed/load';
import { type EmbeddedStoreImage, openEmbeddedStore } from '../store/embedded';
import type { Store } from '../store/port';

export interface Harness {
  app: ReturnType<typeof createApp>;
  store: Store;
  /** Logs in and returns the cookie header value to send. */
  login(email: string, password?: string): Promise<string>;
  /** Calls the app; `body` objects are sent as JSON. */
  call(method: string, path: string, options?: { cookie?: string; body?: unknown; raw?: string }): Promise<Response>;
}

let seeded: Promise<EmbeddedStoreImage> | null = null;

/** The image of an in-memory store with the indexes and the demo seed, made once per module graph. */
export function seededImage(): Promise<EmbeddedStoreImage> {
  seeded ??= (async () => {
    const store = await openEmbeddedStore(':memory:');
    try {
      await store.ensureIndexes();
      await seedIfEmpty(store);
      return await store.image();
    } finally {
      await store.close();
    }
  })();
  seeded.catch(() => {
    seeded = null;
  });
  return seeded;
}

/** A seeded app on an in-memory store (seen by the app through `wrap`, when given: a failing store, say). */
export async function makeHarness(wrap: (store: Store) => Store = (store) => store): Promise<Harness> {
  const store = wrap(await openEmbeddedStore(':memory:', { image: await seededImage() }));
  await store.ensureIndexes();
  const app = createApp({ store });
  const call: Harness['call'] = (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.Cookie = options.cookie;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return Promise.resolve(app.request(path, { method, headers, body }));
  };
  const login: Harness['login'] = async (email, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/api/authorization/login', {
      body: { email, password: clientPasswordDigest(password) },
    });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
    const setCookie = res.headers.get('set-cookie') ?? '';
    return setCookie.split(';')[0];
  };
  return { app, store, login, call };
}

/** A valid answer for every question of a definition (used to submit realistic entries). */
export function sampleAnswers(def: FormDefinition, seed = 1): Answer[] {
  const answers: Answer[] = [];
  for (const page of def.pages)
    for (const q of page.questions as QuestionProperties[]) {
      const options = q.options ?? [];
      let value: Answer['answers'];
      if (q.type === 'Dropdown') value = [options[seed % options.length].value];
      else if (q.type === 'Date') value = [`2026-11-${String(10 + (seed % 18)).padStart(2, '0')}`];
      else if (q.type === 'Checkbox') value = options.length > 0 ? [options[0].value] : [true];
      else if (q.extendedType === 'Number') value = [Math.max(q.min ?? 0, Math.min(q.max ?? 1000, 20 + seed))];
      else if (q.extendedType === 'Hyperlink') value = [`https://example.com/photos/${seed}`];
      else if (q.extendedType === 'Long') value = [`Notes for entry ${seed}, line one.\nLine two, "quoted".`];
      else value = [`Answer ${seed} to ${q.label}`];
      answers.push({ questionId: q.id, answers: value });
    }
  return answers;
}
