/**
 * The dependency direction of DESIGN.md, checked on every import of the source folders:
 * `schemas <- engine <- {runtime, designer, api}`, `designer -> runtime`;
 * - engine imports nothing from runtime/designer/api/fixtures/generators/scripts and no UI, server,
 *   database or Node package (it runs in the browser and on the server);
 * - runtime and designer import api only for types (`import type`);
 * - api never imports runtime or designer;
 * - api/resources (the generic handlers) never imports api/operations (the named ones; issue 20 §8);
 * - nothing imports fixtures except tests (`*.test.ts(x)` and test support folders `test/`, `tests/`,
 *   `e2e/`), fixtures itself, the seed loader api/seed/, the benchmarks api/bench/ and the fixture recorder
 *   scripts/fixtures-record.ts (dev tooling);
 * - the store (api/store/) does not import engine/registers (issue 20, part 8): what it needs to build index keys
 *   lives behind its port or in a neutral engine module (engine/encoding);
 * - nothing imports a library's private files `@seald-io/nedb/lib/...` (issue 20, part 8: the store's matcher and
 *   updates are a public library's, mingo).
 * Imports are read with the TypeScript parser, so comments and strings never count, and `import type`,
 * `export type ... from`, `import('x')`, `require('x')` and `typeof import('x')` are all seen.
 *
 * And no static import cycle (issue 20 part 8): the value imports (`import ... from`, `export ... from`,
 * `require`) between the source files form no cycle. Type-only imports are left out (erased by the build, they
 * order nothing at run time), and so are `import('x')` calls: a lazily loaded screen kind or section may import
 * back the module that loads it, because it is evaluated after that module.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scanned = ['engine', 'runtime', 'designer', 'api', 'generators', 'scripts', 'fixtures'];

interface Import {
  /** Repository-relative path of the importing file, with '/' separators. */
  file: string;
  specifier: string;
  typeOnly: boolean;
  /** An `import('x')` call: evaluated when it runs, after the importing module (no static cycle). */
  dynamic?: true;
}

