/**
 * `npm run demo:fixtures` in real Chromium: the front end runs on the recorded fixtures alone (MSW's
 * service worker, fixtures/demo), with no API server: a tester logs in with the demo account and sees
 * the recorded projects.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import qaRegister from '../../fixtures/recorded/qa-register.json';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { launchBrowser } from './browser';
import { freePort } from './server-process';

const root = path.resolve(import.meta.dirname, '..', '..');
let browser: Browser;
let vite: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  vite = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: root,
      env: { ...process.env, VITE_DEMO_FIXTURES: '1' },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${url}/`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('vite did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  vite?.kill('SIGTERM');
});

describe('demo on recorded fixtures', () => {
  it('logs in and lists the recorded projects with no server', async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('E-mail').fill('user@demo.local');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL(/\/home$/);
    await page.goto(`${url}/projects`);
    await page.getByRole('row', { name: /CCE-/ }).first().waitFor();
    expect(await page.getByRole('row', { name: /CCE-/ }).count()).toBeGreaterThan(0);
    // The recorded project's forms, behind the project guard (its activity call is recorded too).
    const recorded = JSON.stringify(qaRegister);
    const projectId = /\/api\/authorization\/projects\/(\d+)/.exec(recorded)?.[1];
    expect(projectId).toBeDefined();
    await page.goto(`${url}/projects/${projectId}/qa`);
    await page.getByRole('heading', { name: 'Forms', exact: true }).waitFor();
    await page.close();
  });
});
