/**
 * The work of the PDF jobs (issue 24 §2; api/pdf/jobs.ts runs it): one entry's PDF, several entries' PDFs as one
 * zip streamed with archiver (each PDF flows through the zip to the file as it is rendered: never a whole PDF nor
 * the whole zip in memory), and a register's PDF whose rows stream from the store.
 */
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { AppError } from '../../engine/errors';
import type { FormDefinition, FormEntry, Project } from '../../engine/types/generated';
import { fileKey } from '../files/paths';
import type { EntryScope } from '../operations/entries';
import type { PdfJobContext, PdfJobWork } from './jobs';
import type { PdfRenderers, RegisterPdfInput } from './renderers';

/** One entry to render: its scope (project, published form), the form version it was filled in, the entry. */
export interface EntryTarget {
  scope: EntryScope;
  /** The entry's own form version (publishedVersionForProject of its formVersion). */
  form: FormDefinition;
  entry: FormEntry;
  /** The entry's PDF name (in a zip: unique in it). */
  fileName: string;
}

/** What an entry render needs besides the target. */
export interface EntryRenderSettings {
  renderers: PdfRenderers;
  /** JPEG quality of photos and images, 1..100. */
  imageQuality: number;
  printedOn: Date;
  timeZone?: string;
}

/** The entry PDF's input of a target: the entry's form version and its files read from the tenant's store. */
function entryInput(target: EntryTarget, settings: EntryRenderSettings) {
  const { scope } = target;
  return {
    form: target.form,
    entry: target.entry,
    project: scope.project as Project,
    clientName: scope.clientName,
    imageQuality: settings.imageQuality,
    printedOn: settings.printedOn,
    timeZone: settings.timeZone,
    async readFile(fileUrl: string): Promise<Uint8Array | undefined> {
      // Answers hold client-relative paths; a path that is not a file key of this tenant reads as missing.
      try {
        return (await scope.store.files.get(fileKey(scope.clientId, fileUrl)))?.bytes;
      } catch {
        return undefined;
      }
    },
  };
}

const aborted = (signal: AbortSignal): never => {
  throw signal.reason ?? new AppError(409, 'pdfJobs.stopped');
};

/** The work writing one entry's PDF. */
export function entryPdfWork(target: EntryTarget, settings: EntryRenderSettings): PdfJobWork {
  return async ({ out, signal, progress }: PdfJobContext) => {
    await settings.renderers.entry(entryInput(target, settings), out, {
      signal,
      onProgress: (done, total) => progress(total > 0 ? done / total : 0),
    });
  };
}

/**
 * The work writing several entries' PDFs as one zip (stored, not deflated: a PDF's streams are compressed
 * already). `load(i)` reads target i when its turn comes, so one entry at a time is in memory; the progress is
 * the share of entries done, each counting by its own render's progress.
 */
export function entriesZipWork(
  count: number,
  load: (index: number) => Promise<EntryTarget>,
  settings: EntryRenderSettings,
): PdfJobWork {
  return async ({ out, signal, progress }: PdfJobContext) => {
    const archive = new ZipArchive({ store: true });
    let failure: unknown;
    const failed = new Promise<never>((_, reject) => {
      archive.on('error', (error) => {
        failure = error;
        reject(error);
      });
    });
    failed.catch(() => undefined);
    const onAbort = () => archive.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    archive.pipe(out as NodeJS.WritableStream);
    try {
      for (let index = 0; index < count; index += 1) {
        if (signal.aborted) aborted(signal);
        if (failure) throw failure;
        const target = await load(index);
        const pdf = new PassThrough();
        archive.append(pdf, {
          name: target.fileName,
          date: target.entry.date ? new Date(target.entry.date) : undefined,
        });
        try {
          await Promise.race([
            settings.renderers.entry(entryInput(target, settings), pdf, {
              signal,
              onProgress: (done, total) => progress((index + (total > 0 ? done / total : 0)) / count),
            }),
            failed,
          ]);
        } finally {
          if (!pdf.writableEnded) pdf.end();
        }
        progress((index + 1) / count);
      }
      if (signal.aborted) aborted(signal);
      await Promise.race([archive.finalize(), failed]);
      // The zip's last bytes are still on their way through the pipe: done when the pipe has ended the file.
      await Promise.race([finished(out as NodeJS.WritableStream), failed]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
}

/** The work writing a register's PDF; its rows come from the store as the renderer reads them. */
export function registerPdfWork(input: RegisterPdfInput, renderers: PdfRenderers): PdfJobWork {
  return async ({ out, signal, progress }: PdfJobContext) => {
    await renderers.register(input, out, {
      signal,
      onProgress: (done, total) => progress(total > 0 ? done / total : 0),
    });
  };
}
