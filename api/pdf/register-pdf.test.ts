/**
 * The register PDF (issue 24 §2; docs/entries.md "PDF documents"), read back with pdf.js: the visible columns'
 * headers on every page, every row's entry number and cells as the register shows them, the filters line, landscape
 * for many columns, page numbers and the stop signal.
 */
import { describe, expect, it } from 'vitest';
import type { FormDefinition, FormEntry } from '../../engine/types/generated';
import { formDefinitions } from '../../fixtures/seed/forms';
import { collector, pdfPages } from '../test/pdf';
import { columnWidths, type RegisterPdfInput, renderRegisterPdf } from './register-pdf';

const form = formDefinitions.find((f) => f.id === 5) as FormDefinition;

function entry(n: number): FormEntry {
  return {
    id: 1000 + n,
    clientId: 1,
    projectId: 1,
    formId: 5,
    formArea: 'health-and-safety',
    entryNumber: n,
    globalEntryNumber: n,
    date: `2026-11-${String((n % 28) + 1).padStart(2, '0')}T08:15:00.000Z`,
    enteredBy: n % 2 ? 'Seán Doyle' : 'Mary Byrne',
    isDraft: n % 10 === 0,
    answers: [
      { questionId: 1, answers: [`Inspector ${n}`] },
      { questionId: 2, answers: ['2026-11-20'] },
      { questionId: 6, answers: [n % 3 ? 'No' : 'Yes'] },
    ],
  };
}

const columns = [
  { id: 'entryNumber', header: 'Entry Number' },
  { id: 'date', header: 'Created' },
  { id: 'enteredBy', header: 'Entered By' },
  { id: 'status', header: 'Status' },
  { id: 'q_1', header: 'Inspected by' },
];

function input(count: number, overrides: Partial<RegisterPdfInput> = {}): RegisterPdfInput {
  return {
    form,
    title: 'Site Safety Inspection',
    columns,
    filters: [
      { label: 'Status', value: 'All' },
      { label: 'Entered By', value: 'Doyle' },
    ],
    rows: Array.from({ length: count }, (_, i) => entry(i + 1)),
    total: count,
    projectName: 'Corrib Quay Offices',
    clientName: 'Corrib Civil Engineering',
    printedOn: new Date('2026-11-26T14:05:00.000Z'),
    timeZone: 'Europe/Dublin',
    ...overrides,
  };
}

async function* slowly(entries: FormEntry[], onRead: (n: number) => void): AsyncIterable<FormEntry> {
  let n = 0;
  for (const e of entries) {
    n += 1;
    onRead(n);
    await Promise.resolve();
    yield e;
  }
}

describe('renderRegisterPdf', { timeout: 30_000 }, () => {
  it('prints the headers on every page, every entry number and the filters', async () => {
    const out = collector();
    await renderRegisterPdf(input(120), out);
    const pages = await pdfPages(out.bytes());
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join(' ');
    expect(pages[0]).toContain('Site Safety Inspection');
    expect(pages[0]).toContain('Corrib Civil Engineering · Corrib Quay Offices');
    expect(pages[0]).toContain('Filters: Status: All; Entered By: Doyle');
    expect(pages[0]).toContain('120 entries');
    pages.forEach((page, i) => {
      expect(page).toContain('Entry Number Created Entered By Status Inspected by');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Printed on 2026-11-26 14:05');
    });
    for (let n = 1; n <= 120; n += 1) expect(text).toContain(`Inspector ${n} `);
    expect(text).toMatch(/\b1 2026-11-02 08:15 Seán Doyle Submitted Inspector 1\b/);
    expect(text).toMatch(/\b10 2026-11-11 08:15 Mary Byrne Draft Inspector 10\b/);
  });

  it('says when no filter is applied, and turns landscape for many columns', async () => {
    const out = collector();
    const many = [...columns, { id: 'q_2', header: 'Inspection date' }, { id: 'q_6', header: 'Hot work on site?' }];
    await renderRegisterPdf(input(3, { filters: [], columns: many }), out);
    const bytes = out.bytes();
    const text = (await pdfPages(bytes)).join(' ');
    expect(text).toContain('No filters: every entry');
    expect(text).toContain('3 entries');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
    const [, , width, height] = (await doc.getPage(1)).view;
    expect(width).toBeGreaterThan(height);
    await doc.destroy();
  });

  it('reads rows from an async iterable and rejects when stopped half way, writing nothing', async () => {
    const controller = new AbortController();
    const out = collector();
    let read = 0;
    const entries = Array.from({ length: 200 }, (_, i) => entry(i + 1));
    const stopped = renderRegisterPdf(
      input(200, {
        rows: slowly(entries, (n) => {
          read = n;
          if (n === 100) controller.abort();
        }),
      }),
      out,
      { signal: controller.signal },
    );
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(read).toBeLessThanOrEqual(101);
    expect(out.bytes().length).toBe(0);
    expect(out.finished).toBe(false);
  });

  it('stops while drawing its pages: rejects, writes no more and never finishes the file', async () => {
    const controller = new AbortController();
    const out = collector();
    let written = 0;
    const stopped = renderRegisterPdf(input(400), out, {
      signal: controller.signal,
      onProgress: (done) => {
        // Past the rows read (400 steps) and half the drawing's 16 steps: half the pages are written.
        if (done >= 408 && !controller.signal.aborted) {
          written = out.bytes().length;
          controller.abort();
        }
      },
    });
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toBeGreaterThan(0);
    expect(out.bytes().length).toBe(written);
    expect(out.finished).toBe(false);
    expect(out.bytes().includes(Buffer.from('%%EOF'))).toBe(false);
  });

  it("shares the width out by the columns' longest texts, within 6 to 40 characters", () => {
    const widths = columnWidths(
      ['Entry Number', 'Comments', 'Status'],
      [
        ['1', 'A very long comment about the scaffold at level two and the tape that was missing', 'Draft'],
        ['22', 'Short', 'Submitted'],
      ],
      560,
    );
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(560);
    // 'Number' (6) : 40 (capped) : 'Submitted' (9)
    expect(widths.map((w) => Math.round((w / 560) * 55))).toEqual([6, 40, 9]);
  });

  it('reports progress from 0 to its total, never going back', async () => {
    const steps: Array<[number, number]> = [];
    await renderRegisterPdf(input(130), collector(), { onProgress: (done, total) => steps.push([done, total]) });
    const total = steps[0][1];
    expect(steps[0][0]).toBe(0);
    expect(steps.every(([, t]) => t === total)).toBe(true);
    expect(steps.at(-1)).toEqual([total, total]);
    expect(steps.map(([d]) => d)).toEqual([...steps.map(([d]) => d)].sort((a, b) => a - b));
  });
});
