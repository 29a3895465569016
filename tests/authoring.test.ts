/**
 * docs/authoring.md's walk-throughs cannot rot (issue 20 part 7): the blocks of "A new register and its API",
 * "A new section" and "A new question type" are applied, as written, to one temporary copy of the repository;
 * `npm run gen` runs there; then the copy's own tests that load every document, and the journeys of
 * runtime/test/walk-throughs.check.tsx (a plant category added, viewed and deactivated; Human resources opened from the
 * top bar, home and its menu, refused to a user without its flag) must pass. The first two write JSON only: a step
 * that needs TypeScript, or names a file, keyword or id that does not exist, fails here. The question type's two
 * TypeScript files must be those of tests/fixtures/question-type (moved: their imports relative to where they are
 * installed), must type-check installed, and the copy's field-type table test and sample question-type tests
 * (SAMPLE_QUESTION_TYPE=installed) must pass with them.
 *
 * A block says what it does after its language (docs/authoring.md explains it to the reader): `file=<path>` a whole
 * file (a `ts` or `tsx` block: its text as it is); `add=<path>[#/<member>]` the keys of the block added to that JSON
 * object (each must be new); `item=<path>` an item appended to a menu document's items; `route=<id>` a route added
 * under the route of that id, before its catch-all.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The walk-throughs of docs/authoring.md this test builds (its '## ' headings). */
const WALK_THROUGHS = ['## A new register and its API', '## A new section', '## A new question type'];

/** The sample question type the "A new question type" walk-through installs (its files by name). */
const SAMPLE_TYPE_DIR = 'tests/fixtures/question-type';

/** One block of a walk-through: what it does, where, and its JSON (or, for a TypeScript file, its text). */
interface Block {
  action: 'file' | 'add' | 'item' | 'route';
  target: string;
  json?: unknown;
  text?: string;
  /** The walk-through it belongs to. */
  section: string;
}

/** The applicable blocks of `markdown` under the given '## ' headings, in order. */
function blocksOf(markdown: string, headings: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let section = '';
  let open: { action: Block['action']; target: string; code: boolean; lines: string[] } | null = null;
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (open) {
      if (line.startsWith('```')) {
        const { action, target, code, lines } = open;
        if (code) blocks.push({ action, target, text: `${lines.join('\n')}\n`, section });
        else blocks.push({ action, target, json: JSON.parse(lines.join('\n')), section });
        open = null;
      } else open.lines.push(line);
      continue;
    }
    if (line.startsWith('```')) {
      const marker = /^```json (file|add|item|route)=(\S+)\s*$/.exec(line) ?? /^```tsx? (file)=(\S+)\s*$/.exec(line);
      if (!fenced && marker && headings.some((h) => section.startsWith(h)))
        open = {
          action: marker[1] as Block['action'],
          target: marker[2],
          code: !line.startsWith('```json'),
          lines: [],
        };
      else fenced = !fenced;
      continue;
    }
    if (!fenced && line.startsWith('## ')) section = line;
  }
  return blocks;
}

type Json = Record<string, unknown>;
interface RouteNode {
  id?: string;
  path?: string;
  children?: RouteNode[];
}

function findRoute(nodes: RouteNode[], id: string): RouteNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findRoute(node.children ?? [], id);
    if (found) return found;
  }
  return undefined;
}

