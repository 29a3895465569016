/**
 * The CSV import's reading of a register CSV (engine/import/entries-csv.ts; issue 24 §4): a dropdown's 'Other'
 * with its text, exported as 'Other: {text}', comes back as Other and its text; the api tests
 * (api/entries-ops.test.ts "PUT upload") cover the rest through the call.
 */
import { describe, expect, it } from 'vitest';
import { registerCsv } from '../export/csv';
import type { FormDefinition, FormEntry } from '../types/generated';
import { checkEntriesCsv } from './entries-csv';

const form = {
  id: 7,
  clientId: 1,
  formArea: 'quality-assurance',
  title: 'Pour Check',
  status: 'Published',
  version: 1,
  pages: [
    {
      id: 1,
      label: 'Page',
      questions: [
        { id: 1, label: 'Location', type: 'Text', extendedType: 'Normal' },
        {
          id: 2,
          label: 'Result',
          type: 'Dropdown',
          allowOther: true,
          required: true,
          options: [
            { id: 1, value: 'Accepted' },
            { id: 2, value: 'Other: see notes' },
          ],
        },
      ],
    },
  ],
} as unknown as FormDefinition;

function entry(entryNumber: number, result: { answers: string[]; other?: string }): FormEntry {
  return {
    id: entryNumber,
    clientId: 1,
    projectId: 1,
    formId: 7,
    formVersion: 1,
    entryNumber,
    date: '2026-11-20T08:00:00.000Z',
    enteredBy: 'Seán Doyle',
    answers: [
      { questionId: 1, formId: 7, answers: [`Bay ${entryNumber}`] },
      { questionId: 2, formId: 7, ...result },
    ],
  } as unknown as FormEntry;
}

describe('checkEntriesCsv', () => {
  it("reads a dropdown's 'Other: {text}' back as Other with its text; a listed option that looks alike stays itself", () => {
    const csv = registerCsv(form, [
      entry(1, { answers: ['Other'], other: 'Crane hire delayed' }),
      entry(2, { answers: ['Accepted'] }),
      entry(3, { answers: ['Other: see notes'] }),
    ]);
    const checked = checkEntriesCsv(form, csv);
    expect(checked.ok, JSON.stringify(checked)).toBe(true);
    if (!checked.ok) return;
    const results = checked.rows.map((row) => row.answers.find((a) => a.questionId === 2));
    expect(results.map((a) => ({ answers: a?.answers, other: a?.other }))).toEqual([
      { answers: ['Other'], other: 'Crane hire delayed' },
      { answers: ['Accepted'], other: undefined },
      { answers: ['Other: see notes'], other: undefined },
    ]);
  });

  it('refuses Other without its text, as PUT submit does, naming the row and column', () => {
    const checked = checkEntriesCsv(form, 'Location,Result\r\nBay 1,Other\r\n');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((p) => [p.path, p.messageId])).toEqual([
      ['/rows/2/Result', 'entriesOps.import.invalid'],
    ]);
  });
});