/** Every import of a source text. */
function importsOf(file: string, source: string): Import[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const out: Import[] = [];
  const add = (node: ts.Node | undefined, typeOnly: boolean, dynamic = false) => {
    if (node && ts.isStringLiteralLike(node))
      out.push({ file, specifier: node.text, typeOnly, ...(dynamic && { dynamic: true as const }) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypeOnly =
        !!clause &&
        !clause.name &&
        !!named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, !!clause && (clause.isTypeOnly || allNamedTypeOnly));
    } else if (ts.isExportDeclaration(node)) {
      const named = node.exportClause;
      const allNamedTypeOnly =
        !!named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || allNamedTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The repository-relative target of a relative specifier, or null for a package. */
function target(imp: Import): string | null {
  if (!imp.specifier.startsWith('.')) return null;
  return relative(root, resolve(root, dirname(imp.file), imp.specifier))
    .split(sep)
    .join('/');
}

const topFolder = (path: string) => path.split('/')[0];

/** The package name of a bare specifier ('@mui/material/Button' → '@mui/material', 'node:fs' → 'node:fs'). */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const nodeBuiltins = new Set(builtinModules.filter((m) => !m.startsWith('_')));
const engineForbiddenPackages = [
  /^react($|-)/,
  /^@mui\//,
  /^@emotion\//,
  /^@rjsf\/(core|mui)$/,
  /^@xstate\/react$/,
  /^material-react-table$/,
  /^@dnd-kit\//,
  /^hono$/,
  /^@hono\//,
  /^mongodb$/,
  /^@seald-io\//,
  /^@node-rs\//,
  /^msw$/,
  /^node:/,
];

function isTestFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.split('/').some((s) => s === 'test' || s === 'tests' || s === 'e2e');
}

/** The rule violations among imports, as readable lines. */
function violations(imports: readonly Import[]): string[] {
  const out: string[] = [];
  for (const imp of imports) {
    const from = topFolder(imp.file);
    const to = target(imp);
    const toFolder = to === null ? null : topFolder(to);
    const where = `${imp.file} imports '${imp.specifier}'`;
    if (from === 'engine') {
      if (toFolder && ['runtime', 'designer', 'api', 'generators', 'scripts'].includes(toFolder))
        out.push(`${where}: engine must not depend on ${toFolder}/`);
      if (toFolder === 'fixtures' && !isTestFile(imp.file)) out.push(`${where}: engine must not depend on fixtures/`);
      if (to === null && !isTestFile(imp.file)) {
        const name = packageName(imp.specifier);
        if (nodeBuiltins.has(name) || engineForbiddenPackages.some((re) => re.test(name)))
          out.push(`${where}: engine is pure TypeScript (no UI, server, database or Node packages)`);
      }
    }
    if ((from === 'runtime' || from === 'designer') && toFolder === 'api' && !imp.typeOnly)
      out.push(`${where}: ${from} may import only types from api/`);
    if (from === 'api' && (toFolder === 'runtime' || toFolder === 'designer'))
      out.push(`${where}: api must not depend on ${toFolder}/`);
    if (imp.file.startsWith('api/resources/') && to?.startsWith('api/operations/'))
      out.push(`${where}: api/resources must not depend on api/operations/ (share through api/resources)`);
    if (
      imp.file.startsWith('api/store/') &&
      to !== null &&
      (to === 'engine/registers' || to.startsWith('engine/registers/'))
    )
      out.push(`${where}: the store must not depend on engine/registers/ (issue 20, part 8)`);
    if (to === null && imp.specifier.startsWith('@seald-io/nedb/lib/'))
      out.push(`${where}: nedb's private files are not an API (issue 20, part 8)`);
    if (
      toFolder === 'fixtures' &&
      from !== 'fixtures' &&
      !isTestFile(imp.file) &&
      !imp.file.startsWith('api/seed/') &&
      !imp.file.startsWith('api/bench/') &&
      imp.file !== 'scripts/fixtures-record.ts'
    )
      out.push(
        `${where}: only tests, fixtures/, api/seed/, api/bench/ and scripts/fixtures-record.ts may import fixtures/`,
      );
  }
  return out;
}

/** The source file a relative specifier names among `files` (extension and index resolution), or null. */
function resolveImport(imp: Import, files: ReadonlySet<string>): string | null {
  const to = target(imp);
  if (to === null) return null;
  const candidates = [to, ...['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'].map((end) => to + end)];
  if (to.endsWith('.js')) candidates.push(to.replace(/\.js$/, '.ts'), to.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => files.has(c)) ?? null;
}

/**
 * The static import cycles among `files`: each strongly connected set of files (Tarjan) of two or more, or a
 * file importing itself, over the value imports (type-only and `import()` left out), as 'a -> b -> a' paths.
 */
function importCycles(files: readonly string[], imports: readonly Import[]): string[] {
  const known = new Set(files);
  const edges = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const imp of imports) {
    if (imp.typeOnly || imp.dynamic) continue;
    const to = resolveImport(imp, known);
    if (to !== null) edges.get(imp.file)?.push(to);
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) !== order.get(file)) return;
    const set: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      set.push(member);
    } while (member !== file);
    if (set.length > 1 || edges.get(file)?.includes(file)) cycles.push(cyclePath(set, edges));
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return cycles;
}

