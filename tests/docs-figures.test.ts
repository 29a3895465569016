/**
 * The figures docs/architecture.md states about the API's shape (issue 20, "Done when": named vs generic
 * operations, lines in api/operations/) are the repository's, so the page cannot drift from the code:
 * - "Of the catalogue's N operations, G are generic and M named": counted in schemas/api/operations.json by
 *   `handler.kind` (generic) and `handler.named`;
 * - "`api/operations/` (...) is L lines": the lines of api/operations/*.ts and api/operations/named/*.ts, test
 *   files left out (issue 20 brought it from 5,536 to 3,575 lines and 148 named operations to 72: the figures
 *   at its landing are in the page; named operations added since for real logic grow it, and the page says so);
 * - "the hooks `api/hooks/` H": the lines of api/hooks/*.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const architecture = readFileSync(join(root, 'docs/architecture.md'), 'utf8').replace(/\s+/g, ' ');

/** The number the page states in `pattern`'s first group, commas removed. */
function stated(pattern: RegExp): number[] {
  const match = architecture.match(pattern);
  if (!match) throw new Error(`docs/architecture.md no longer states ${pattern}`);
  return match.slice(1).map((text) => Number(text.replace(/,/g, '')));
}

/** Lines of the `.ts` files (tests left out) directly in `folder`. */
function linesIn(folder: string): number {
  return readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .reduce((sum, name) => sum + readFileSync(join(root, folder, name), 'utf8').split('\n').length - 1, 0);
}

describe('docs/architecture.md states the API shape as it is', () => {
  it('counts generic and named operations as the catalogue does', () => {
    const catalogue = (
      JSON.parse(readFileSync(join(root, 'schemas/api/operations.json'), 'utf8')) as {
        operations: Record<string, { handler?: { kind?: string; named?: string } }>;
      }
    ).operations;
    const entries = Object.values(catalogue).filter((entry) => entry && typeof entry === 'object' && entry.handler);
    const generic = entries.filter((entry) => entry.handler?.kind).length;
    const named = entries.filter((entry) => entry.handler?.named).length;
    const [total, statedGeneric, statedNamed] = stated(
      /Of the catalogue's ([\d,]+) operations, ([\d,]+) are generic and ([\d,]+) named/,
    );
    expect({ total: entries.length, generic, named }).toEqual({ total, generic: statedGeneric, named: statedNamed });
  });

  it('states the lines of api/operations/ and api/hooks/', () => {
    const operations = linesIn('api/operations') + linesIn('api/operations/named');
    const [statedOperations] = stated(/tests excluded\) is ([\d,]+) lines/);
    expect(operations).toBe(statedOperations);
    const [hooks] = stated(/the hooks `api\/hooks\/` ([\d,]+)/);
    expect(linesIn('api/hooks')).toBe(hooks);
  });
});
