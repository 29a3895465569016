/**
 * PDF rendering at size (issue 24 "Speed": "One entry's PDF (2 pages, 30 questions, 4 photos) under 1.5 s; a
 * 500-entry register PDF under 20 s with memory flat"; §1: "a 40-page entry with 60 photos renders in under 10 s"):
 * `npm run bench:pdf`. Figures, never assertions; docs/performance.md "PDF documents" and docs/decisions.md "PDF
 * engine" record them.
 *
 * The renderers are called in-process, as the PDF jobs call them (api/pdf/entry-pdf.ts, register-pdf.ts), with
 * phone-sized photos (4032 × 3024 JPEG, about 2-3 MB each, with noise so they compress like photos, not flat
 * colour) read from memory, at image quality BENCH_PDF_QUALITY (default 80):
 * - one entry: 2 pages, 30 questions, 4 photos (median of 5 after one warm-up);
 * - a 40-page entry with 60 photos (median of 3);
 * - a register of BENCH_PDF_REGISTER entries (default 500; 8 columns), its rows from an async generator as from the
 *   store's cursor: time, the process's peak RSS over the render against before it (process.resourceUsage().maxRSS,
 *   which also sees a peak inside synchronous work that a timer cannot sample), and with --expose-gc the most heap
 *   the render keeps (collected at each progress call); run first, before the photos are made;
 * Each entry line gives the wall time and the process's CPU time (user + system, libvips' threads included): on the
 * shared machine the wall time follows the load of other engineers' tests, the CPU time much less.
 * - with BENCH_PDF_CHROMIUM=1 (default on), the other engine for the decision: headless Chromium (playwright-core
 *   with the @sparticuz/chromium binary) printing an HTML print view of the same 40-page entry with the same resized photos
 *   (page.pdf), its launch timed apart.
 */
import { Writable } from 'node:stream';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import type { Answer, FormDefinition, FormEntry, Project, Question } from '../../engine/types/generated';
import { renderEntryPdf } from '../pdf/entry-pdf';
import { pdfImage } from '../pdf/images';
import { renderRegisterPdf } from '../pdf/register-pdf';
import { collector } from '../test/pdf';

const QUALITY = Number(process.env.BENCH_PDF_QUALITY ?? 80);
const REGISTER_ENTRIES = Number(process.env.BENCH_PDF_REGISTER ?? 500);
const CHROMIUM = process.env.BENCH_PDF_CHROMIUM !== '0';

const project: Project = {
  id: 1,
  clientId: 1,
  code: 'CCE-2401',
  name: 'Corrib Quay Offices',
  status: 'Active',
  type: 'projects',
};

