/**
 * The Document Register dialog's rules (administration-data.md §2 "Document Register dialog", §5 "Drawing register
 * picker"): description and notes cut to 100 characters (97 plus an ellipsis), the Add buttons' enabling, and what
 * each adds.
 */
import { type DrawingRegisterRow, pickListText, registerAddButtons, registerPicks } from './drawing-register-picker';

const row = (id: number, secondary: string[], primary = true): DrawingRegisterRow => ({
  id,
  name: `D${id}`,
  revision: 'A',
  primaryFile: primary ? { fileUrl: `/f/${id}`, fileName: `D${id}.pdf` } : null,
  secondaryFiles: secondary.map((fileName) => ({ fileUrl: `/f/${fileName}`, fileName })),
});

describe('the Document Register dialog', () => {
  it('cuts description and notes to 100 characters, 97 plus an ellipsis', () => {
    expect(pickListText('x'.repeat(100))).toBe('x'.repeat(100));
    expect(pickListText('x'.repeat(101))).toBe(`${'x'.repeat(97)}...`);
    expect(pickListText(undefined)).toBe('');
  });

  it('enables Add All Selected with any file, Add Primary Files and Add Secondary Files only with their kind', () => {
    const none = new Set<never>();
    expect(registerAddButtons({ primary: none, secondary: none })).toEqual({
      all: false,
      primary: false,
      secondary: false,
    });
    expect(registerAddButtons({ primary: new Set([1]), secondary: none })).toEqual({
      all: true,
      primary: true,
      secondary: false,
    });
    expect(registerAddButtons({ primary: none, secondary: new Set(['1/a.pdf']) })).toEqual({
      all: true,
      primary: false,
      secondary: true,
    });
  });

  it('adds only the ticked files of the button’s kind, a row’s primary file first', () => {
    const rows = [row(1, ['a.pdf', 'b.pdf']), row(2, [], false), row(3, ['c.pdf'])];
    const selection = { primary: new Set([1, 2, 3]), secondary: new Set(['1/b.pdf', '3/c.pdf']) };
    const names = (which: 'all' | 'primary' | 'secondary') =>
      registerPicks(rows, selection, which).map((p) => `${p.row.id}/${p.fileName}`);
    expect(names('all')).toEqual(['1/D1.pdf', '1/b.pdf', '3/D3.pdf', '3/c.pdf']);
    expect(names('primary')).toEqual(['1/D1.pdf', '3/D3.pdf']);
    expect(names('secondary')).toEqual(['1/b.pdf', '3/c.pdf']);
  });
});
