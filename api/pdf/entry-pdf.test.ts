/**
 * The entry PDF (issue 24 §1; docs/entries.md "PDF documents"), read back with pdf.js: the demo Site Safety
 * Inspection (fixtures/seed/forms.ts, form 5) with and without hot work, its grid's ticks, sums, score and band,
 * tables, rich text, pictures at the image quality, the header, page numbers and the stop signal.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formDataToAnswers } from '../../engine/forms/entry-data';
import { fieldTypes } from '../../engine/forms/field-types';
import { answerText } from '../../engine/registers/rows';
import type { Answer, FormDefinition, FormEntry, Project, Question } from '../../engine/types/generated';
import { formDefinitions } from '../../fixtures/seed/forms';
import { collector, pdfImageCount, pdfPages } from '../test/pdf';
import { type EntryPdfInput, renderEntryPdf } from './entry-pdf';

const form = formDefinitions.find((f) => f.id === 5) as FormDefinition;
const project: Project = {
  id: 1,
  clientId: 1,
  code: 'CCE-2401',
  name: 'Corrib Quay Offices',
  address: 'North Wall Quay, Dublin 1',
  status: 'Active',
  type: 'projects',
};

/** Grid cells of the safety checklist: rows 1 and 3 inspected (scores 3 and 1, hours 2 and 1.5), row 2 not. */
const checklist: Answer = {
  questionId: 3,
  answers: [],
  grid: {
    cells: [
      { cellId: 2, rowIndex: 0, columnIndex: 1, value: true },
      { cellId: 3, rowIndex: 0, columnIndex: 2, value: '3' },
      { cellId: 4, rowIndex: 0, columnIndex: 3, value: 2 },
      { cellId: 5, rowIndex: 0, columnIndex: 4, value: 'Signs at both gates' },
      { cellId: 7, rowIndex: 1, columnIndex: 1, value: false },
      { cellId: 12, rowIndex: 2, columnIndex: 1, value: true },
      { cellId: 13, rowIndex: 2, columnIndex: 2, value: '1' },
      { cellId: 14, rowIndex: 2, columnIndex: 3, value: 1.5 },
    ],
    overallComments: 'Excavation edge needs barriers',
  },
};

function entryWith(hotWork: 'Yes' | 'No'): FormEntry {
  const answers: Answer[] = [
    { questionId: 1, answers: ['Seán Doyle'] },
    { questionId: 2, answers: ['2026-11-20'] },
    { questionId: 17, answers: ['Block B basement'] },
    { questionId: 6, answers: [hotWork] },
    checklist,
    { questionId: 8, answers: ['HW-0042'] },
    { questionId: 9, answers: [true] },
    {
      questionId: 18,
      answers: [
        JSON.stringify({
          item: 'Extinguisher',
          assetNo: 'EX-7',
          description: 'CO2 5 kg',
          manufacturer: 'Firemaster',
          modelNo: 'FM5',
          owner: 'Corrib',
        }),
      ],
    },
    {
      questionId: 10,
      answers: [
        '<p>Loose <strong>scaffold boards</strong> at level 2 &amp; 3</p><ul><li>Refix boards</li><li>Tape off</li></ul>',
      ],
    },
    {
      questionId: 11,
      answers: ['questions/11/k3x9/crack.jpg', 'questions/11/k3x9/edge.jpg', 'questions/11/k3x9/method.pdf'],
    },
    { questionId: 13, answers: [false] },
    { questionId: 19, answers: [JSON.stringify({ c1: 'Mary Byrne', c2: 'ESB Networks' })] },
    { questionId: 20, answers: ['projects/1/documents/Drawings/GA-101.pdf'] },
    { questionId: 14, answers: ['questions/14/p2q7/signature.png'], signatureByThirdParty: 'Aoife Walsh' },
  ];
  return {
    id: 41,
    clientId: 1,
    projectId: 1,
    formId: 5,
    formVersion: 1,
    formArea: 'health-and-safety',
    entryNumber: 12,
    globalEntryNumber: 40,
    date: '2026-11-20T09:30:00.000Z',
    enteredBy: 'Seán Doyle',
    answers,
  };
}

const photo = sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#4a7fb0' } })
  .composite([
    { input: Buffer.from('<svg width="3000" height="2000"><circle cx="1500" cy="1000" r="700" fill="#d33"/></svg>') },
  ])
  .jpeg({ quality: 92 })
  .toBuffer();
