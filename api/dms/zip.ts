/**
 * A folder of a project's documents as a zip, streamed (issue 23 "Speed": a 1 GB folder with server memory under
 * +100 MiB; contract.md §C POST /downloadFolder): archiver writes the zip as the client reads it; each file is opened
 * from the store (`open`, itself streamed) and appended only when the previous entry is written, so at most one file
 * is open and no file, nor the zip, is ever held whole. Entries are stored, not deflated (drawings and photos are
 * compressed already; the CPU is the server's). Names inside the zip are the files' paths below the folder; a file's
 * 37-character id prefix is kept (it is part of its stored name).
 */
import { PassThrough, Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { BlobStore, StoredFile } from '../files/blob-store';
import { contentDisposition } from './download';

/**
 * The zip answer of every file below `prefix` (sub-folders included), named `fileName`.
 * @param files the files to put, as the store lists them (recursive)
 */
export function zipResponse(store: BlobStore, prefix: string, files: StoredFile[], fileName: string): Response {
  const archive = new ZipArchive({ store: true });
  const out = new PassThrough();
  let failure: Error | undefined;
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', (error) => {
      failure = error;
      reject(error);
    });
  });
  failed.catch(() => undefined);
  // A client that goes away destroys the answer's stream: the zip stops being written.
  out.on('close', () => {
    if (!out.readableEnded) archive.abort();
  });
  archive.pipe(out);
  const fill = async () => {
    for (const file of files) {
      if (failure || out.destroyed) return;
      const opened = await store.open(file.key);
      if (!opened) continue;
      const entry = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
      archive.append(Readable.from(opened.stream), {
        name: file.key.slice(prefix.length),
        date: new Date(file.modified),
      });
      await Promise.race([entry, failed]);
    }
    await Promise.race([archive.finalize(), failed]);
  };
  fill().catch((error) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return new Response(Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
