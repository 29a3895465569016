/**
 * PDF jobs (issue 24 §2; administration-data.md §7 "Project forms": downloadPdf, downloadPdfRegister,
 * checkPdfComplete, checkpdfregistercomplete, pdfdownloadstatus, pdfdownloadstop): a small in-process runner of
 * the work that writes a PDF (or a zip of PDFs) to a file, so that a long render runs while the browser polls.
 *
 * - One job at a time per user: a user's second job waits until the first ends (queued, then running). Across
 *   users at most `limits.running` run at once (the machine's cores); a user may have at most `limits.perUser`
 *   jobs queued or running and the runner `limits.overall`: beyond, `start` answers 429 pdfJobs.queueFull.
 * - Work writes to `<dir>/<jobId>.part`; when it ends the file is renamed `<jobId>.pdf|.zip` (a half-written
 *   file never has the final name). Stop aborts the work (its AbortSignal) and deletes the part or the finished
 *   file; a failed job's part is deleted too.
 * - A finished file is deleted once it has been downloaded whole, or `limits.keepMs` after it finished; a stopped
 *   or failed job is remembered (its status answers) for `limits.keepMs`, then forgotten.
 * - Jobs live in this process only: a restart loses them, and the folder is emptied when a runner starts
 *   (docs/decisions.md "PDF jobs").
 *
 * A job is its owner's: every question names the owner (user, client, project, form area) and a job of another
 * owner is not found (404), as if it did not exist.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { AppError } from '../../engine/errors';

/** What a job makes: an entry PDF (or a zip of several), or a register PDF. */
export type PdfJobKind = 'entry' | 'register';
/** Where a job is: waiting its turn, being written, ready to download, stopped by its user, or failed. */
export type PdfJobState = 'queued' | 'running' | 'complete' | 'stopped' | 'failed';

/** Whose a job is: the user, the tenant, and the project and form area of the path it was started on. */
export interface PdfJobOwner {
  userId: number;
  clientId: number;
  projectId: number;
  formArea: string;
}

/** What a job's work gets: where to write, the signal that stops it, and where to tell its progress. */
export interface PdfJobContext {
  /** The file being written (a temp name). The work may end it; the runner ends it otherwise. */
  out: NodeJS.WritableStream;
  /** Aborted when the user stops the job (or the runner closes): the work should reject soon after. */
  signal: AbortSignal;
  /** The share done so far, 0..1 (values outside are clamped). */
  progress(fraction: number): void;
}

/** The work of a job: writes the file to `out`; rejects to fail the job. */
export type PdfJobWork = (context: PdfJobContext) => Promise<void>;

/** What a job is, for its user (the answer of every status call). */
export interface PdfJobStatus {
  jobId: string;
  kind: PdfJobKind;
  state: PdfJobState;
  /** 0..100, whole; 100 only when complete. */
  percent: number;
  /** True when the file is ready to download. */
  complete: boolean;
  /** The name the download will have. */
  fileName: string;
  /** Why a failed job failed (the catalogue text). */
  message?: string;
}

/** The runner's bounds (see the module comment). */
export interface PdfJobLimits {
  /** Jobs one user may have queued or running (default 3). */
  perUser: number;
  /** Jobs the runner may have queued or running (default 20). */
  overall: number;
  /** Jobs running at once across users (default 2). */
  running: number;
  /** How long a finished file, a stopped or a failed job is kept, ms (default 15 minutes). */
  keepMs: number;
}

export const DEFAULT_PDF_JOB_LIMITS: PdfJobLimits = { perUser: 3, overall: 20, running: 2, keepMs: 15 * 60_000 };

/** How long `stop` waits for aborted work to settle before it answers (the cleanup still follows), ms. */
const STOP_WAIT_MS = 5_000;
/** How often expired files and jobs are swept, ms. */
const SWEEP_MS = 60_000;

interface Job {
  id: string;
  owner: PdfJobOwner;
  kind: PdfJobKind;
  fileName: string;
  contentType: string;
  state: PdfJobState;
  fraction: number;
  work: PdfJobWork;
  controller: AbortController;
  /** The file written (part) and the finished one. */
  partPath: string;
  filePath: string;
  /** When the job reached complete, stopped or failed (ms since epoch). */
  endedAt?: number;
  /** Settles when the running work and its cleanup are over. */
  settled?: Promise<void>;
  message?: string;
}

