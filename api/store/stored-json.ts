/**
 * The stored JSON form of a document (docs/store.md "Embedded store"): dates as `{ "$$date": ms }`, the form the
 * earlier nedb store wrote, so its data files import and read alike (api/store/embedded.ts). Field names are
 * checked as MongoDB checks them on insert.
 */

/**
 * Throws an Error on a field name, at any depth, that starts with `$` or holds a `.` (a filter or update
 * operator, or a dotted path, stored as a name would be read back as something else). The names of the stored
 * forms themselves are let through: `$$date` with a number, `$$deleted: true`, `$$indexCreated`, `$$indexRemoved`.
 */
export function checkFieldNames(value: unknown): void {
  if (value === null || typeof value !== 'object' || value instanceof Date) return;
  if (Array.isArray(value)) {
    for (const item of value) checkFieldNames(item);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    checkFieldName(key, object[key]);
    checkFieldNames(object[key]);
  }
}

function checkFieldName(key: string, value: unknown): void {
  if (
    key.startsWith('$') &&
    !(key === '$$date' && typeof value === 'number') &&
    !(key === '$$deleted' && value === true) &&
    key !== '$$indexCreated' &&
    key !== '$$indexRemoved'
  )
    throw new Error(`Field names cannot begin with the $ character: ${key}`);
  if (key.includes('.')) throw new Error(`Field names cannot contain a .: ${key}`);
}

/** A document's JSON text with every Date as `{ "$$date": ms }`; `undefined` members are left out, as JSON does. */
export function jsonWithDates(doc: unknown): string {
  return JSON.stringify(doc, function (this: Record<string, unknown>, key, value) {
    // JSON.stringify has already called Date#toJSON on `value`: the holder still has the Date.
    const raw = this[key];
    return raw instanceof Date ? { $$date: raw.getTime() } : value;
  });
}
