/**
 * The file paths an entry's answers hold (file uploads, signatures, markups): the upload-on-unload rule and the
 * discard of a draft keep or delete a device's files by them (contract-26 §4). A conflict's merge is the engine's
 * (engine/offline/merge.ts), shared with the server.
 */
import type { Answer } from '../../engine/types/generated';

/** The file paths the answers hold (any text value naming a folder: file uploads, signatures, markups). */
export function answerPaths(answers: readonly Answer[]): Set<string> {
  const paths = new Set<string>();
  for (const answer of answers)
    for (const value of answer.answers ?? []) if (typeof value === 'string' && value.includes('/')) paths.add(value);
  return paths;
}
