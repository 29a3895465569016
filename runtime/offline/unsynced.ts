/**
 * What the user can do about the device's storage (issue 26 §1, §6; contract-26 §5): a zip of everything not yet
 * acknowledged by the server ("Download unsynced data"), the space used and left, and persistent storage (so the
 * browser does not evict the offline data under storage pressure; docs/offline.md "Limits" for Safari).
 */
import { zipSync } from 'fflate';
import { currentDb } from './db';

/**
 * A zip (fflate) of what the server has not acknowledged: `entries.json` (the entries with work waiting or in
 * conflict or refused, with their answers), `outbox.json` (every command still in the outbox) and
 * `files/<folder>/<name>` (every file not uploaded yet).
 */
export async function downloadUnsynced(): Promise<Blob> {
  const db = currentDb();
  const outbox = await db.outbox.orderBy('seq').toArray();
  const waiting = new Set(outbox.map((i) => i.entryId));
  const entries = (await db.entries.toArray()).filter((e) => e.syncState !== 'synced' || waiting.has(e.entryId));
  const files = (await db.files.toArray()).filter((f) => f.state !== 'uploaded');
  const encoder = new TextEncoder();
  const content: Record<string, Uint8Array> = {
    'entries.json': encoder.encode(JSON.stringify(entries, null, 2)),
    'outbox.json': encoder.encode(JSON.stringify(outbox, null, 2)),
  };
  for (const file of files) content[`files/${file.path}`] = new Uint8Array(await blobBytes(file.blob));
  // Photos are compressed already: stored, not deflated again.
  const zipped = zipSync(content, { level: 0 });
  return new Blob([zipped as BlobPart], { type: 'application/zip' });
}

/** A Blob's bytes (Blob.arrayBuffer, or a FileReader where a test environment's Blob lacks it). */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** The origin's storage: bytes used, the browser's quota, and whether it is persistent (0/0/false when unknown). */
export async function storageInfo(): Promise<{ usage: number; quota: number; persisted: boolean }> {
  const storage = globalThis.navigator?.storage;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => ({})) : {};
  const persisted = storage?.persisted ? await storage.persisted().catch(() => false) : false;
  return {
    usage: (estimate as StorageEstimate).usage ?? 0,
    quota: (estimate as StorageEstimate).quota ?? 0,
    persisted,
  };
}

/** Asks the browser to keep the offline data under storage pressure (navigator.storage.persist()); true when granted. */
export async function requestPersistence(): Promise<boolean> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return false;
  return storage.persist().catch(() => false);
}
