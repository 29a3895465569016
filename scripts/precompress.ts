/**
 * Pre-compression of the built front end (issue "Performance at scale" §5): a Vite plugin that, after the
 * build, writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text asset of
 * dist/ of 1 KiB or more, so the server sends them as they are (`precompressed`) instead of compressing
 * on each request. node:zlib does the compressing.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/** Every file below `dir`. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesOf(full) : [full];
  });
}

/**
 * Writes the .br and .gz siblings of the text files of `dir`.
 * @returns the files compressed, with their sizes in bytes
 */
export function precompressDir(dir: string): { file: string; bytes: number; br: number; gz: number }[] {
  const out = [];
  for (const file of filesOf(dir)) {
    if (!TEXT.test(file)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    out.push({ file, bytes: bytes.length, br: br.length, gz: gz.length });
  }
  return out;
}

/** The Vite plugin: pre-compresses the build's output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'site-forms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
