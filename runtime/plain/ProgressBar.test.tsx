/**
 * The plain progress bar (the navigation bar of shell-access-navigation.md §2.4, the root's hydrate fallback): a
 * progressbar with the catalogue's 'common.loading' as its accessible name (axe's `aria-progressbar-name`, which
 * form-creator.e2e's check found on a page caught while the router navigated).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { message } from '../../engine/messages/catalogue';
import { ProgressBar } from './ProgressBar';

describe('the plain progress bar', () => {
  it('is a progressbar named by the catalogue, pinned to the top when fixed', () => {
    const { rerender } = render(<ProgressBar />);
    const bar = screen.getByRole('progressbar', { name: message('common.loading') });
    expect(bar).not.toHaveClass('plain-progress-fixed');
    rerender(<ProgressBar fixed />);
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toHaveClass('plain-progress-fixed');
  });
});
