/**
 * The files of a drop or of a file input, each with its path relative to the target folder (administration-data.md
 * §2 "Drag and drop upload overlay", §5 ".ignore files are skipped", §8 'Failed to read all the files'; issue 23
 * item 1). A dropped folder is read recursively through the File and Directory Entries API (webkitGetAsEntry;
 * readEntries answers in batches until an empty one); a browser without it gives the dropped files alone. Upload
 * Folder's input (webkitdirectory) names each file's path in webkitRelativePath.
 */
import type { UploadItem } from './dms-client';
import { isIgnored } from './dms-rules';

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath?: string;
}
interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
interface DirectoryEntryLike extends EntryLike {
  createReader(): { readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void };
}

/** What reading a drop gave: the files, and whether some could not be read. */
export interface ReadResult {
  items: UploadItem[];
  failed: boolean;
}

function fileOf(entry: FileEntryLike): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function entriesOf(entry: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: EntryLike, prefix: string, out: ReadResult): Promise<void> {
  const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
  try {
    if (entry.isFile) {
      const file = await fileOf(entry as FileEntryLike);
      if (!isIgnored(file.name)) out.items.push({ file, relativePath: path });
    } else if (entry.isDirectory) {
      for (const child of await entriesOf(entry as DirectoryEntryLike)) await walk(child, path, out);
    }
  } catch {
    out.failed = true;
  }
}

/**
 * The files of a drop: folders read recursively, .ignore files left out.
 * @returns the files with their relative paths, and `failed` when an entry could not be read
 */
export async function readDrop(data: DataTransfer): Promise<ReadResult> {
  const out: ReadResult = { items: [], failed: false };
  const items = [...(data.items ?? [])].filter((item) => item.kind === 'file');
  const entries = items.map((item) =>
    typeof item.webkitGetAsEntry === 'function' ? (item.webkitGetAsEntry() as EntryLike | null) : null,
  );
  if (entries.length > 0 && entries.every((entry) => entry !== null)) {
    for (const entry of entries as EntryLike[]) await walk(entry, '', out);
    return out;
  }
  // No entries API: the dropped files themselves (folders cannot be read this way).
  for (const file of [...(data.files ?? [])])
    if (!isIgnored(file.name)) out.items.push({ file, relativePath: file.name });
  return out;
}

/** The files of a file input: Upload Folder's carry their folder path (webkitRelativePath); .ignore files left out. */
export function inputFiles(files: FileList | null): UploadItem[] {
  return [...(files ?? [])]
    .filter((file) => !isIgnored(file.name))
    .map((file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}