const signature = sharp(
  Buffer.from(
    '<svg width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 40" stroke="#000" stroke-width="6" fill="none"/></svg>',
  ),
)
  .png()
  .toBuffer();
const sitePlan = sharp({ create: { width: 800, height: 500, channels: 4, background: '#ffffff00' } })
  .png()
  .toBuffer();

function input(entry: FormEntry, overrides: Partial<EntryPdfInput> = {}): EntryPdfInput {
  return {
    form,
    entry,
    project,
    clientName: 'Corrib Civil Engineering',
    imageQuality: 60,
    readFile: async (path) => {
      if (path.endsWith('.jpg')) return photo;
      if (path.endsWith('signature.png')) return signature;
      if (path === 'forms/5/site-plan.png') return sitePlan;
      return undefined;
    },
    printedOn: new Date('2026-11-26T14:05:00.000Z'),
    timeZone: 'Europe/Dublin',
    documentRevision: async (path) => (path.endsWith('GA-101.pdf') ? 'C' : undefined),
    ...overrides,
  };
}

async function render(entry: FormEntry, overrides: Partial<EntryPdfInput> = {}) {
  const out = collector();
  await renderEntryPdf(input(entry, overrides), out);
  const bytes = out.bytes();
  const pages = await pdfPages(bytes);
  return { bytes, pages, text: pages.join(' ') };
}

