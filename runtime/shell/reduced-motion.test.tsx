/**
 * Reduced motion (runtime/shell/theme.ts, WCAG 2.3.3): a browser that asks for it gets a theme whose transitions
 * take no time, so a dialog or menu closes at once; other browsers keep MUI's durations.
 */
import { Dialog, DialogTitle } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTheme, prefersReducedMotion } from './theme';

function Shown({ open, reducedMotion }: { open: boolean; reducedMotion: boolean }) {
  return (
    <ThemeProvider theme={makeTheme(null, reducedMotion)}>
      <Dialog open={open} aria-labelledby="t">
        <DialogTitle id="t">Delete page</DialogTitle>
      </Dialog>
    </ThemeProvider>
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reduced motion (WCAG 2.3.3)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the browser: prefers-reduced-motion: reduce, or not, or no matchMedia at all', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    expect(prefersReducedMotion()).toBe(true);
    expect(makeTheme().transitions.duration.leavingScreen).toBe(0);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(prefersReducedMotion()).toBe(false);
    expect(makeTheme().transitions.duration.leavingScreen).toBe(195);
    vi.stubGlobal('matchMedia', undefined);
    expect(prefersReducedMotion()).toBe(false);
  });

  it('every duration is 0, the collapses and menus too', () => {
    const still = makeTheme(null, true).transitions;
    for (const value of Object.values(still.duration)) expect(value).toBe(0);
    expect(still.getAutoHeightDuration(600)).toBe(0);
    const moving = makeTheme(null, false).transitions;
    expect(moving.duration.standard).toBe(300);
    expect(moving.getAutoHeightDuration(600)).toBeGreaterThan(0);
  });

  it('a dialog closes at once; with motion it fades out first', async () => {
    for (const reducedMotion of [true, false]) {
      const { rerender, unmount } = render(<Shown open reducedMotion={reducedMotion} />);
      expect(screen.getByRole('dialog', { name: 'Delete page' })).toBeTruthy();
      act(() => rerender(<Shown open={false} reducedMotion={reducedMotion} />));
      // A timer set after the close fires before a 195 ms exit's own (timers fire in the order they fall due).
      await act(() => pause(50));
      expect(screen.queryByText('Delete page') === null).toBe(reducedMotion);
      unmount();
    }
  });
});
