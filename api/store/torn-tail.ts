import { open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Repairs an nedb data file whose only damage is at its end: the lines after the last parseable one, as
 * left by an append cut short by an OS crash or power loss (a write that was never acknowledged, because
 * acknowledgement waits for fsync). nedb refuses to load a file with more than 10% corrupt lines, which a
 * single torn line reaches in a small collection, so without this the store would not start.
 *
 * The original file is kept beside it as `<file>.torn-<epoch ms>` and the repaired file is written
 * crash-safely (temp file, fsync, rename, fsync of the directory). Returns false, changing nothing, when
 * the damage is not only at the end (a corrupt line followed by a good one): that is left to nedb's rules.
 */
export async function repairTornTail(file: string): Promise<boolean> {
  const content = await readFile(file, 'utf8');
  const lines = content.split('\n');
  let lastGood = -1;
  for (let i = 0; i < lines.length; i += 1) {
    if (lines[i] === '') continue;
    if (!parses(lines[i])) continue;
    lastGood = i;
  }
  const head = lines.slice(0, lastGood + 1);
  const tail = lines.slice(lastGood + 1).filter((line) => line !== '');
  if (tail.length === 0) return false;
  if (head.some((line) => line !== '' && !parses(line))) return false;

  await writeFile(`${file}.torn-${Date.now()}`, content);
  const temp = `${file}.repair~`;
  await writeFile(temp, head.length > 0 ? `${head.join('\n')}\n` : '');
  await syncPath(temp, 'r+');
  await rename(temp, file);
  await syncPath(path.dirname(file), 'r').catch(() => undefined);
  return true;
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

async function syncPath(target: string, flags: string): Promise<void> {
  const handle = await open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
