/**
 * Types for the nedb internals the embedded store uses (api/store/embedded-collection.ts): nedb's matcher
 * (`match`, fed by api/store/nedb-query.ts), its update function (`modify`), its reading of dotted paths
 * (`getDotValue`), its key check (`checkObject`: no `$`-prefixed or dotted field names) and its JSON form with
 * dates as `{ "$$date": ms }` (`serialize`, `deserialize`). Pinned by the contract suite (api/store/contract.ts);
 * re-check on an nedb major upgrade.
 */
declare module '@seald-io/nedb/lib/model.js' {
  /** Returns a modified deep copy of `doc`; throws an Error on an invalid update (e.g. `$inc` on a string). */
  export function modify<D extends Record<string, unknown>>(doc: D, update: Record<string, unknown>): D;
  /** The value at a dotted path; through an array of sub-documents, the array of their values. */
  export function getDotValue(doc: unknown, path: string): unknown;
  /** True when `doc` matches the nedb `query`. */
  export function match(doc: unknown, query: Record<string, unknown> | null): boolean;
  /** Throws an Error on a field name that starts with `$` or contains a dot. */
  export function checkObject(doc: unknown): void;
  /** JSON text of a document, dates as `{ "$$date": ms }`. */
  export function serialize(doc: unknown): string;
  /** The document of `serialize`'s text. */
  export function deserialize(text: string): Record<string, unknown>;
}
