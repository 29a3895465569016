/**
 * The offline module must load under the site's Content-Security-Policy (no 'unsafe-eval'; api/middleware/security.ts):
 * the engine's Ajv compiles validators with `new Function` when it is imported, so nothing runtime/offline loads
 * statically may import it (docs/decisions.md "No Ajv on the device"). Read with the TypeScript parser: value
 * imports and re-exports count; `import type` and `import()` do not.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
  }
  return found.flatMap((spec) => resolveImport(file, spec) ?? []);
}

/** Every file `start` loads statically, transitively. */
function staticGraph(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...valueImports(file));
  }
  return seen;
}

describe('the offline module under the CSP', () => {
  it('loads no Ajv (nor the engine modules that compile with it)', () => {
    const graph = [...staticGraph(path.join(root, 'runtime/offline/index.ts'))].map((f) => path.relative(root, f));
    expect(graph).toContain('runtime/offline/sync.ts');
    expect(
      graph.filter((f) => /engine\/validation\/ajv\.ts$|validate-submission\.ts$|engine\/offline\/merge\.ts$/.test(f)),
    ).toEqual([]);
  });
});