// The first render loads pdf.js, the fonts and sharp; on a loaded 2-core machine that has taken 5 s.
describe('renderEntryPdf', { timeout: 30_000 }, () => {
  it('leaves the hot-work page out when there is no hot work, and shows it when there is', async () => {
    const without = await render(entryWith('No'));
    expect(without.text).toContain('Site Safety Inspection');
    // pdf.js splits a line at its hyphen ('sign- off').
    expect(without.text).toMatch(/Findings and sign- ?off/);
    expect(without.text).not.toContain('Hot work permit number');
    expect(without.text).not.toContain('HW-0042');
    expect(without.text).not.toContain('A fire watch stays');

    const withHotWork = await render(entryWith('Yes'));
    expect(withHotWork.text).toContain('Hot work permit number');
    expect(withHotWork.text).toContain('HW-0042');
    expect(withHotWork.text).toContain('A fire watch stays for 60 minutes after hot work ends.');
    // The equipment table under its headings, the toggle by its own label.
    expect(withHotWork.text).toMatch(/Asset No.*EX-7/);
    expect(withHotWork.text).toContain('Checked');
  });

  it('prints the header, the grid with its ticks, column sum, score and rating band', async () => {
    const { text } = await render(entryWith('No'));
    for (const expected of [
      'Corrib Civil Engineering',
      'Corrib Quay Offices',
      'CCE-2401',
      'Entry Number 12',
      '2026-11-20 09:30',
      'Submitted',
      'Inspected by Seán Doyle',
      'Area inspected Block B basement',
      'Site access and signage',
      'Signs at both gates',
      'Total: 3.5',
      'Total Score Max Score Rating (%) Rating 4 6 66.67 Fair',
      'Excavation edge needs barriers',
    ])
      expect(text).toContain(expected);
    // Each row's Inspected tick box reads as Yes or No.
    expect(text.match(/\bYes\b/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('prints rich text as text, tables, files by name, the document revision and the signer', async () => {
    const { text } = await render(entryWith('No'));
    expect(text).toContain('Loose scaffold boards at level 2 & 3');
    expect(text).toContain('Refix boards');
    expect(text).not.toMatch(/<\/?(p|strong|ul|li)>|&amp;/);
    expect(text).toMatch(/Name Company Mary Byrne ESB Networks/);
    expect(text).toContain('method.pdf');
    expect(text).toContain('GA-101.pdf (Rev. C)');
    expect(text).toContain('Signed by Aoife Walsh');
    expect(text).toContain('Not answered');
  });

  it('prints a picked document with the revision its answer keeps, not the store’s current one', async () => {
    const entry = entryWith('No');
    const picked = 'projects/1/documents/Vault/0f8fad5b-d9cb-469f-a165-70867728950e_GA-101.pdf?versionId=v7&revision=3';
    const answers = entry.answers.map((a) => (a.questionId === 20 ? { ...a, answers: [picked] } : a));
    const { text } = await render({ ...entry, answers });
    expect(text).toContain('GA-101.pdf (Rev. 3)');
    expect(text).not.toContain('Rev. C');
  });

  it('numbers the pages and prints the printed-on date and the form version on each', async () => {
    const { pages } = await render(entryWith('Yes'));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Printed on 2026-11-26 14:05');
      expect(page).toContain('Form version 1');
    });
  });

  it('embeds the photos, the signature and the site plan, smaller at a lower image quality', async () => {
    const high = await render(entryWith('No'), { imageQuality: 90 });
    const low = await render(entryWith('No'), { imageQuality: 10 });
    expect(await pdfImageCount(high.bytes)).toBe(4);
    expect(await pdfImageCount(low.bytes)).toBe(4);
    expect(low.bytes.length).toBeLessThan(high.bytes.length / 2);
  });

  it('prints the answers a migration kept from an earlier version under their own heading', async () => {
    const entry: FormEntry = {
      ...entryWith('No'),
      keptAnswers: [
        { fromVersion: 1, migrationId: 3, label: 'Weather', answer: { questionId: 99, answers: ['Rain'] } },
      ],
    };
    const { text } = await render(entry);
    expect(text).toContain('Answers from earlier versions of the form Weather (from version 1) Rain');
  });

  it('names a picture it cannot read instead of failing', async () => {
    const { text, bytes } = await render(entryWith('No'), { readFile: async () => undefined });
    expect(text).toContain('crack.jpg (file not available)');
    expect(await pdfImageCount(bytes)).toBe(0);
  });

  it('rejects when stopped and writes nothing more', async () => {
    const controller = new AbortController();
    const out = collector();
    let reads = 0;
    const stopped = renderEntryPdf(
      input(entryWith('No'), {
        readFile: async () => {
          reads += 1;
          if (reads === 2) controller.abort();
          return photo;
        },
      }),
      out,
      { signal: controller.signal },
    );
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(out.bytes().length).toBe(0);
    expect(out.finished).toBe(false);
    expect(reads).toBe(2);
  });

  it('reports progress up to its total', async () => {
    const steps: Array<[number, number]> = [];
    await renderEntryPdf(input(entryWith('No')), collector(), {
      onProgress: (done, total) => steps.push([done, total]),
    });
    const total = steps[0][1];
    expect(steps.every(([, t]) => t === total)).toBe(true);
    expect(steps.at(-1)).toEqual([total, total]);
    expect(steps.map(([d]) => d)).toEqual([...steps.map(([d]) => d)].sort((a, b) => a - b));
  });
});

describe('every question type in the entry PDF', { timeout: 60_000 }, () => {
  it("prints each registered type's example question with its answer (a new type needs nothing in api/pdf)", async () => {
    const questions = Object.values(fieldTypes).map((type, i) => ({
      ...(type.example.question as Question),
      id: i + 1,
    })) as Question[];
    const examples = Object.values(fieldTypes).map((type) => type.example.good);
    const sample: FormDefinition = { ...form, id: 77, pages: [{ id: 1, label: 'Every type', questions }] };
    const formData = Object.fromEntries(questions.map((q, i) => [`q_${q.id}`, examples[i]]));
    const answers = formDataToAnswers(sample, formData);
    const entry: FormEntry = { ...entryWith('No'), formId: 77, answers };
    const { text: spaced } = await render(entry, { form: sample });
    // pdf.js splits a line into items at some characters ('https:// x.example/ p'): compared without spaces.
    const text = spaced.replace(/\s+/g, '');
    for (const question of questions) {
      const type = Object.values(fieldTypes).find((t) => t.example.question.type === question.type);
      expect(type).toBeDefined();
      if (question.type !== 'Note') expect(text, question.label).toContain(question.label.replace(/\s+/g, ''));
      const answer = answers.find((a) => a.questionId === question.id);
      // A one-line answer reads as the register's text (files by name, ticks Yes/No); grids, tables, signatures and
      // rich text have their own tests above.
      const expected = answer ? answerText(question, answer) : '';
      if (
        expected &&
        !expected.includes('|') &&
        !['Grid', 'Signature', 'RichText', 'Table', 'TableLight'].includes(question.type)
      )
        expect(text, question.label).toContain(expected.split(', ')[0].replace(/\s+/g, ''));
    }
  });
});
