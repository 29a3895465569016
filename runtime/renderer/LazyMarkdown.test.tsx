/**
 * RJSF's Markdown as the build gives it (runtime/renderer/LazyMarkdown.tsx): the text as written until
 * markdown-to-jsx has loaded, then drawn as markdown (scripts/markdown-on-demand.test.ts: RJSF's modules get it).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './LazyMarkdown';

describe('the Markdown RJSF gets', () => {
  it('shows the text as written, then as markdown once the library is in', async () => {
    const { container } = render(<Markdown options={{ disableParsingRawHTML: true }}>{'A **firm** base'}</Markdown>);
    expect(container.textContent).toBe('A **firm** base');
    expect((await screen.findByText('firm')).tagName).toBe('STRONG');
    expect(container.textContent).toBe('A firm base');
  });
});
