/**
 * The PDF calls of "Project forms" as jobs (issue 24 §2, "Bad input and faults"; docs/entries.md "PDF downloads"):
 * start, poll and download an entry PDF, several entries as one zip, a register PDF; imageQuality checked; stop
 * half way leaves no file; one user's jobs run one after the other, the queue is bounded (429); another user's job
 * and another client's project are not found. The job machinery runs here with renderers of the test's own
 * (api/pdf/renderers.ts PdfRenderers) whose steps the test holds and releases.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { PdfJobRunner, type PdfJobStatus } from './pdf/jobs';
import type { EntryPdfInput, PdfRenderers, RegisterPdfInput } from './pdf/renderers';
import { type Harness, makeHarness } from './test/harness';
import { pdfPages } from './test/pdf';

const HS = '/api/projects/1/forms/health-and-safety';
/** Page 1 of the Site Safety Inspection with its required questions; hot work (question 6) No. */
const noHotWork = [
  { questionId: 1, answers: ['Seán Doyle'] },
  { questionId: 2, answers: ['2026-11-20'] },
  { questionId: 6, answers: ['No'] },
];

/** Today in the server's time zone, as the download names write dates (yyyy-MM-dd). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: process.env.TZ || 'UTC' }).format(new Date());

/** An entry PDF's name by the default export setting: form title, entry number, ' - ', its created date. */
const pdfName = (entryNumber: number) => `Site Safety Inspection ${entryNumber} - ${today}.pdf`;
/** A promise and its resolve. */
function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Waits for `deferred` unless `signal` aborts first (then rejects with its reason). */
function held(gate: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    void gate.then(resolve);
  });
}

/**
 * Renderers writing a text "PDF" in four steps, telling their progress after each; with `hold` set, each render
 * waits for it after its second step (half way). `events` records each render's start and end.
 */
function fakeRenderers() {
  const events: string[] = [];
  const seen: { entry: EntryPdfInput[]; register: { input: RegisterPdfInput; rows: unknown[] }[] } = {
    entry: [],
    register: [],
  };
  const state: { hold?: ReturnType<typeof deferred> } = {};
  const steps = async (
    name: string,
    out: NodeJS.WritableStream,
    signal?: AbortSignal,
    onProgress?: (d: number, t: number) => void,
  ) => {
    events.push(`start ${name}`);
    out.write(`%PDF-fake ${name}\n`);
    for (let step = 1; step <= 4; step += 1) {
      signal?.throwIfAborted();
      out.write(`${name} step ${step}\n`);
      onProgress?.(step, 4);
      if (step === 2 && state.hold) await held(state.hold.promise, signal);
    }
    out.write('%%EOF\n');
    events.push(`end ${name}`);
  };
  const renderers: PdfRenderers = {
    async entry(input, out, options) {
      seen.entry.push(input);
      await steps(`${input.form.title} ${input.entry.entryNumber}`, out, options?.signal, options?.onProgress);
    },
    async register(input, out, options) {
      const rows: unknown[] = [];
      for await (const row of input.rows) rows.push(row);
      seen.register.push({ input, rows });
      await steps(`register ${input.title}`, out, options?.signal, options?.onProgress);
    },
  };
  return { renderers, events, seen, state };
}

let h: Harness;
let dir: string;
let runner: PdfJobRunner;
let fake: ReturnType<typeof fakeRenderers>;
let admin: string;

async function setUp(limits: ConstructorParameters<typeof PdfJobRunner>[1] = {}, platformRenderers = false) {
  dir = mkdtempSync(path.join(tmpdir(), 'pdf-jobs-test-'));
  runner = new PdfJobRunner(path.join(dir, 'jobs'), limits);
  fake = fakeRenderers();
  h = await makeHarness();
  // The harness's app, again with this runner and these renderers (same store and seed).
  const app = createApp({
    store: h.store,
    pdfJobs: runner,
    pdfRenderers: platformRenderers ? undefined : fake.renderers,
  });
  h.app = app;
  h.call = (method, p, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.Cookie = options.cookie;
    const body = options.body !== undefined ? JSON.stringify(options.body) : options.raw;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return Promise.resolve(app.request(p, { method, headers, body }));
  };
  admin = await h.login('admin@demo.local');
  expect((await h.call('POST', '/api/authorization/setClient/1', { cookie: admin })).status).toBe(200);
}