const sameOwner = (a: PdfJobOwner, b: PdfJobOwner) =>
  a.userId === b.userId && a.clientId === b.clientId && a.projectId === b.projectId && a.formArea === b.formArea;

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A finished job's file, to be sent: its path, name, type and size; `sent()` deletes it (a whole download). */
export interface PdfJobFile {
  path: string;
  fileName: string;
  contentType: string;
  size: number;
  /** Opens the file for reading; once it has been read to its end the file and the job are gone. */
  open(): NodeJS.ReadableStream;
}

/** The in-process PDF job runner of one app (see the module comment). */
export class PdfJobRunner {
  readonly dir: string;
  readonly limits: PdfJobLimits;
  private readonly jobs = new Map<string, Job>();
  private readonly queue: Job[] = [];
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  /**
   * @param dir the folder for the files (made when needed; anything in it is deleted: a restart loses jobs)
   * @param limits bounds, each defaulting to DEFAULT_PDF_JOB_LIMITS
   */
  constructor(dir: string, limits: Partial<PdfJobLimits> = {}) {
    this.dir = dir;
    this.limits = { ...DEFAULT_PDF_JOB_LIMITS, ...limits };
    // The folder is made when a first job starts (an app that prints nothing leaves no folder behind).
    if (existsSync(dir))
      for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { force: true, recursive: true });
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /**
   * Queues a job; it runs when its user has no other running and a running place is free.
   * @returns its status (queued or already running)
   * @throws AppError 429 pdfJobs.queueFull beyond `perUser` jobs of the user or `overall` jobs
   */
  start(owner: PdfJobOwner, kind: PdfJobKind, fileName: string, contentType: string, work: PdfJobWork): PdfJobStatus {
    if (this.closed) throw new AppError(503, 'pdfJobs.queueFull');
    const active = [...this.jobs.values()].filter((job) => job.state === 'queued' || job.state === 'running');
    if (
      active.length >= this.limits.overall ||
      active.filter((job) => job.owner.userId === owner.userId).length >= this.limits.perUser
    )
      throw new AppError(429, 'pdfJobs.queueFull').withHeader('Retry-After', '10');
    const id = randomUUID();
    const extension = contentType === 'application/zip' ? 'zip' : 'pdf';
    const job: Job = {
      id,
      owner,
      kind,
      fileName,
      contentType,
      state: 'queued',
      fraction: 0,
      work,
      controller: new AbortController(),
      partPath: path.join(this.dir, `${id}.part`),
      filePath: path.join(this.dir, `${id}.${extension}`),
    };
    this.jobs.set(id, job);
    this.queue.push(job);
    this.schedule();
    return this.statusOf(job);
  }

  /**
   * The status of the owner's job `jobId` (of `kind` when given).
   * @throws AppError 404 pdfJobs.notFound for an unknown id, another owner's job or a job of another kind
   */
  status(owner: PdfJobOwner, jobId: string | undefined, kind?: PdfJobKind): PdfJobStatus {
    return this.statusOf(this.find(owner, jobId, kind));
  }

  /**
   * Stops the owner's job: a queued one never runs, a running one is aborted, a finished file is deleted. Waits
   * (up to a few seconds) for the work to settle, so that no file of the job is left when it answers.
   * @returns the job's status: stopped (a failed job stays failed)
   * @throws AppError 404 pdfJobs.notFound
   */
  async stop(owner: PdfJobOwner, jobId: string | undefined): Promise<PdfJobStatus> {
    const job = this.find(owner, jobId);
    await this.halt(job);
    return this.statusOf(job);
  }

  /**
   * The owner's finished file, to send.
   * @throws AppError 404 pdfJobs.notFound; 409 pdfJobs.notReady (queued or running), pdfJobs.stopped, pdfJobs.failed
   */
  async file(owner: PdfJobOwner, jobId: string | undefined): Promise<PdfJobFile> {
    const job = this.find(owner, jobId);
    if (job.state === 'stopped') throw new AppError(409, 'pdfJobs.stopped');
    if (job.state === 'failed') throw new AppError(409, 'pdfJobs.failed');
    if (job.state !== 'complete') throw new AppError(409, 'pdfJobs.notReady');
    const size = (await stat(job.filePath)).size;
    return {
      path: job.filePath,
      fileName: job.fileName,
      contentType: job.contentType,
      size,
      open: () => {
        const stream = createReadStream(job.filePath);
        // Read to its end: the download is whole, the file and the job go. A download broken off keeps the file
        // until it expires, so that the user can try again.
        stream.on('end', () => {
          if (this.jobs.get(job.id) === job) this.jobs.delete(job.id);
          void unlink(job.filePath).catch(() => undefined);
        });
        return stream;
      },
    };
  }

