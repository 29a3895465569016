import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decomposeColor, getContrastRatio, recomposeColor } from '@mui/material/styles';
import { demoSeed } from '../../fixtures/seed';
import { FONT_FAMILY, MIN_TEXT_CONTRAST, makeTheme, pageBackground, readableOn, textOn } from './theme';

/** Some brandings a client could pick: the demo clients' and harder ones (light, mid-tone, dark page). */
const BRANDINGS = [
  ...demoSeed.clients,
  { primaryColour: '#ffcc00', secondaryColour: '#00a3e0', tertiaryColour: '#ffffff' },
  { primaryColour: '#e07a5f', secondaryColour: '#7f7f7f', tertiaryColour: '#f0f0f0' },
  { primaryColour: '#ff0000', secondaryColour: '#00ff00', tertiaryColour: '#333333' },
];

/** Black at `opacity` over `colour`, as the browser paints semi-transparent black text on it. */
function over(colour: string, opacity: number) {
  const { values } = decomposeColor(colour);
  return recomposeColor({
    type: 'rgb',
    values: [0, 1, 2].map((i) => Math.round(values[i] * (1 - opacity))) as [number, number, number],
  });
}

describe('the theme reads at 4.5:1 whatever the client picks (issue 19, WCAG 2.2 1.4.3)', () => {
  it.each(BRANDINGS.map((b) => [b.primaryColour, b.secondaryColour, b.tertiaryColour, b]))(
    'primary %s, secondary %s, page %s',
    (_p, _s, _t, branding) => {
      const { palette } = makeTheme(branding);
      const page = palette.background.default;
      // Text on the brand colours: contained buttons, the top bar.
      expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(palette.secondary.contrastText, palette.secondary.main)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(textOn(branding.primaryColour), branding.primaryColour)).toBeGreaterThanOrEqual(4.5);
      // The primary colour and the error red as text, on white and on the page.
      for (const background of ['#ffffff', page]) {
        expect(getContrastRatio(palette.primary.main, background)).toBeGreaterThanOrEqual(4.5);
        expect(getContrastRatio(palette.error.main, background)).toBeGreaterThanOrEqual(4.5);
      }
      // Secondary text (60 % black) on the page.
      expect(getContrastRatio(over(page, 0.6), page)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that already reads, and darkens one that does not just enough', () => {
    expect(readableOn('#0b4f6c', ['#ffffff'])).toBe('#0b4f6c');
    const darker = readableOn('#f2a541', ['#ffffff']);
    expect(getContrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(getContrastRatio(darker, '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST + 1);
  });

  it('keeps a light page colour and lightens a dark one; white without one', () => {
    expect(pageBackground('#e8eef2')).toBe('#e8eef2');
    expect(pageBackground('#333333')).not.toBe('#333333');
    expect(pageBackground(undefined)).toBe('#ffffff');
  });

  it('puts white text on a dark brand colour and black on a light one', () => {
    expect(textOn('#0b4f6c')).toBe('#ffffff');
    expect(textOn('#ffcc00')).toBe('rgba(0, 0, 0, 0.87)');
  });

  it('keeps the exact brand colour for the top bar, and rings a focused control', () => {
    const theme = makeTheme({ primaryColour: '#ffcc00', secondaryColour: '#00a3e0', tertiaryColour: '#ffffff' });
    const bar = theme.components?.MuiAppBar?.styleOverrides?.colorPrimary as Record<string, unknown>;
    expect(bar).toMatchObject({ backgroundColor: '#ffcc00', color: 'rgba(0, 0, 0, 0.87)' });
    const base = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, { outline: string }>;
    expect(base['&.Mui-focusVisible'].outline).toBe(`2px solid ${theme.palette.primary.main}`);
  });
});

describe("the platform's typeface", () => {
  it("is the device's interface font, first in one stack for the MUI pages and the plain login page", () => {
    expect(FONT_FAMILY.split(',')[0]).toBe('system-ui');
    const theme = makeTheme(null, false);
    expect(theme.typography.fontFamily).toBe(FONT_FAMILY);
    expect(theme.typography.body1.fontFamily).toBe(FONT_FAMILY);
    const css = readFileSync(path.join(import.meta.dirname, '..', 'plain', 'plain.css'), 'utf8');
    const body = /\nbody \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(/font-family: ([^;]+);/.exec(body)?.[1]).toBe(FONT_FAMILY);
  });
});