/** A phone-sized photo: a gradient with noise, different per seed so no two are the same bytes. */
async function photo(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 120 + (seed % 40), sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(0x305070 + seed * 997).toString(16).slice(-6)}"/><stop offset="1" stop-color="#c8b080"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.75"/></svg>`,
  );
  return sharp(noise)
    .composite([{ input: gradient }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

function question(id: number, n: number): Question {
  const kinds: Question[] = [
    { id, label: `Location ${n}`, type: 'Text', extendedType: 'Normal' },
    { id, label: `Measured value ${n}`, type: 'Text', extendedType: 'Number' },
    { id, label: `Checked on ${n}`, type: 'Date' },
    {
      id,
      label: `Result ${n}`,
      type: 'Dropdown',
      options: ['Pass', 'Fail', 'N/A'].map((value, i) => ({ id: i + 1, value })),
    },
    { id, label: `Notes ${n}`, type: 'Text', extendedType: 'Long' },
    {
      id,
      label: `Checks ${n}`,
      type: 'Checkbox',
      options: ['Clean', 'Fixed', 'Labelled'].map((value, i) => ({ id: i + 1, value })),
    },
    { id, label: `Findings ${n}`, type: 'RichText' },
  ];
  return kinds[n % kinds.length];
}

function answerOf(q: Question): Answer {
  switch (q.type) {
    case 'Dropdown':
      return { questionId: q.id, answers: ['Pass'] };
    case 'Date':
      return { questionId: q.id, answers: ['2026-11-20'] };
    case 'Checkbox':
      return { questionId: q.id, answers: ['Clean', 'Labelled'] };
    case 'RichText':
      return {
        questionId: q.id,
        answers: ['<p>Minor <strong>defects</strong> noted</p><ul><li>Tape</li><li>Sign</li></ul>'],
      };
    default:
      return {
        questionId: q.id,
        answers: [
          q.type === 'Text' && q.extendedType === 'Number' ? '12.5' : `Answer to question ${q.id}, as written on site`,
        ],
      };
  }
}

/** A form of `pages` pages of `perPage` questions each, the photos spread over the pages (FileUpload questions). */
function entryOf(pages: number, perPage: number, photos: number): { form: FormDefinition; entry: FormEntry } {
  let id = 0;
  let left = photos;
  const answers: Answer[] = [];
  const formPages = Array.from({ length: pages }, (_, p) => {
    const questions: Question[] = Array.from({ length: perPage }, (_, i) => question(++id, p * perPage + i));
    for (const q of questions) answers.push(answerOf(q));
    const here = Math.ceil(left / (pages - p));
    if (here > 0) {
      const upload: Question = { id: ++id, label: `Photos of page ${p + 1}`, type: 'FileUpload', accept: 'image/*' };
      questions.push(upload);
      answers.push({
        questionId: upload.id,
        answers: Array.from({ length: here }, (_, k) => `questions/${upload.id}/b${k}/photo-${photos - left + k}.jpg`),
      });
      left -= here;
    }
    return { id: p + 1, label: `Page ${p + 1} of the inspection`, questions };
  });
  const form: FormDefinition = {
    id: 900,
    clientId: 1,
    formArea: 'quality-assurance',
    category: 'inspections',
    title: 'Bench Inspection',
    status: 'Published',
    version: 1,
    isActive: true,
    pages: formPages,
  };
  const entry: FormEntry = {
    id: 1,
    clientId: 1,
    projectId: 1,
    formId: 900,
    formArea: 'quality-assurance',
    entryNumber: 1,
    globalEntryNumber: 1,
    date: '2026-11-20T09:30:00.000Z',
    enteredBy: 'Seán Doyle',
    answers,
  };
  return { form, entry };
}

/**
 * A headless Chromium from the @sparticuz/chromium package, with the closed-network flags of runtime/e2e/browser.ts
 * (api/ may not import runtime/: tests/architecture.test.ts).
 */
async function launchChromium() {
  const { default: packaged } = await import('@sparticuz/chromium');
  const unwanted = new Set(['--single-process', '--disable-web-security', '--allow-running-insecure-content']);
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || (await packaged.executablePath()),
    headless: true,
    args: [
      ...packaged.args.filter((a) => !unwanted.has(a)),
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
    ],
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  // The register first, before the photos are made, so the process's peak RSS over it is the register's.
  {
    const { form, entry } = entryOf(1, 8, 0);
    const columns = [
      { id: 'entryNumber', header: 'Entry Number' },
      { id: 'date', header: 'Created' },
      { id: 'enteredBy', header: 'Entered By' },
      { id: 'status', header: 'Status' },
      ...form.pages[0].questions.slice(0, 4).map((q) => ({ id: `q_${q.id}`, header: q.label })),
    ];
    async function* rows(): AsyncIterable<FormEntry> {
      for (let n = 1; n <= REGISTER_ENTRIES; n += 1) yield { ...entry, id: n, entryNumber: n };
    }
    // The PDF goes to a sink that only counts its bytes (the job writes it to a file): what is measured is the
    // renderer's own memory. Two runs: one timed (and its peak RSS), then with --expose-gc (npm run bench:pdf) one
    // that collects the heap at each progress call, so the figure is what the render keeps, not garbage the
    // collector has not reached yet (that run is slower by its collections and is not timed).
    const gc = (globalThis as { gc?: () => void }).gc;
    const run = async (sampleHeap: boolean) => {
      gc?.();
      const base = process.memoryUsage();
      let retained = 0;
      let size = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done();
        },
      });
      const t0 = performance.now();
      await renderRegisterPdf(
        {
          form,
          title: form.title,
          columns,
          filters: [{ label: 'Status', value: 'Submitted' }],
          rows: rows(),
          total: REGISTER_ENTRIES,
          projectName: project.name,
          clientName: 'Corrib Civil Engineering',
          printedOn: new Date(),
        },
        sink,
        {
          onProgress: () => {
            if (!sampleHeap || !gc) return;
            gc();
            const now = process.memoryUsage();
            retained = Math.max(retained, now.heapUsed + now.external - base.heapUsed - base.external);
          },
        },
      );
      return { ms: performance.now() - t0, size, before: base.rss, retained };
    };
    const timed = await run(false);
    const peak = process.resourceUsage().maxRSS * 1024;
    const kept = gc ? (await run(true)).retained : undefined;
    console.log(
      `register PDF, ${REGISTER_ENTRIES} entries x ${columns.length} columns: ${(timed.ms / 1000).toFixed(2)} s, ${mib(timed.size)}; peak RSS +${mib(peak - timed.before)} over ${mib(timed.before)}${kept === undefined ? '' : `, heap kept at most +${mib(kept)}`}`,
    );
  }

  const photos: Buffer[] = [];
  for (let i = 0; i < 6; i += 1) photos.push(await photo(i));
  // 60 photos by path: six distinct photos' bytes, each path read anew (as the blob store reads each file).
  const readFile = async (path: string) => photos[Number(/photo-(\d+)/.exec(path)?.[1] ?? 0) % photos.length];
  console.log(
    `photos: 4032 x 3024 JPEG, ${mib(photos.reduce((s, p) => s + p.length, 0) / photos.length)} each on average; image quality ${QUALITY}`,
  );

  const timeEntry = async (pages: number, perPage: number, count: number, runs: number) => {
    const { form, entry } = entryOf(pages, perPage, count);
    const times: number[] = [];
    const cpus: number[] = [];
    let size = 0;
    let pdfPages = 0;
    for (let run = 0; run <= runs; run += 1) {
      const out = collector();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await renderEntryPdf(
        {
          form,
          entry,
          project,
          clientName: 'Corrib Civil Engineering',
          imageQuality: QUALITY,
          readFile,
          printedOn: new Date(),
        },
        out,
      );
      if (run > 0) {
        times.push(performance.now() - t0);
        const cpu = process.cpuUsage(cpu0);
        cpus.push((cpu.user + cpu.system) / 1000);
      }
      size = out.bytes().length;
      pdfPages = (
        out
          .bytes()
          .toString('latin1')
          .match(/\/Type \/Page\b/g) ?? []
      ).length;
    }
    const questions = form.pages.reduce((s, p) => s + p.questions.length, 0);
    console.log(
      `entry PDF, ${pages} form pages, ${questions} questions, ${count} photos: median ${(median(times) / 1000).toFixed(2)} s of ${runs} (${times.map((t) => (t / 1000).toFixed(2)).join(', ')}), CPU ${(median(cpus) / 1000).toFixed(2)} s, ${pdfPages} PDF pages, ${mib(size)}`,
    );
    return { form, entry };
  };
  await timeEntry(2, 14, 4, 5);
  // Where the time of the large one goes: its layout and writing alone, without photos.
  await timeEntry(40, 4, 0, 3);
  const big = await timeEntry(40, 4, 60, 3);

  if (CHROMIUM) {
    // The same 40-page entry as an HTML print view with the same resized photos, printed by Chromium.
    const t0 = performance.now();
    const images: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const prepared = await pdfImage(photos[i % photos.length], QUALITY);
      images.push(`data:image/jpeg;base64,${prepared?.bytes.toString('base64')}`);
    }
    const tImages = performance.now() - t0;
    let image = 0;
    const body = big.form.pages
      .map(
        (page) =>
          `<section><h2>${page.label}</h2>${page.questions
            .map((q) => {
              const answer = big.entry.answers.find((a) => a.questionId === q.id);
              if (q.type === 'FileUpload')
                return `<div class="q"><b>${q.label}</b><div class="photos">${(answer?.answers ?? []).map(() => `<img src="${images[image++ % 60]}">`).join('')}</div></div>`;
              return `<div class="q"><b>${q.label}</b><div>${(answer?.answers ?? []).join(', ')}</div></div>`;
            })
            .join('')}</section>`,
      )
      .join('');
    const html = `<!doctype html><html><head><style>body{font:9pt sans-serif;margin:0}.q{break-inside:avoid;margin:0 0 8pt}.photos img{width:48%;margin:1%}section{break-before:page}</style></head><body><h1>${big.form.title}</h1>${body}</body></html>`;
    const tLaunch0 = performance.now();
    const browser = await launchChromium();
    const launch = performance.now() - tLaunch0;
    try {
      const times: number[] = [];
      let size = 0;
      for (let run = 0; run < 3; run += 1) {
        const t1 = performance.now();
        const page = await browser.newPage();
        await page.setContent(html, { waitUntil: 'load' });
        const pdf = await page.pdf({
          format: 'A4',
          margin: { top: '40px', bottom: '50px', left: '40px', right: '40px' },
          displayHeaderFooter: true,
          footerTemplate:
            '<div style="font-size:7pt;width:100%;text-align:right;margin-right:40px">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
          headerTemplate: '<div></div>',
        });
        await page.close();
        times.push(performance.now() - t1);
        size = pdf.length;
      }
      console.log(
        `Chromium print of the 40-page entry, 60 photos: launch ${(launch / 1000).toFixed(2)} s, photos resized ${(tImages / 1000).toFixed(2)} s, print median ${(median(times) / 1000).toFixed(2)} s (${times.map((t) => (t / 1000).toFixed(2)).join(', ')}), ${mib(size)}`,
      );
    } finally {
      await browser.close();
    }
  }
}

await main();
