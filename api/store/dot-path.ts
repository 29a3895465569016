/**
 * The value at a dotted path of a stored document, as the embedded store reads index keys, sort keys and
 * projections (docs/store.md "Embedded store"): `'address.city'` steps into sub-documents; through an array, a
 * numeric step (`'tags.0'`) takes that element, and any other step gives the array of the elements' values
 * (`'contacts.role'` of `[{ role: 'a' }, { role: 'b' }]` is `['a', 'b']`). Undefined when a step is missing or
 * the path runs into a scalar.
 * @example getDotValue({ a: [{ b: 1 }, { b: 2 }] }, 'a.b') // [1, 2]
 */
export function getDotValue(doc: unknown, path: string): unknown {
  return valueAt(doc, path.split('.'), 0);
}

/** The value of `parts.slice(at)` inside `node` (the container of `parts[at]`). */
function valueAt(node: unknown, parts: readonly string[], at: number): unknown {
  if (at === parts.length) return node;
  if (node === null || typeof node !== 'object') return undefined;
  const value = (node as Record<string, unknown>)[parts[at]];
  if (Array.isArray(value) && at + 1 < parts.length) {
    const next = parts[at + 1];
    if (/^\d+$/.test(next)) return valueAt(value[Number(next)], parts, at + 2);
    return value.map((element) => valueAt(element, parts, at + 1));
  }
  return valueAt(value, parts, at + 1);
}
