/**
 * Derived keys (docs/store.md "Unique keys"): fields the store computes from other fields of a document on every
 * write, so that a unique index can hold a normalised value (a resource's `unique` rule ignoring spaces and case,
 * issue 20 "What to build" 2). They live under one top-level field, `uniqueKeys`, which the store writes and
 * never returns: callers neither see nor set it.
 */
import type { DerivedKey } from './port';

/** The top-level field holding a document's derived keys. */
export const derivedRoot = 'uniqueKeys';

/**
 * What follows a key's value in the key of a document that duplicated another's when the index was built on
 * existing data (`disambiguated`): `<value>\u0000<_id>`.
 */
const SEPARATOR = '\u0000';

/**
 * The key of `doc` under `rule`: the JSON array of its fields' values, strings without white space and in lower
 * case when the rule says so, a missing field as null (so two documents missing it clash, as the scan they
 * replace found them equal).
 * @example derivedKey({ type: 'Role', name: ' Site  Manager' }, { fields: ['type', 'name'], ignoreSpacesAndCase: true }) === '["role","sitemanager"]'
 */
export function derivedKey(doc: Record<string, unknown>, rule: DerivedKey): string {
  return JSON.stringify(
    rule.fields.map((field) => {
      const value = doc[field];
      if (value === undefined) return null;
      return rule.ignoreSpacesAndCase && typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value;
    }),
  );
}

/**
 * `doc` (a shallow copy) with its derived keys as `rules` (path `uniqueKeys.<name>` -> rule) make them. A key
 * `before` held that is the same value disambiguated (`<value>\u0000<_id>`, given to a duplicate found when the
 * index was built) is kept, so such a document stays writable while its value does not change. A document
 * holding none of a rule's fields gets a key of its own (`<value>\u0000<_id>`): it is outside the rule (every
 * entity requires its rules' fields, so only other documents, such as the store's contract fixtures, lack them).
 */
export function withDerivedKeys<D extends Record<string, unknown>>(
  doc: D,
  rules: ReadonlyMap<string, DerivedKey>,
  before?: Record<string, unknown> | null,
): D {
  const previous = (before?.[derivedRoot] ?? null) as Record<string, unknown> | null;
  const keys: Record<string, unknown> = {};
  for (const [path, rule] of rules) {
    const name = path.slice(derivedRoot.length + 1);
    const value = derivedKey(doc, rule);
    const kept = previous?.[name];
    if (typeof kept === 'string' && kept.startsWith(value + SEPARATOR)) keys[name] = kept;
    else if (rule.fields.every((field) => doc[field] === undefined || doc[field] === null))
      keys[name] = disambiguated(value, String(doc._id));
    else keys[name] = value;
  }
  return { ...doc, [derivedRoot]: keys };
}

/** A derived key made unique for a document that duplicates another's on existing data: `<value>\u0000<_id>`. */
export function disambiguated(value: string, id: string): string {
  return `${value}${SEPARATOR}${id}`;
}

/** The value at a dotted path of plain objects (no array traversal: index keys hold single values). */
export function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Removes the derived keys from a document about to be returned (a fresh copy nobody else holds). */
export function stripDerivedKeys<D>(doc: D): D {
  if (doc && (doc as Record<string, unknown>)[derivedRoot] !== undefined)
    delete (doc as Record<string, unknown>)[derivedRoot];
  return doc;
}

/**
 * Whether an update may change a derived key: it names a source field (or a path above or below one) of
 * `rules`, or the derived keys themselves.
 */
export function touchesDerived(update: Record<string, unknown>, rules: ReadonlyMap<string, DerivedKey>): boolean {
  const sources = new Set<string>([derivedRoot]);
  for (const rule of rules.values()) for (const field of rule.fields) sources.add(field);
  for (const fields of Object.values(update)) {
    if (!fields || typeof fields !== 'object') continue;
    for (const path of Object.keys(fields)) {
      for (const source of sources)
        if (path === source || path.startsWith(`${source}.`) || source.startsWith(`${path}.`)) return true;
    }
  }
  return false;
}

/** Checks that every derived path of an index is `uniqueKeys.<name>` with a plain name, and a key of the index. */
export function checkDerived(keys: Record<string, 1 | -1>, derived: Record<string, DerivedKey>): void {
  for (const path of Object.keys(derived)) {
    if (!new RegExp(`^${derivedRoot}\\.[A-Za-z0-9_]+$`).test(path))
      throw new Error(`A derived key is ${derivedRoot}.<name>, not ${path}`);
    if (!(path in keys)) throw new Error(`The derived key ${path} is not a key of the index`);
  }
}
