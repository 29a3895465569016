import { randomFillSync } from 'node:crypto';

/** Random bytes drawn ahead, 16 per id (as Node's randomUUID keeps its own). */
const pool = Buffer.alloc(16 * 256);
let used = pool.length;

/**
 * A new document `_id` (docs/store.md "The port"): a UUID of version 7 (RFC 9562 §5.7), the Unix time in
 * milliseconds in its first 48 bits and 74 random bits after it, as a lowercase string
 * `xxxxxxxx-xxxx-7xxx-yxxx-xxxxxxxxxxxx`. Ids made one after another sort together, so a new document's entry
 * in the `_id` index lands at the index's end: one page of it per group commit, not one random page per
 * document (with random version 4 ids), and the same locality for MongoDB's `_id` index.
 */
export function newId(now: number = Date.now()): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const bytes = Buffer.from(pool.subarray(used, used + 16));
  used += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
