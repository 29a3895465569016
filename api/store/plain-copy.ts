/**
 * Deep copy of a stored value: JSON values plus `Date`. Object members whose value is `undefined` are
 * dropped and `undefined` array elements become `null`, as JSON and BSON (`ignoreUndefined`) do, so a document
 * reads back the same from memory, from the embedded data file and from MongoDB.
 *
 * Throws a TypeError on values a document cannot hold (functions, symbols, bigints, class instances other
 * than Date and RegExp), naming the path, so a bad write fails loudly instead of being stored half.
 */
export function plainCopy<V>(value: V, path = ''): V {
  return copy(value, path) as V;
}

function copy(value: unknown, path: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (value instanceof Date) return new Date(value.getTime());
  // RegExp only appears in filters, where it is passed through untouched.
  if (value instanceof RegExp) return value;
  if (Array.isArray(value)) return value.map((v, i) => (v === undefined ? null : copy(v, `${path}.${i}`)));
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new TypeError(`Unsupported value at ${path || '(root)'}: ${proto?.constructor?.name ?? 'object'}`);
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = copy(v, path ? `${path}.${k}` : k);
    }
    return out;
  }
  throw new TypeError(`Unsupported value at ${path || '(root)'}: ${typeof value}`);
}
