/**
 * The file upload field over the real API (MSW to the Hono app): upload into the entry's folder,
 * thumbnails for images, delete after the question, the value the list of paths, failures shown.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UnsavedStateContext } from '../../shell/leave-guard';
import { mockApi } from '../../test/mock-api';
import { SchemaForm } from '../SchemaForm';
import { isUsableFolder } from './FileUploadWidget';

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

describe('the file upload field', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it('skips folders with undefined or an all-zero id', () => {
    expect(isUsableFolder('questions/3/abc')).toBe(true);
    expect(isUsableFolder('questions/undefined/abc')).toBe(false);
    expect(isUsableFolder('entries/0000/abc')).toBe(false);
  });

  it('uploads, lists with a thumbnail, and deletes after Yes, keeping the value the list of paths', async () => {
    const onChange = vi.fn();
    render(
      <SchemaForm
        schema={{ type: 'object', properties: { photos: { type: 'array', items: { type: 'string' } } } }}
        uiSchema={{
          photos: {
            'ui:widget': 'file-upload',
            'ui:title': 'Photos',
            'ui:options': { accept: 'image/*,.txt', folder: 'questions/9' },
          },
        }}
        onChange={onChange}
      />,
    );
    const user = userEvent.setup();
    const input = screen.getByLabelText('Photos', { selector: 'input' }) as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/*,.txt');
    await user.upload(input, [
      new File([PNG], 'pour.png', { type: 'image/png' }),
      new File([new TextEncoder().encode('notes')], 'notes.txt', { type: 'text/plain' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Photos' });
    await within(list).findByText('pour.png');
    expect(within(list).getByText('notes.txt')).toBeInTheDocument();
    expect(list.querySelectorAll('img')).toHaveLength(1);
    const value = onChange.mock.lastCall?.[0].photos as string[];
    expect(value.map((p) => p.split('/').pop()).sort()).toEqual(['notes.txt', 'pour.png']);
    expect(value[0]).toMatch(/^questions\/9\/[a-z0-9]+\/(pour\.png|notes\.txt)$/);

    await user.click(within(list).getByRole('button', { name: 'Delete notes.txt' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete notes.txt file?');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(list).queryByText('notes.txt')).toBeNull());
    const after = onChange.mock.lastCall?.[0]?.photos as string[];
    expect(after.map((p) => p.split('/').pop())).toEqual(['pour.png']);
  });

  it('shows the server’s refusal of a file type', async () => {
    render(
      <SchemaForm
        schema={{ type: 'object', properties: { docs: { type: 'array', items: { type: 'string' } } } }}
        uiSchema={{
          docs: { 'ui:widget': 'file-upload', 'ui:title': 'Documents', 'ui:options': { folder: 'questions/4' } },
        }}
      />,
    );
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(60).fill(0)]);
    await userEvent
      .setup()
      .upload(
        screen.getByLabelText('Documents', { selector: 'input' }) as HTMLInputElement,
        new File([elf], 'tool.png'),
      );
    expect(await screen.findByText('This type of file cannot be uploaded.')).toBeInTheDocument();
  });
});

describe('a new entry left unsaved', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  /** Renders the field, uploads one file, and answers the store prefix of the entry's folder. */
  async function uploadOne(unsaved: boolean): Promise<string> {
    const onChange = vi.fn();
    render(
      <UnsavedStateContext.Provider value={() => unsaved}>
        <SchemaForm
          schema={{ type: 'object', properties: { photos: { type: 'array', items: { type: 'string' } } } }}
          uiSchema={{
            photos: { 'ui:widget': 'file-upload', 'ui:title': 'Photos', 'ui:options': { folder: 'questions/21' } },
          }}
          onChange={onChange}
        />
      </UnsavedStateContext.Provider>,
    );
    const input = screen.getByLabelText('Photos', { selector: 'input' }) as HTMLInputElement;
    await userEvent.setup().upload(input, new File([PNG], 'left.png', { type: 'image/png' }));
    await within(await screen.findByRole('list', { name: 'Photos' })).findByText('left.png');
    const photos = (onChange.mock.lastCall?.[0]?.photos ?? []) as string[];
    const path = photos[0] ?? '';
    return `1/${path.slice(0, path.lastIndexOf('/') + 1)}`;
  }

  it('loses its uploaded files when the page is left', async () => {
    const folder = await uploadOne(true);
    expect(await mockApi.store().files.list(folder)).toHaveLength(1);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect(await mockApi.store().files.list(folder)).toEqual([]));
  });

  it('keeps them when the entry was saved', async () => {
    const folder = await uploadOne(false);
    window.dispatchEvent(new Event('pagehide'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mockApi.store().files.list(folder)).toHaveLength(1);
  });
});
