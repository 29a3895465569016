import { entriesThatFit } from './TopMenu';

describe('the top bar keeps its labels on one line (issue 19: they wrapped at 1366 px)', () => {
  const widths = [89, 179, 105, 99, 157, 173, 148, 65]; // the administrator's eight entries, px

  it('shows every entry when they fit with their 8 px gaps', () => {
    expect(entriesThatFit(widths, 1071, 80)).toBe(8);
  });

  it('keeps room for More when they do not, and shows the entries before it that fit', () => {
    expect(entriesThatFit(widths, 1070, 80)).toBe(6); // 89+179+105+99+157+173 + 6 gaps + 80 = 930
    expect(entriesThatFit(widths, 929, 80)).toBe(5);
    expect(entriesThatFit(widths, 100, 80)).toBe(0);
  });
});