beforeEach(async () => {
  await setUp();
});
afterEach(async () => {
  fake.state.hold?.resolve();
  await runner.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Submits a Site Safety Inspection entry on project 1; its entry number. */
async function submitEntry(cookie: string, answers = noHotWork): Promise<number> {
  const res = await h.call('PUT', `${HS}/submit`, { cookie, body: { formId: 5, answers } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { entryNumber: number }).entryNumber;
}

async function startEntries(cookie: string, entries: { formId: number; entryNumber: number }[], query = '') {
  return h.call('POST', `${HS}/downloadPdf${query}`, { cookie, body: { entries } });
}

async function status(cookie: string, jobId: string, call = 'pdfdownloadstatus'): Promise<Response> {
  return h.call('GET', `${HS}/${call}?jobId=${jobId}`, { cookie });
}

/** Polls pdfdownloadstatus until `until` holds of the status; returns it. */
async function pollUntil(cookie: string, jobId: string, until: (s: PdfJobStatus) => boolean): Promise<PdfJobStatus> {
  return vi.waitFor(
    async () => {
      const res = await status(cookie, jobId);
      expect(res.status).toBe(200);
      const s = (await res.json()) as PdfJobStatus;
      if (!until(s)) throw new Error(`not yet: ${JSON.stringify(s)}`);
      return s;
    },
    { timeout: 10_000, interval: 10 },
  );
}

/** The files left in the runner's folder. */
const filesLeft = () => {
  try {
    return readdirSync(runner.dir);
  } catch {
    return [];
  }
};

describe('an entry PDF', () => {
  it('starts as a job, is polled to 100% and downloads once, with the form title and entry number as its name', async () => {
    const entryNumber = await submitEntry(admin);
    const started = await startEntries(admin, [{ formId: 5, entryNumber }]);
    expect(started.status).toBe(202);
    const job = (await started.json()) as PdfJobStatus;
    expect(job).toMatchObject({ kind: 'entry', complete: false });
    // The export setting's default: form title, entry number, ' - ', the entry's created date.
    expect(job.fileName).toBe(pdfName(entryNumber));
    expect(['queued', 'running']).toContain(job.state);

    const done = await pollUntil(admin, job.jobId, (s) => s.complete);
    expect(done).toMatchObject({ state: 'complete', percent: 100 });
    const check = (await (await status(admin, job.jobId, 'checkPdfComplete')).json()) as PdfJobStatus;
    expect(check.complete).toBe(true);
    // An entry job is not a register job.
    expect((await status(admin, job.jobId, 'checkpdfregistercomplete')).status).toBe(404);

    const file = await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain(pdfName(entryNumber));
    const text = await file.text();
    expect(text).toContain(`%PDF-fake Site Safety Inspection ${entryNumber}`);
    expect(text).toContain('%%EOF');
    // Downloaded whole: the file and the job are gone.
    await vi.waitFor(() => expect(filesLeft()).toEqual([]));
    expect((await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin })).status).toBe(404);
  });

  it('renders the entry with its own form version, its project and client, at the asked image quality (default 80)', async () => {
    const entryNumber = await submitEntry(admin);
    const job = (await (
      await startEntries(admin, [{ formId: 5, entryNumber }], '?imageQuality=35')
    ).json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete);
    const input = fake.seen.entry[0];
    expect(input.imageQuality).toBe(35);
    expect(input.entry.entryNumber).toBe(entryNumber);
    expect(input.form.id).toBe(5);
    expect(input.form.version).toBe(input.entry.formVersion);
    expect(input.project.code).toBe('CCE-2401');
    expect(input.clientName).not.toBe('');
    const again = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    await pollUntil(admin, again.jobId, (s) => s.complete);
    expect(fake.seen.entry[1].imageQuality).toBe(80);
  });

  it('refuses an imageQuality outside 1..100 with 400 and starts no job', async () => {
    const entryNumber = await submitEntry(admin);
    for (const quality of ['0', '101', 'x', '1.5', '-3', '']) {
      const res = await startEntries(admin, [{ formId: 5, entryNumber }], `?imageQuality=${quality}`);
      expect(res.status, quality).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The image quality must be a whole number from 1 to 100.',
      );
    }
    expect(runner.activeCount()).toBe(0);
    expect(fake.events).toEqual([]);
    for (const quality of ['1', '100']) {
      const res = await startEntries(admin, [{ formId: 5, entryNumber }], `?imageQuality=${quality}`);
      expect(res.status, quality).toBe(202);
      await pollUntil(admin, ((await res.json()) as PdfJobStatus).jobId, (s) => s.complete);
    }
  });

  it('answers 404 for an entry or form not on the project, and for another client project, with no job', async () => {
    const entryNumber = await submitEntry(admin);
    expect((await startEntries(admin, [{ formId: 5, entryNumber: 9999 }])).status).toBe(404);
    expect((await startEntries(admin, [{ formId: 1, entryNumber }])).status).toBe(404); // a QA form
    const other = await h.call('POST', '/api/projects/5/forms/health-and-safety/downloadPdf', {
      cookie: admin,
      body: { entries: [{ formId: 5, entryNumber }] },
    });
    expect(other.status).toBe(404);
    expect((await startEntries(admin, [])).status).toBe(400);
    expect(runner.activeCount()).toBe(0);
  });
});

