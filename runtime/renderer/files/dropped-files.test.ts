import { inputFiles, readDrop } from './dropped-files';

type Entry = Record<string, unknown>;

function fileEntry(name: string, fails = false): Entry {
  return {
    isFile: true,
    isDirectory: false,
    name,
    file: (ok: (file: File) => void, failed: (error: unknown) => void) =>
      fails ? failed(new Error('NotReadableError')) : ok(new File([name], name)),
  };
}

/** A folder whose reader answers in batches of two, then an empty batch (as Chromium's readEntries does). */
function folderEntry(name: string, children: Entry[]): Entry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (entries: Entry[]) => void) => {
          const batch = children.slice(at, at + 2);
          at += 2;
          ok(batch);
        },
      };
    },
  };
}

function drop(entries: Entry[]): DataTransfer {
  return {
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    files: [],
  } as unknown as DataTransfer;
}

describe('dropped files (administration-data.md §2, §5, §8)', () => {
  it('reads a dropped folder recursively, every batch, with relative paths, skipping .ignore files', async () => {
    const read = await readDrop(
      drop([
        folderEntry('Issued', [
          fileEntry('a.pdf'),
          fileEntry('b.pdf'),
          fileEntry('c.pdf'),
          folderEntry('Sections', [fileEntry('d.pdf'), fileEntry('thumbs.ignore')]),
        ]),
        fileEntry('loose.pdf'),
      ]),
    );
    expect(read.failed).toBe(false);
    expect(read.items.map((i) => i.relativePath)).toEqual([
      'Issued/a.pdf',
      'Issued/b.pdf',
      'Issued/c.pdf',
      'Issued/Sections/d.pdf',
      'loose.pdf',
    ]);
  });

  it("reports a file it cannot read (the browser shows 'Failed to read all the files')", async () => {
    const read = await readDrop(drop([folderEntry('Issued', [fileEntry('a.pdf'), fileEntry('locked.pdf', true)])]));
    expect(read.failed).toBe(true);
  });

  it('takes the dropped files themselves without the entries API', async () => {
    const files = [new File(['x'], 'a.pdf'), new File(['y'], 'b.ignore')];
    const read = await readDrop({ items: [], files } as unknown as DataTransfer);
    expect(read.items.map((i) => i.relativePath)).toEqual(['a.pdf']);
  });

  it("keeps Upload Folder's paths (webkitRelativePath) and skips .ignore files", () => {
    const inFolder = new File(['x'], 'GA-101.pdf');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'Drawings/GA/GA-101.pdf' });
    const plain = new File(['y'], 'plain.pdf');
    const ignored = new File(['z'], 'skip.ignore');
    const list = [inFolder, plain, ignored] as unknown as FileList;
    expect(inputFiles(list).map((i) => i.relativePath)).toEqual(['Drawings/GA/GA-101.pdf', 'plain.pdf']);
    expect(inputFiles(null)).toEqual([]);
  });
});