/** Applies one block to the copy at `dir`. */
function apply(dir: string, block: Block): void {
  const read = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8'));
  const write = (path: string, value: unknown) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${JSON.stringify(value, null, 2)}\n`);
  };
  if (block.action === 'file' && block.text !== undefined) {
    mkdirSync(dirname(join(dir, block.target)), { recursive: true });
    writeFileSync(join(dir, block.target), block.text);
  } else if (block.action === 'file') write(block.target, block.json);
  else if (block.action === 'add') {
    const [path, pointer = ''] = block.target.split('#');
    const doc = read(path);
    let into: Json = doc;
    for (const key of pointer.split('/').filter((k) => k !== '')) into = into[key] as Json;
    for (const [key, value] of Object.entries(block.json as Json)) {
      expect(Object.hasOwn(into, key), `${block.target}: ${key} exists already`).toBe(false);
      into[key] = value;
    }
    write(path, doc);
  } else if (block.action === 'item') {
    const doc = read(block.target);
    doc.items.push(block.json);
    write(block.target, doc);
  } else {
    const path = 'schemas/screens/routes.json';
    const doc = read(path);
    const parent = findRoute(doc.routes, block.target);
    expect(parent, `routes.json has no route ${block.target}`).toBeDefined();
    const children = parent!.children!;
    const catchAll = children.findIndex((child) => child.path === '*');
    children.splice(catchAll === -1 ? children.length : catchAll, 0, block.json as RouteNode);
    write(path, doc);
  }
}

/**
 * The test-name pattern of the screens test in the copy: the checks of the screen documents the blocks write or
 * change (each described by its id), of the document set and of the route table (the others ran on the repository).
 */
function screenChecks(all: readonly Block[]): string {
  const ids = all.flatMap((b) => {
    const id = /^schemas\/screens\/(.+)\.json$/.exec(b.action === 'route' ? '' : b.target.split('#')[0])?.[1];
    return id ? [id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')] : [];
  });
  return `^(the route table|screen documents (are found|every screen|compiled forms|(${ids.join('|')}) ))`;
}

/**
 * A module's text as it reads moved from `from` to `to` (repository-relative paths): each relative import
 * specifier names the same file from its new folder.
 */
function moved(text: string, from: string, to: string): string {
  return text.replace(/(from ')(\.\.?\/[^']+)(')/g, (_all, head: string, specifier: string, tail: string) => {
    const path = relative(dirname(to), join(dirname(from), specifier));
    return `${head}${path.startsWith('.') ? path : `./${path}`}${tail}`;
  });
}

/** A copy of the repository's sources at a temporary folder, its node_modules linked. */
function copyRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-forms-authoring-'));
  for (const folder of ['schemas', 'engine', 'runtime', 'designer', 'api', 'generators', 'fixtures', 'tests'])
    cpSync(join(root, folder), join(dir, folder), {
      recursive: true,
      filter: (source) => !/\/(node_modules|dist|data|e2e)(\/|$)/.test(source),
    });
  for (const file of ['package.json', 'tsconfig.json', 'vitest.config.ts', 'vite.config.ts'])
    if (existsSync(join(root, file))) cpSync(join(root, file), join(dir, file));
  symlinkSync(realpathSync(join(root, 'node_modules')), join(dir, 'node_modules'));
  return dir;
}

/** Runs a command in the copy (with `env` added to this process's); returns its exit status and output. */
function run(
  dir: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): { status: number | null; output: string } {
  const result = spawnSync(command, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', ...env },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

const guide = readFileSync(join(root, 'docs/authoring.md'), 'utf8');
const blocks = blocksOf(guide, WALK_THROUGHS);

describe('docs/authoring.md', () => {
  it('holds the walk-throughs, each naming every file it touches', () => {
    for (const heading of WALK_THROUGHS) {
      const own = blocks.filter((b) => b.section.startsWith(heading));
      expect(own.length, heading).toBeGreaterThanOrEqual(3);
      const text = guide.slice(guide.indexOf(heading), guide.indexOf('\n## ', guide.indexOf(heading) + 1));
      for (const block of own) {
        const file = block.action === 'route' ? 'schemas/screens/routes.json' : block.target.split('#')[0];
        expect(text, `${heading} names ${file}`).toContain(`\`${file}\``);
      }
    }
  });

  it('reads the blocks of a walk-through and leaves the others alone', () => {
    const sample = [
      '## A new section',
      '```json file=a.json',
      '{ "a": 1 }',
      '```',
      '```json',
      '{ "not": "applied" }',
      '```',
      '## A new question type',
      '```json file=b.json',
      '{ "b": 1 }',
      '```',
    ].join('\n');
    expect(blocksOf(sample, ['## A new section'])).toEqual([
      { action: 'file', target: 'a.json', json: { a: 1 }, section: '## A new section' },
    ]);
  });

  it('installs the files of the sample question type of tests/fixtures/question-type, and only those', () => {
    const own = blocks.filter((b) => b.section.startsWith('## A new question type'));
    const code = own.filter((b) => b.text !== undefined);
    expect(code.map((b) => basename(b.target)).sort()).toEqual(['StarRatingWidget.tsx', 'rating.ts']);
    for (const block of code) {
      const fixture = `${SAMPLE_TYPE_DIR}/${basename(block.target)}`;
      expect(block.text, `${block.target} is ${fixture}`).toBe(
        moved(readFileSync(join(root, fixture), 'utf8'), fixture, block.target),
      );
    }
    const texts = own.filter((b) => b.target === 'schemas/messages/en.json');
    expect(texts.map((b) => b.json)).toEqual([
      JSON.parse(readFileSync(join(root, SAMPLE_TYPE_DIR, 'messages.json'), 'utf8')),
    ]);
  });

  it('builds the plant categories and the Human resources section from JSON alone, and the Rating question type from its three files, and they run', () => {
    const dir = copyRepository();
    try {
      for (const block of blocks) apply(dir, block);
      const gen = run(dir, process.execPath, ['node_modules/tsx/dist/cli.mjs', 'generators/types.ts']);
      expect(gen.status, gen.output).toBe(0);
      // The question type's files type-check installed (they and what they import, not the whole copy).
      const installed = blocks.filter((b) => b.text !== undefined).map((b) => b.target);
      writeFileSync(
        join(dir, 'tsconfig.walk-through.json'),
        JSON.stringify({ extends: './tsconfig.json', include: [], files: installed }),
      );
      const tsc = run(dir, process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.walk-through.json']);
      expect(tsc.status, tsc.output.slice(-6000)).toBe(0);
      cpSync(join(dir, 'runtime/test/walk-throughs.check.tsx'), join(dir, 'runtime/test/walk-throughs.test.tsx'));
      const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--maxWorkers=1'];
      const tests = run(
        dir,
        process.execPath,
        [
          ...vitest,
          'runtime/test/walk-throughs.test.tsx',
          'runtime/shell/sections.test.ts',
          'engine/rules/sections.test.ts',
          'api/catalogue.test.ts',
          'engine/forms/field-types/field-types.test.ts',
          'tests/question-type.test.ts',
          'runtime/renderer/question-type.test.tsx',
        ],
        { SAMPLE_QUESTION_TYPE: 'installed' },
      );
      expect(tests.status, tests.output.slice(-6000)).toBe(0);
      const screens = run(dir, process.execPath, [
        ...vitest,
        'runtime/renderer/screens.test.ts',
        '-t',
        screenChecks(blocks),
      ]);
      expect(screens.status, screens.output.slice(-6000)).toBe(0);
      expect(screens.output).toMatch(/Tests\s+\d+ passed/);
      expect(tests.output).toMatch(/walk-throughs\.test\.tsx/);
      expect(tests.output).toMatch(/question-type\.test\.tsx/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