describe('several entries', () => {
  it('give one zip with a PDF per entry, named by form title and entry number', async () => {
    const numbers = [await submitEntry(admin), await submitEntry(admin), await submitEntry(admin)];
    const res = await startEntries(
      admin,
      [...numbers, numbers[0]].map((entryNumber) => ({ formId: 5, entryNumber })),
    );
    expect(res.status).toBe(202);
    const job = (await res.json()) as PdfJobStatus;
    expect(job.fileName).toMatch(/^Site Safety Inspection - \d{4}-\d{2}-\d{2}\.zip$/);
    await pollUntil(admin, job.jobId, (s) => s.complete);
    const file = await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin });
    expect(file.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(await file.arrayBuffer());
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(numbers.map(pdfName).sort());
    for (const n of numbers) {
      const text = await zip.file(pdfName(n))?.async('string');
      expect(text).toContain(`%PDF-fake Site Safety Inspection ${n}`);
      expect(text).toContain('%%EOF');
    }
  });
});

describe('a register PDF', () => {
  it('renders the visible columns, the filters and the ticked entries as a register job', async () => {
    const numbers = [await submitEntry(admin), await submitEntry(admin), await submitEntry(admin)];
    const columns = [
      { id: 'entryNumber', header: 'Entry Number' },
      { id: 'enteredBy', header: 'Entered By' },
    ];
    const res = await h.call('POST', `${HS}/downloadPdfRegister`, {
      cookie: admin,
      body: {
        formId: 5,
        columns,
        filters: [{ id: 'status', value: 'Submitted' }],
        globalFilter: 'a',
        sorting: [{ id: 'entryNumber', desc: false }],
        downloadFormIds: [numbers[2], numbers[0]],
      },
    });
    expect(res.status).toBe(202);
    const job = (await res.json()) as PdfJobStatus;
    expect(job).toMatchObject({ kind: 'register' });
    expect(job.fileName).toMatch(/^Site Safety Inspection - \d{4}-\d{2}-\d{2}\.pdf$/);
    await vi.waitFor(
      async () =>
        expect(
          ((await (await status(admin, job.jobId, 'checkpdfregistercomplete')).json()) as PdfJobStatus).complete,
        ).toBe(true),
      { timeout: 10_000, interval: 10 },
    );
    expect((await status(admin, job.jobId, 'checkPdfComplete')).status).toBe(404);
    const { input, rows } = fake.seen.register[0];
    expect(input.columns).toEqual(columns);
    expect(input.title).toBe('Site Safety Inspection');
    expect(input.filters).toEqual([
      { label: 'Status', value: 'Submitted' },
      { label: 'Search', value: 'a' },
    ]);
    expect(input.total).toBe(2);
    expect((rows as { entryNumber: number }[]).map((r) => r.entryNumber)).toEqual([numbers[0], numbers[2]]);
    const file = await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin });
    expect(await file.text()).toContain('%PDF-fake register Site Safety Inspection');
  });

  it('without ticked entries takes every submitted entry the filters select', async () => {
    const numbers = [await submitEntry(admin), await submitEntry(admin)];
    const res = await h.call('POST', `${HS}/downloadPdfRegister`, {
      cookie: admin,
      body: { formId: 5, columns: [{ id: 'entryNumber', header: 'Entry Number' }], downloadFormIds: [] },
    });
    const job = (await res.json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete);
    const { input, rows } = fake.seen.register[0];
    const got = (rows as { entryNumber: number }[]).map((r) => r.entryNumber);
    expect(got).toEqual(expect.arrayContaining(numbers));
    expect(input.total).toBe(got.length);
  });

  it('refuses a body without columns (400)', async () => {
    const res = await h.call('POST', `${HS}/downloadPdfRegister`, { cookie: admin, body: { formId: 5, columns: [] } });
    expect(res.status).toBe(400);
    expect(runner.activeCount()).toBe(0);
  });
});