/** One readable cycle through a strongly connected set: from its first file (sorted) back to it. */
function cyclePath(set: readonly string[], edges: ReadonlyMap<string, string[]>): string {
  const members = new Set(set);
  const start = [...set].sort()[0];
  // Breadth-first from start over the set's own edges, until an edge returns to start.
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of edges.get(file) ?? []) {
      if (next === start) {
        const path = [file];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start].join(' -> ');
      }
      if (members.has(next) && !previous.has(next) && next !== start) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...set].sort().join(', ');
}

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  let entries: string[];
  try {
    entries = readdirSync(abs);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

describe('architecture: dependency direction (DESIGN.md)', () => {
  const files = scanned.flatMap(sourceFiles);
  const imports = files.flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));

  it('scans the source folders', () => {
    expect(files.some((f) => f === 'engine/forms/compile.ts')).toBe(true);
    expect(imports.some((i) => i.file === 'engine/forms/compile.ts' && i.specifier === './answer-keys')).toBe(true);
  });

  it('holds for every import', () => {
    expect(violations(imports)).toEqual([]);
  });

  it('has no static import cycle (issue 20 part 8)', () => {
    expect(importCycles(files, imports)).toEqual([]);
  });
});

describe('architecture checker', () => {
  const check = (file: string, source: string) => violations(importsOf(file, source));

  it('reads every import form, and knows type-only ones', () => {
    const source = `
      // import x from '../api/commented-out';
      const s = "import y from '../api/in-a-string'";
      import a, { b } from './a';
      import type { C } from './c';
      import { type D, type E } from './d';
      import { type F, G } from './f';
      import * as H from './h';
      import './side-effect';
      export { I } from './i';
      export type { J } from './j';
      export * from './k';
      const l = await import('./l');
      const m = require('./m');
      type N = typeof import('./n');
    `;
    expect(importsOf('runtime/x.ts', source).map((i) => [i.specifier, i.typeOnly])).toEqual([
      ['./a', false],
      ['./c', true],
      ['./d', true],
      ['./f', false],
      ['./h', false],
      ['./side-effect', false],
      ['./i', false],
      ['./j', true],
      ['./k', false],
      ['./l', false],
      ['./m', false],
      ['./n', true],
    ]);
    expect(
      importsOf('runtime/x.ts', source)
        .filter((i) => i.dynamic)
        .map((i) => i.specifier),
    ).toEqual(['./l']);
  });

  it('finds static import cycles, and leaves out type-only and lazy imports', () => {
    const sources: Record<string, string> = {
      'runtime/a.ts': "import { b } from './b';",
      'runtime/b.tsx': "import { c } from './c/index'; import type { A } from './a';",
      'runtime/c/index.ts': "export { a } from '../a';",
      'runtime/d.ts': "import type { E } from './e'; const lazy = () => import('./e');",
      'runtime/e.ts': "import { d } from './d';",
      'runtime/f.ts': "import { f } from './f';",
    };
    const files = Object.keys(sources);
    const imports = files.flatMap((file) => importsOf(file, sources[file]));
    expect(importCycles(files, imports)).toEqual([
      'runtime/a.ts -> runtime/b.tsx -> runtime/c/index.ts -> runtime/a.ts',
      'runtime/f.ts -> runtime/f.ts',
    ]);
  });

  it('keeps engine free of app folders and platform packages', () => {
    expect(check('engine/forms/x.ts', "import { a } from '../../runtime/renderer/SchemaForm';")).toHaveLength(1);
    expect(check('engine/x.ts', "import type { A } from '../api/app';")).toHaveLength(1);
    expect(check('engine/x.ts', "import { demoSeed } from '../fixtures/seed';")).toHaveLength(2);
    for (const pkg of [
      'react',
      'react-dom/client',
      'node:fs',
      'fs',
      'path',
      'crypto',
      'hono',
      'hono/cookie',
      'mongodb',
      '@mui/material',
    ])
      expect(check('engine/x.ts', `import x from '${pkg}';`), pkg).toHaveLength(1);
    expect(
      check(
        'engine/x.ts',
        "import Ajv from 'ajv/dist/2020'; import { setup } from 'xstate'; import en from '../schemas/messages/en.json';",
      ),
    ).toEqual([]);
  });

  it('lets engine tests use Node and fixtures, but not the apps', () => {
    expect(
      check('engine/x.test.ts', "import { readFileSync } from 'node:fs'; import { demoSeed } from '../fixtures/seed';"),
    ).toEqual([]);
    expect(check('engine/x.test.ts', "import { app } from '../api/app';")).toHaveLength(1);
  });

  it('lets runtime and designer import only types from api', () => {
    expect(check('runtime/api/client.ts', "import type { AppType } from '../../api/app';")).toEqual([]);
    expect(check('designer/x.tsx', "import { type A } from '../api/app';")).toEqual([]);
    expect(check('runtime/api/client.ts', "import { app } from '../../api/app';")).toHaveLength(1);
    expect(check('designer/x.tsx', "const m = await import('../api/app');")).toHaveLength(1);
    expect(check('designer/x.tsx', "import { SchemaForm } from '../runtime/renderer/SchemaForm';")).toEqual([]);
  });

  it('keeps api away from runtime and designer', () => {
    expect(check('api/x.ts', "import type { P } from '../runtime/routes';")).toHaveLength(1);
    expect(check('api/x.ts', "import { d } from '../designer/x';")).toHaveLength(1);
    expect(check('api/x.ts', "import { compileFormDefinition } from '../engine/forms/compile';")).toEqual([]);
  });

  it('keeps the generic handlers away from the named operations', () => {
    expect(check('api/resources/handlers.ts', "import { f } from '../operations/forms';")).toHaveLength(1);
    expect(check('api/resources/x.ts', "import type { T } from '../operations/named';")).toHaveLength(1);
    expect(check('api/operations/named/x.ts', "import { newItem } from '../../resources/handlers';")).toEqual([]);
  });

  it('keeps the store away from engine/registers', () => {
    expect(
      check('api/store/index-key.ts', "import { sortableNumber } from '../../engine/registers/sort-key';"),
    ).toHaveLength(1);
    expect(check('api/store/x.ts', "import type { R } from '../../engine/registers';")).toHaveLength(1);
    expect(
      check('api/store/index-key.ts', "import { sortableNumber } from '../../engine/encoding/sortable-number';"),
    ).toEqual([]);
    expect(check('api/operations/entries.ts', "import { queryRows } from '../../engine/registers/rows';")).toEqual([]);
  });

  it("refuses nedb's private files anywhere", () => {
    expect(check('api/store/x.ts', "import { match } from '@seald-io/nedb/lib/model.js';")).toHaveLength(1);
    expect(check('scripts/x.ts', "const m = require('@seald-io/nedb/lib/model');")).toHaveLength(1);
    expect(check('api/store/x.ts', "import { Query } from 'mingo';")).toEqual([]);
  });

  it('allows fixtures only in tests, fixtures and the seed loader', () => {
    const seed = (from: string) => `import { demoSeed } from '${from}';`;
    expect(check('api/seed/load.ts', seed('../../fixtures/seed'))).toEqual([]);
    expect(check('api/bench/run.ts', seed('../../fixtures/seed'))).toEqual([]);
    expect(check('scripts/fixtures-record.ts', seed('../fixtures/msw/recording'))).toEqual([]);
    expect(check('scripts/start.mjs', seed('../fixtures/seed'))).toHaveLength(1);
    expect(check('api/test/harness.ts', seed('../../fixtures/seed'))).toEqual([]);
    expect(check('runtime/test/setup.ts', seed('../../fixtures/msw'))).toEqual([]);
    expect(check('runtime/x.test.tsx', seed('../fixtures/msw'))).toEqual([]);
    expect(check('fixtures/msw/handlers.ts', seed('../seed'))).toEqual([]);
    expect(check('api/routes/x.ts', seed('../../fixtures/seed'))).toHaveLength(1);
    expect(check('runtime/main.tsx', "await import('../fixtures/msw/browser');")).toHaveLength(1);
    expect(check('generators/x.ts', seed('../fixtures/seed'))).toHaveLength(1);
  });
});
