/**
 * The real third-party forms of ../shared/real-forms (issue 22 "Done when"; its README lists sources and
 * licences): read at run time, never copied into the repository. Used by the import tests (engine/, api/, designer/) and the import bench.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ImportFormat } from '../import/types';

/** The real forms' folder: ../shared/real-forms from the repository (/work/shared/real-forms from a worktree). */
export const REAL_FORMS = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'real-forms');

/**
 * The files of one format's folder (`surveyjs`, `formio`, `xlsform`), by name.
 * @throws Error naming the folder when it is missing (a skipped importer test would hide a broken importer)
 */
export function realForms(format: ImportFormat): string[] {
  const dir = path.join(REAL_FORMS, format);
  if (!existsSync(dir))
    throw new Error(`The real forms are missing: expected the folder ${dir} (../shared/real-forms)`);
  return readdirSync(dir)
    .filter((name) => /\.(json|xlsx)$/.test(name))
    .sort();
}

/** S9 and S10's originals are JavaScript object literals, not JSON (README "Files"); their .strict.json copies are. */
export function isJsLiteral(file: string): boolean {
  return /^S(9|10)-.*(?<!\.strict)\.json$/.test(file);
}
