/**
 * A long form never loses what was typed (runtime/renderer/widgets/deferred-change.ts): on a page of 50
 * fields or more the form hears of typing once it pauses, so the last keys must still reach the saved
 * entry when the user clicks Submit, or presses Enter, straight after typing. In real Chromium against the
 * real server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, Question } from '../../engine/types/generated';
import { watchForViolations } from './browser';
import { callApi, logInThroughApi, logInThroughPage, platformForTests } from './platform';

const platform = platformForTests('long-form');
const violations: string[] = [];

/** A published 60-question form of the health-and-safety area; its id. */
async function longForm(): Promise<number> {
  const admin = await logInThroughApi(platform.url, 'admin@demo.local');
  await callApi(platform.url, admin, 'POST', '/api/authorization/setClient/1');
  const questions: Question[] = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    label: `Check ${i + 1}`,
    type: 'Text',
    extendedType: i % 7 === 6 ? 'Long' : 'Normal',
  }));
  const created = (await callApi(platform.url, admin, 'POST', '/api/settings/forms/health-and-safety', {
    title: 'Long daily check',
    category: 'inspections',
    isActive: true,
    pages: [{ id: 1, label: '', questions }],
  })) as FormDefinition;
  await callApi(platform.url, admin, 'PUT', `/api/settings/forms/publish/health-and-safety/${created.id}`);
  return created.id;
}

async function savedAnswers(page: Page, formId: number, entryNumber: number) {
  return page.evaluate(
    async ({ id, n }) => {
      const res = await fetch(`/api/projects/1/forms/health-and-safety/${id}/get/${n}`);
      return (await res.json()).answers as Array<{ questionId: number; answers: string[] }>;
    },
    { id: formId, n: entryNumber },
  );
}

describe('a long form', () => {
  it('saves the last keys typed when Submit is clicked or Enter pressed straight after typing', async () => {
    const formId = await longForm();
    const context = await platform.browser.newContext();
    const page = await context.newPage();
    watchForViolations(page, violations);
    await logInThroughPage(page, platform.url, 'user@demo.local');

    // Click: keys typed one by one, Submit at once.
    await page.goto(`${platform.url}/projects/1/health-and-safety/${formId}/add`);
    await page.getByLabel('Check 1', { exact: true }).pressSequentially('Gate locked');
    await page.getByLabel('Check 7', { exact: true }).pressSequentially('Notes typed last');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(new RegExp(`/health-and-safety/${formId}$`));
    const first = await savedAnswers(page, formId, 1);
    expect(first.find((a) => a.questionId === 1)?.answers).toEqual(['Gate locked']);
    expect(first.find((a) => a.questionId === 7)?.answers).toEqual(['Notes typed last']);

    // Enter: the form is submitted from the field, with every key.
    await page.goto(`${platform.url}/projects/1/health-and-safety/${formId}/add`);
    await page.getByLabel('Check 2', { exact: true }).pressSequentially('Fence intact');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/health-and-safety/${formId}$`));
    const second = await savedAnswers(page, formId, 2);
    expect(second.find((a) => a.questionId === 2)?.answers).toEqual(['Fence intact']);
    expect(violations).toEqual([]);
    await context.close();
  });
});
