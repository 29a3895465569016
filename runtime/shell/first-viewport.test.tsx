/**
 * The first screen's window (./first-viewport.ts): what the server draws for is what the browser's hydration reads,
 * and no later render reads it. Isolated (vitest.config.ts DOM_ISOLATED): it sets the page's first-screen window.
 */
import useMediaQuery from '@mui/material/useMediaQuery';
import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../../engine/rules/first-viewport';
import { drawingFor, firstScreenMedia, hydratingFor, useFirstScreenViewport } from './first-viewport';

function Probe({ seen }: { seen: string[] }) {
  const viewport = useFirstScreenViewport();
  const narrow = useMediaQuery('(max-width:550px)', firstScreenMedia());
  const text = `${viewport ? `${viewport.width}x${viewport.height}` : 'window'} ${narrow ? 'narrow' : 'wide'}`;
  seen.push(text);
  return <p>{text}</p>;
}

describe('the first screen window', () => {
  it('is read by the server render and by the hydration of its markup, and by no render after them', async () => {
    const server: string[] = [];
    const html = drawingFor(PHONE_VIEWPORT, () => renderToString(<Probe seen={server} />));
    expect(server).toEqual(['390x844 narrow']);
    expect(html).toBe('<p>390x844 narrow</p>');
    // Outside the server's render, nothing is drawn for it.
    const after: string[] = [];
    renderToString(<Probe seen={after} />);
    expect(after).toEqual(['window wide']);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const seen: string[] = [];
    hydratingFor(PHONE_VIEWPORT);
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (error) => errors.push(error) });
    });
    // Hydrated with the server's answers (jsdom's window has no matchMedia: MUI answers `false` there afterwards).
    expect(errors).toEqual([]);
    expect(seen[0]).toBe('390x844 narrow');
    expect(container.textContent).toBe('window wide');

    // A page drawn in the browser later reads the window.
    const fresh: string[] = [];
    const other = document.createElement('div');
    await act(async () => createRoot(other).render(<Probe seen={fresh} />));
    expect(fresh.at(-1)).toBe('window wide');
    expect(DESKTOP_VIEWPORT.width).toBeGreaterThan(550);
  });
});
