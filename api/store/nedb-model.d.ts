/**
 * Types for the nedb internals the embedded store uses: `model.modify`, nedb's own update function, so
 * that updated and upserted documents are built by exactly the code nedb applies to stored documents, and
 * `model.getDotValue`, nedb's reading of dotted paths.
 * Pinned by the contract suite (api/store/contract.ts); re-check on an nedb major upgrade.
 */
declare module '@seald-io/nedb/lib/model.js' {
  /** Returns a modified deep copy of `doc`; throws an Error on an invalid update (e.g. `$inc` on a string). */
  export function modify<D extends Record<string, unknown>>(doc: D, update: Record<string, unknown>): D;
  /** The value at a dotted path; through an array of sub-documents, the array of their values. */
  export function getDotValue(doc: unknown, path: string): unknown;
}