describe('stop', () => {
  it('half way aborts the job and leaves no file; the download then answers 409', async () => {
    const entryNumber = await submitEntry(admin);
    fake.state.hold = deferred();
    const job = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    const half = await pollUntil(admin, job.jobId, (s) => s.percent >= 50);
    expect(half).toMatchObject({ state: 'running', percent: 50, complete: false });
    // Being written: only under its temp name (the file is opened as the first bytes go out).
    await vi.waitFor(() => expect(filesLeft()).toEqual([`${job.jobId}.part`]));

    const stopped = await h.call('GET', `${HS}/pdfdownloadstop?jobId=${job.jobId}`, { cookie: admin });
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as PdfJobStatus).state).toBe('stopped');
    expect(filesLeft()).toEqual([]);
    expect(fake.events).toEqual([`start Site Safety Inspection ${entryNumber}`]);
    const file = await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin });
    expect(file.status).toBe(409);
    expect(((await file.json()) as { message: string }).message).toBe('The PDF download was stopped.');
    expect(((await (await status(admin, job.jobId)).json()) as PdfJobStatus).state).toBe('stopped');
  });

  it('of a zip half way leaves no file either', async () => {
    const numbers = [await submitEntry(admin), await submitEntry(admin)];
    fake.state.hold = deferred();
    const job = (await (
      await startEntries(
        admin,
        numbers.map((entryNumber) => ({ formId: 5, entryNumber })),
      )
    ).json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.percent >= 25);
    await h.call('GET', `${HS}/pdfdownloadstop?jobId=${job.jobId}`, { cookie: admin });
    expect(filesLeft()).toEqual([]);
  });

  it('of a finished job deletes its file', async () => {
    const entryNumber = await submitEntry(admin);
    const job = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete);
    expect(filesLeft()).toEqual([`${job.jobId}.pdf`]);
    await h.call('GET', `${HS}/pdfdownloadstop?jobId=${job.jobId}`, { cookie: admin });
    expect(filesLeft()).toEqual([]);
    expect((await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin })).status).toBe(409);
  });
});

