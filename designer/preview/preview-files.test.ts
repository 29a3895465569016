/**
 * The preview's files in memory (issue 21 part 6 "nothing saved"): uploads kept by folder with object URLs, a
 * same-named upload replacing the file, deletes and the folder's delete, the refusals, and dispose revoking the URLs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../runtime/api/client';
import { createPreviewFiles } from './preview-files';

function uploads(...files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('uploads[]', file, file.name);
  return form;
}

describe('the preview files', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keep uploads by folder, replace a same-named one, delete, and revoke every URL on dispose', async () => {
    let n = 0;
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview/${++n}`);
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const files = createPreviewFiles(() => new Date('2026-11-27T10:00:00Z'));
    expect(files.handles('files.upload')).toBe(true);
    expect(files.handles('entries.submit')).toBe(false);
    const added = (await files.call('files.upload', {
      query: { folder: '/questions/5/abc/' },
      body: uploads(new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['bb'], 'b.pdf')),
    })) as Array<{ file: string; size: number; url: string; modified: string }>;
    expect(added.map((f) => [f.file, f.size, f.url])).toEqual([
      ['questions/5/abc/a.jpg', 1, 'blob:preview/1'],
      ['questions/5/abc/b.pdf', 2, 'blob:preview/2'],
    ]);
    expect(added[0].modified).toBe('2026-11-27T10:00:00.000Z');
    await files.call('files.upload', { query: { folder: 'other' }, body: uploads(new File(['c'], 'c.png')) });
    // The same name again replaces the file (its old URL revoked).
    await files.call('files.upload', {
      query: { folder: 'questions/5/abc' },
      body: uploads(new File(['aaa'], 'a.jpg')),
    });
    expect(revoked).toHaveBeenCalledWith('blob:preview/1');
    const listed = (await files.call('files.list', { query: { folder: 'questions/5/abc' } })) as Array<{
      file: string;
      size: number;
    }>;
    expect(listed.map((f) => [f.file, f.size]).sort()).toEqual([
      ['questions/5/abc/a.jpg', 3],
      ['questions/5/abc/b.pdf', 2],
    ]);
    expect(files.fileUrl('other/c.png')).toBe('blob:preview/3');
    expect(files.fileUrl('questions/9/x.png')).toBeNull();
    await files.call('files.delete', { query: { file: 'questions/5/abc/b.pdf' } });
    await expect(files.call('files.delete', { query: { file: 'questions/5/abc/b.pdf' } })).rejects.toMatchObject({
      status: 404,
      messageId: 'files.notFound',
    });
    await expect(files.call('files.upload', { query: { folder: 'x' }, body: new FormData() })).rejects.toBeInstanceOf(
      ApiError,
    );
    await files.call('files.deleteFolder', { query: { folder: 'questions/5/abc' } });
    expect(files.files().map((f) => f.file)).toEqual(['other/c.png']);
    files.dispose();
    expect(files.files()).toEqual([]);
    expect(revoked).toHaveBeenCalledTimes(created.mock.calls.length);
  });
});
