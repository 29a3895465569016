/**
 * Entries at work in real Chromium against the real server (issue 24; docs/entries.md): one platform and one
 * browser for every block of this file (each part of the issue adds its own `describe`).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/seed';
import { callApi, logInThroughApi, platformForTests } from './platform';

const platform = platformForTests('entries');

describe('category-registers', () => {
  let page: Page;
  const HS = '/api/projects/1/forms/health-and-safety';
  /** Page 1 of the Site Safety Inspection with its required questions. */
  const complete = [
    { questionId: 1, answers: ['Seán Doyle'] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 6, answers: ['No'] },
  ];
  /** The safety checklist with its first row inspected and scored 3 of 3: 100 %, Good. */
  const scored = {
    questionId: 3,
    answers: [],
    grid: {
      cells: [
        { cellId: 2, rowIndex: 0, columnIndex: 1, value: true },
        { cellId: 3, rowIndex: 0, columnIndex: 2, value: '3' },
      ],
    },
  };

  beforeAll(async () => {
    const cookie = await logInThroughApi(platform.url, 'admin@demo.local');
    await callApi(platform.url, cookie, 'POST', '/api/authorization/setClient/1');
    await callApi(platform.url, cookie, 'PUT', `${HS}/submit`, { formId: 5, answers: [...complete, scored] });
    await callApi(platform.url, cookie, 'PUT', `${HS}/submit`, { formId: 5, answers: complete });
    page = await platform.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${platform.url}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.local');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page
      .getByRole('dialog', { name: 'Select Client' })
      .getByRole('row', { name: /Corrib/ })
      .getByRole('button', { name: 'Select' })
      .click();
    await page.waitForURL(/\/home$/);
  });

  afterAll(async () => {
    await page?.close();
  });

  it("opens project 1's H&S inspections: the Site Safety Inspection entries, and the charts' table views", async () => {
    await page.goto(`${platform.url}/projects/1/health-and-safety/inspections`);
    const rows = page.getByRole('row', { name: /Site Safety Inspection/ });
    await rows.first().waitFor();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByRole('row', { name: /Site Safety Inspection 1 .*100.*Good/ }).count()).toBe(1);

    // chart.js drew the charts (loaded on demand).
    const perWeek = page.getByRole('region', { name: 'Entries per week' });
    await perWeek.locator('canvas[data-drawn="true"]').waitFor();
    await perWeek.getByRole('button', { name: 'Show table' }).click();
    const table = perWeek.getByRole('table', { name: 'Entries per week: the numbers of the chart' });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Week of', 'Site Safety Inspection']);
    const week = await table.locator('tbody tr').allTextContents();
    expect(week).toHaveLength(1);
    expect(week[0]).toMatch(/^\d{4}-\d{2}-\d{2}2$/);

    const bands = page.getByRole('region', { name: 'Rating bands' });
    await bands.getByRole('button', { name: 'Show table' }).click();
    const bandRows = await bands.getByRole('table').locator('tbody tr').allTextContents();
    expect(bandRows).toEqual(['Poor0', 'Fair0', 'Good1']);
  });
});
