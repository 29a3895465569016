/** The screen host's image viewer and progress overlay (form-configuration.md §2). */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScreenHost, type ScreenHostApi, useScreenHost } from './ScreenHost';

let api: ScreenHostApi | null = null;
function Grab() {
  api = useScreenHost();
  return null;
}

describe('the screen host', () => {
  beforeEach(() => {
    render(
      <ScreenHost>
        <Grab />
      </ScreenHost>,
    );
  });

  it('shows one image in the viewer and closes it', async () => {
    act(() => api?.viewImage('/api/files/download?file=a/b.png', 'b.png'));
    const dialog = await screen.findByRole('dialog', { name: 'b.png' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/files/download?file=a/b.png');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a result until closed; Copy link copies the value, or says it could not', async () => {
    const user = userEvent.setup();
    act(() => api?.showResult({ title: 'Done', text: 'Nothing to copy.' }));
    const plain = await screen.findByRole('dialog', { name: 'Done' });
    expect(plain).toHaveTextContent('Nothing to copy.');
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() =>
      api?.showResult({
        title: 'Invitation',
        text: 'Send it.',
        copy: { label: 'Link', value: 'http://x/invitation/a' },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invitation' });
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveValue('http://x/invitation/a');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('http://x/invitation/a');
    expect(await screen.findByText('The link could not be copied: select it and copy it by hand.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('shows a progress message with sanitised markup and an optional Cancel', async () => {
    const cancel = vi.fn();
    act(() => api?.progress('Uploading <b>2</b> files <img src=x onerror=alert(1)>', cancel));
    const text = await screen.findByTestId('progress-text');
    expect(text.innerHTML).toBe('Uploading <b>2</b> files ');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByTestId('progress-text')).toBeNull());
    act(() => api?.progress('Working'));
    expect(await screen.findByTestId('progress-text')).toHaveTextContent('Working');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    act(() => api?.progress(null));
    await waitFor(() => expect(screen.queryByTestId('progress-text')).toBeNull());
  });
});
