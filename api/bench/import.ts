/**
 * The form import's speed (issue 22 "Speed": "Import of the largest file in shared/real-forms under 1 s"):
 * `npm run bench:import`, also a step of `npm run bench`. Figures, never assertions. For every file of
 * ../shared/real-forms (the S9/S10 originals that are not JSON left out: they are refused, not imported):
 * 1. through the importer (engine/import `importForm`): the first call (the importer's module loaded on first use)
 *    and the median of BENCH_IMPORT_RUNS more (default 7);
 * 2. through the API (`POST /api/settings/forms/{formArea}/import` on the app in-process, over the demo seed, as the
 *    demo admin of Corrib; the body as the form creator sends it: the file's text, or base64 of an .xlsx): the
 *    median of as many calls, body parsing, schema check and answer included.
 * Prints a line per file, then one summary line (the largest file's and the slowest file's times).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { importForm } from '../../engine/import';
import type { ImportFormat } from '../../engine/import/types';
import { isJsLiteral, REAL_FORMS, realForms } from '../../engine/test/real-forms';
import { makeHarness } from '../test/harness';

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 7);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

interface Row {
  file: string;
  bytes: number;
  first: number;
  importer: number;
  api: number;
}

async function main() {
  const h = await makeHarness();
  const cookie = await h.login('admin@demo.local');
  await h.call('POST', '/api/authorization/setClient/1', { cookie });
  const rows: Row[] = [];
  for (const format of ['surveyjs', 'formio', 'xlsform'] as ImportFormat[])
    for (const file of realForms(format).filter((name) => !isJsLiteral(name))) {
      const full = path.join(REAL_FORMS, format, file);
      const bytes = readFileSync(full);
      const source = format === 'xlsform' ? new Uint8Array(bytes) : bytes.toString('utf8');
      const body = { format, source: format === 'xlsform' ? bytes.toString('base64') : source, fileName: file };
      const ctx = { formArea: 'quality-assurance' as const, fallbackTitle: file };
      const first = await timed(() => importForm(format, source, ctx));
      const importer: number[] = [];
      const api: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        importer.push(await timed(() => importForm(format, source, ctx)));
        api.push(
          await timed(async () => {
            const res = await h.call('POST', '/api/settings/forms/quality-assurance/import', { cookie, body });
            if (res.status !== 200) throw new Error(`${file}: ${res.status} ${await res.text()}`);
            await res.arrayBuffer();
          }),
        );
      }
      const row = { file, bytes: statSync(full).size, first, importer: median(importer), api: median(api) };
      rows.push(row);
      console.log(
        `${file.padEnd(40)} ${(row.bytes / 1024).toFixed(1).padStart(7)} KB  importer first ${row.first.toFixed(1)} ms, ` +
          `p50 ${row.importer.toFixed(1)} ms  API p50 ${row.api.toFixed(1)} ms`,
      );
    }
  const largest = rows.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const slowest = rows.reduce((a, b) => (b.api > a.api ? b : a));
  const worst = Math.max(...rows.map((r) => Math.max(r.first, r.api)));
  console.log(
    `bench:import: ${rows.length} real forms; largest ${largest.file} (${(largest.bytes / 1024).toFixed(0)} KB): importer ` +
      `first ${largest.first.toFixed(0)} ms, p50 ${largest.importer.toFixed(0)} ms, API p50 ${largest.api.toFixed(0)} ms; ` +
      `slowest through the API ${slowest.file} ${slowest.api.toFixed(0)} ms; every import under 1 s: ${worst < 1000 ? 'yes' : 'no'} ` +
      `(worst ${worst.toFixed(0)} ms)`,
  );
}

await main();