describe('the queue', () => {
  it('runs two jobs of one user one after the other: the second starts when the first ends', async () => {
    const [a, b] = [await submitEntry(admin), await submitEntry(admin)];
    fake.state.hold = deferred();
    const first = (await (await startEntries(admin, [{ formId: 5, entryNumber: a }])).json()) as PdfJobStatus;
    const second = (await (await startEntries(admin, [{ formId: 5, entryNumber: b }])).json()) as PdfJobStatus;
    await pollUntil(admin, first.jobId, (s) => s.percent >= 50);
    expect(((await (await status(admin, second.jobId)).json()) as PdfJobStatus).state).toBe('queued');
    expect(fake.events).toEqual([`start Site Safety Inspection ${a}`]);
    fake.state.hold.resolve();
    await pollUntil(admin, second.jobId, (s) => s.complete);
    expect(fake.events).toEqual([
      `start Site Safety Inspection ${a}`,
      `end Site Safety Inspection ${a}`,
      `start Site Safety Inspection ${b}`,
      `end Site Safety Inspection ${b}`,
    ]);
  });

  it("runs another user's job beside a user's running one", async () => {
    const user = await h.login('user@demo.local');
    const [a, b] = [await submitEntry(admin), await submitEntry(admin)];
    fake.state.hold = deferred();
    const first = (await (await startEntries(admin, [{ formId: 5, entryNumber: a }])).json()) as PdfJobStatus;
    const other = (await (await startEntries(user, [{ formId: 5, entryNumber: b }])).json()) as PdfJobStatus;
    await pollUntil(admin, first.jobId, (s) => s.percent >= 50);
    await pollUntil(user, other.jobId, (s) => s.percent >= 50);
  });

  it('is bounded per user: beyond it, 429 with the catalogue text, and a stopped job makes room', async () => {
    await runner.close();
    await setUp({ perUser: 2 });
    const entryNumber = await submitEntry(admin);
    fake.state.hold = deferred();
    const jobs = [];
    for (let i = 0; i < 2; i += 1)
      jobs.push((await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus);
    const refused = await startEntries(admin, [{ formId: 5, entryNumber }]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(((await refused.json()) as { message: string }).message).toBe(
      'You have too many PDF downloads waiting. Wait for one to finish, then try again.',
    );
    expect(runner.activeCount()).toBe(2);
    // Another user is not held by this user's queue.
    const user = await h.login('user@demo.local');
    expect((await startEntries(user, [{ formId: 5, entryNumber }])).status).toBe(202);
    await h.call('GET', `${HS}/pdfdownloadstop?jobId=${jobs[1].jobId}`, { cookie: admin });
    expect((await startEntries(admin, [{ formId: 5, entryNumber }])).status).toBe(202);
  });

  it('is bounded overall', async () => {
    await runner.close();
    await setUp({ overall: 1 });
    const entryNumber = await submitEntry(admin);
    fake.state.hold = deferred();
    expect((await startEntries(admin, [{ formId: 5, entryNumber }])).status).toBe(202);
    const user = await h.login('user@demo.local');
    expect((await startEntries(user, [{ formId: 5, entryNumber }])).status).toBe(429);
  });
});

describe('access', () => {
  it("answers 404 for another user's job, a job asked on another project or area, and an unknown id", async () => {
    const entryNumber = await submitEntry(admin);
    const job = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete);
    const user = await h.login('user@demo.local');
    for (const call of ['pdfdownloadstatus', 'checkPdfComplete', 'pdfdownloadstop', 'pdfdownloadfile']) {
      const res = await h.call('GET', `${HS}/${call}?jobId=${job.jobId}`, { cookie: user });
      expect(res.status, call).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The PDF download was not found. It may have expired: start it again.',
      );
    }
    const qa = await h.call('GET', `/api/projects/1/forms/quality-assurance/pdfdownloadstatus?jobId=${job.jobId}`, {
      cookie: admin,
    });
    expect(qa.status).toBe(404);
    expect((await status(admin, 'not-a-job')).status).toBe(404);
    expect((await h.call('GET', `${HS}/pdfdownloadstatus`, { cookie: admin })).status).toBe(404);
    // The job is still there for its user.
    expect((await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin })).status).toBe(200);
  });

  it('needs view on the project: a user without access to it is refused', async () => {
    const hs = await h.login('hs@demo.local');
    const res = await startEntries(hs, [{ formId: 5, entryNumber: 1 }]);
    expect([403, 404]).toContain(res.status);
    expect(runner.activeCount()).toBe(0);
  });
});

describe('the runner', () => {
  it('deletes a finished file and forgets ended jobs after keepMs', async () => {
    const entryNumber = await submitEntry(admin);
    const job = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete);
    expect(filesLeft()).toHaveLength(1);
    await runner.sweepNow(Date.now() + runner.limits.keepMs + 1);
    expect(filesLeft()).toEqual([]);
    expect((await status(admin, job.jobId)).status).toBe(404);
  });

  it('empties its folder when it starts (a restart loses the jobs)', async () => {
    const entryNumber = await submitEntry(admin);
    const job = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete);
    expect(filesLeft()).toHaveLength(1);
    const restarted = new PdfJobRunner(runner.dir);
    expect(readdirSync(restarted.dir)).toEqual([]);
    await restarted.close();
  });

  it('fails a job whose renderer throws, leaving no file', async () => {
    const entryNumber = await submitEntry(admin);
    fake.renderers.entry = async (_input, out) => {
      out.write('%PDF-partial');
      throw new Error('broken image');
    };
    const job = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    const failed = await pollUntil(admin, job.jobId, (s) => s.state === 'failed');
    expect(failed.message).toBe('The PDF could not be made. Please try again.');
    expect(filesLeft()).toEqual([]);
    expect((await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin })).status).toBe(409);
  });
});

