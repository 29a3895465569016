/**
 * The server as one JavaScript file (issue "Performance at scale", start-up under 2 s): `npm start` runs
 * `dist-server/server.mjs`, bundled by esbuild from api/server.ts with the project's own TypeScript (api/,
 * engine/, schemas/, fixtures/) inside and every npm package left as an import. Starting from TypeScript
 * through tsx compiled some 300 modules on every start (about 1 s of a 1.4-2.9 s start-up at 100,000 entries).
 *
 * `ensureServerBundle(root)` rebuilds the file when it is missing or older than any of its sources and returns
 * its path; the new file is written beside the old one and renamed over it, so a second process starting at
 * the same time runs either the old or the new file, never half of one. Throws the build's error.
 */
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node options the bundled server runs with (`npm start`, the benchmarks that start it):
 * - `--enable-source-maps`: stack traces name the TypeScript sources;
 * - `--max-semi-space-size=16` (MiB; the figures below are those of Node's default here): the young generation may grow to
 *   twice that. It was 64 (issue "Performance at scale" §4: fewer mark-compacts under small reads), but then the
 *   young generation alone grew by up to 128 MiB under allocation-heavy work and stayed: the CSV download of
 *   100,000 entries rose +92, +132, +191 MiB in three downloads in a row and +230 MiB with four at once (issue 24
 *   "Speed": within +100 MiB). Measured with `npm run bench:csv` (docs/decisions.md "The CSV download's memory").
 */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--max-semi-space-size=16'];

/** Newest modification time (ms) of the files under `dir` (node_modules and dot folders skipped). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Newest modification time (ms) of the given files and folders that exist. */
export function sourcesTime(paths) {
  return Math.max(
    0,
    ...paths.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  );
}

/** Packages the bundle imports at run time instead of containing them. */
const EXTERNAL = ['better-sqlite3', 'sharp', '@node-rs/argon2', 'mongodb', 'swagger-ui-dist', 'esbuild', 'vite', 'tsx'];

/** Builds `<root>/dist-server/server.mjs` when stale; resolves to its path. */
export async function ensureServerBundle(root) {
  const outFile = path.join(root, 'dist-server', 'server.mjs');
  const sources = ['api', 'engine', 'schemas', 'fixtures', 'package-lock.json', 'scripts/server-bundle.mjs'].map((p) =>
    path.join(root, p),
  );
  if (existsSync(outFile) && statSync(outFile).mtimeMs >= sourcesTime(sources)) return outFile;
  const { build } = await import('esbuild');
  const tmpFile = `${outFile}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [path.join(root, 'api', 'server.ts')],
    outfile: tmpFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Native modules and packages that locate their own files stay imports; the rest is bundled (deep
    // imports such as 'ajv/dist/2020' have no extension, which Node's ESM resolution would refuse).
    external: EXTERNAL,
    // Bundled CommonJS packages call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'inline',
    logLevel: 'warning',
    absWorkingDir: root,
  });
  renameSync(tmpFile, outFile);
  return outFile;
}