  /** The jobs queued or running (all owners): for tests and the bench. */
  activeCount(): number {
    return [...this.jobs.values()].filter((job) => job.state === 'queued' || job.state === 'running').length;
  }

  /** Stops every job, deletes the files and the sweeper (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.jobs.values()].map((job) => this.halt(job)));
    this.jobs.clear();
  }

  private find(owner: PdfJobOwner, jobId: string | undefined, kind?: PdfJobKind): Job {
    const job = jobId && JOB_ID.test(jobId) ? this.jobs.get(jobId) : undefined;
    if (!job || !sameOwner(job.owner, owner) || (kind && job.kind !== kind))
      throw new AppError(404, 'pdfJobs.notFound');
    return job;
  }

  private statusOf(job: Job): PdfJobStatus {
    const percent = job.state === 'complete' ? 100 : Math.min(99, Math.floor(job.fraction * 100));
    return {
      jobId: job.id,
      kind: job.kind,
      state: job.state,
      percent,
      complete: job.state === 'complete',
      fileName: job.fileName,
      ...(job.message ? { message: job.message } : {}),
    };
  }

  /** Starts the queued jobs that may run: in order, one per user, up to `running` at once. */
  private schedule(): void {
    let running = [...this.jobs.values()].filter((job) => job.state === 'running');
    for (const job of [...this.queue]) {
      if (running.length >= this.limits.running) break;
      if (running.some((other) => other.owner.userId === job.owner.userId)) continue;
      this.queue.splice(this.queue.indexOf(job), 1);
      job.state = 'running';
      job.settled = this.run(job);
      running = [...running, job];
    }
  }

  private async run(job: Job): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const out = createWriteStream(job.partPath);
    const progress = (fraction: number) => {
      if (job.state === 'running' && Number.isFinite(fraction)) job.fraction = Math.max(0, Math.min(1, fraction));
    };
    try {
      await job.work({ out, signal: job.controller.signal, progress });
      if (job.controller.signal.aborted) throw job.controller.signal.reason;
      if (!out.writableEnded) out.end();
      await finished(out);
      if (job.controller.signal.aborted) throw job.controller.signal.reason;
      await rename(job.partPath, job.filePath);
      if (job.controller.signal.aborted) {
        await unlink(job.filePath).catch(() => undefined);
        throw job.controller.signal.reason;
      }
      job.state = 'complete';
      job.fraction = 1;
    } catch (error) {
      out.destroy();
      await finished(out).catch(() => undefined);
      await unlink(job.partPath).catch(() => undefined);
      if (job.state === 'running') {
        job.state = 'failed';
        job.message = error instanceof AppError ? error.message : new AppError(500, 'pdfJobs.failed').message;
        if (!(error instanceof AppError)) console.error(`PDF job ${job.id} failed:`, error);
      }
    } finally {
      job.endedAt = Date.now();
      job.work = async () => undefined;
      this.schedule();
    }
  }

  private async halt(job: Job): Promise<void> {
    if (job.state === 'queued') {
      this.queue.splice(this.queue.indexOf(job), 1);
      job.state = 'stopped';
      job.endedAt = Date.now();
      return;
    }
    if (job.state === 'running') {
      job.state = 'stopped';
      job.controller.abort(new AppError(409, 'pdfJobs.stopped'));
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_WAIT_MS);
      });
      await Promise.race([job.settled, waited]);
      clearTimeout(timer);
      return;
    }
    if (job.state === 'complete') {
      job.state = 'stopped';
      job.endedAt = Date.now();
      await unlink(job.filePath).catch(() => undefined);
    }
  }

  /** Deletes finished files and forgets ended jobs older than `keepMs`. */
  private async sweep(now = Date.now()): Promise<void> {
    for (const job of [...this.jobs.values()]) {
      if (job.endedAt === undefined || now - job.endedAt < this.limits.keepMs) continue;
      this.jobs.delete(job.id);
      if (job.state === 'complete') await unlink(job.filePath).catch(() => undefined);
    }
  }

  /** Runs the sweep now as if at `now` (tests). */
  sweepNow(now = Date.now()): Promise<void> {
    return this.sweep(now);
  }
}