describe("with the platform's renderers (pdfmake)", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await runner.close();
    await setUp({}, true);
  });

  /** The Site Safety Inspection's answers with hot work: the permit number and the equipment table. */
  const hotWork = [
    ...noHotWork.filter((a) => a.questionId !== 6),
    { questionId: 6, answers: ['Yes'] },
    { questionId: 8, answers: ['HW-0042'] },
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
  ];

  async function download(start: Response): Promise<Response> {
    expect(start.status).toBe(202);
    const job = (await start.json()) as PdfJobStatus;
    await pollUntil(admin, job.jobId, (s) => s.complete || s.state === 'failed');
    const file = await h.call('GET', `${HS}/pdfdownloadfile?jobId=${job.jobId}`, { cookie: admin });
    expect(file.status).toBe(200);
    return file;
  }

  it('an entry PDF holds the hot-work page only when hot work was chosen', async () => {
    const without = await submitEntry(admin);
    const withHotWork = await submitEntry(admin, hotWork);
    const plain = (
      await pdfPages(
        new Uint8Array(
          await (await download(await startEntries(admin, [{ formId: 5, entryNumber: without }]))).arrayBuffer(),
        ),
      )
    ).join(' ');
    expect(plain).toContain('Site Safety Inspection');
    expect(plain).toContain('Seán Doyle');
    expect(plain).not.toContain('Hot work permit number');
    const hot = (
      await pdfPages(
        new Uint8Array(
          await (await download(await startEntries(admin, [{ formId: 5, entryNumber: withHotWork }]))).arrayBuffer(),
        ),
      )
    ).join(' ');
    expect(hot).toContain('Hot work permit number');
    expect(hot).toContain('HW-0042');
  });

  it('several entries give a zip of real PDFs, and a register PDF lists its columns and rows', async () => {
    const numbers = [await submitEntry(admin), await submitEntry(admin, hotWork)];
    const zipFile = await download(
      await startEntries(
        admin,
        numbers.map((entryNumber) => ({ formId: 5, entryNumber })),
      ),
    );
    const zip = await JSZip.loadAsync(await zipFile.arrayBuffer());
    expect(Object.keys(zip.files)).toHaveLength(2);
    for (const n of numbers) {
      const bytes = (await zip.file(pdfName(n))?.async('uint8array')) as Uint8Array;
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      expect((await pdfPages(bytes)).join(' ')).toContain('Site Safety Inspection');
    }
    const register = await download(
      await h.call('POST', `${HS}/downloadPdfRegister`, {
        cookie: admin,
        body: {
          formId: 5,
          columns: [
            { id: 'entryNumber', header: 'Entry Number' },
            { id: 'q_1', header: 'Inspected by' },
          ],
          downloadFormIds: numbers,
        },
      }),
    );
    const text = (await pdfPages(new Uint8Array(await register.arrayBuffer()))).join(' ');
    expect(text).toContain('Entry Number');
    expect(text).toContain('Inspected by');
    expect(text).toContain('Seán Doyle');
  });
});

describe('download names', () => {
  it("follow the project's export setting of the area (issue 24 §3), made safe for every file system", async () => {
    const saved = await h.call('POST', `${HS}/export-setting`, {
      cookie: admin,
      body: { format: 'project:code|text: / |setup:formTitle|text: - |setup:entryNumber' },
    });
    expect(saved.status).toBe(200);
    const entryNumber = await submitEntry(admin);
    const one = (await (await startEntries(admin, [{ formId: 5, entryNumber }])).json()) as PdfJobStatus;
    expect(one.fileName).toBe(`CCE-2401 _ Site Safety Inspection - ${entryNumber}.pdf`);
    const register = await h.call('POST', `${HS}/downloadPdfRegister`, {
      cookie: admin,
      body: { formId: 5, columns: [{ id: 'entryNumber', header: 'Entry Number' }] },
    });
    expect(register.status, await register.clone().text()).toBe(202);
    // A register has no entry number: its part and the text before it are left out.
    expect(((await register.json()) as PdfJobStatus).fileName).toBe('CCE-2401 _ Site Safety Inspection.pdf');
  });
});
