/**
 * The document picker (dms-buttons, form-configuration.md §2 "Document picker"): over the real API (MSW to
 * the Hono app), the project's documents in a folder tree, Add disabled until something is ticked, Close
 * leaving the answer as it was, and the answer the chosen documents' paths.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi } from '../../test/mock-api';
import { SchemaForm } from '../SchemaForm';
import { documentTree } from './DocumentPickerWidget';

async function upload(folder: string, name: string) {
  const form = new FormData();
  form.append('uploads[]', new File([new TextEncoder().encode('%PDF-1.4 demo')], name, { type: 'text/plain' }), name);
  const res = await fetch(`http://localhost/api/files/upload?folder=${encodeURIComponent(folder)}`, {
    method: 'POST',
    body: form,
  });
  expect(res.status).toBe(201);
}

function renderPicker(onChange: (data: Record<string, unknown>) => void, multiple = true, tooltip?: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/projects/:projectId/form',
        element: (
          <SchemaForm
            schema={{ type: 'object', properties: { docs: { type: 'array', items: { type: 'string' } } } }}
            uiSchema={{
              docs: {
                'ui:widget': 'dms-buttons',
                'ui:title': 'Drawings referred to',
                'ui:options': { multiple, tooltip },
              },
            }}
            onChange={onChange}
          />
        ),
      },
    ],
    { initialEntries: ['/projects/1/form'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the document picker', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it('groups documents by folder below the project’s documents folder', () => {
    const doc = (file: string) => ({ name: file.split('/').pop() ?? '', file, url: '' });
    const root = 'projects/1/documents';
    expect(
      documentTree([doc(`${root}/a.txt`), doc(`${root}/Drawings/GA.pdf`), doc(`${root}/Drawings/Old/x.pdf`)], root).map(
        ([folder, files]) => [folder, files.map((f) => f.name)],
      ),
    ).toEqual([
      ['', ['a.txt']],
      ['Drawings', ['GA.pdf']],
      ['Drawings/Old', ['x.pdf']],
    ]);
  });

  it('lists the project’s documents in folders, adds the ticked ones, and Close changes nothing', async () => {
    await upload('projects/1/documents/Drawings', 'GA-101.txt');
    await upload('projects/1/documents/Drawings', 'GA-102.txt');
    await upload('projects/1/documents/Method statements', 'MS-04.txt');
    await upload('projects/2/documents', 'other-project.txt');
    const onChange = vi.fn();
    renderPicker(onChange);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drawings referred to' });
    await within(dialog).findByText('GA-101.txt');
    expect(within(dialog).getByText('Drawings')).toBeInTheDocument();
    expect(within(dialog).getByText('Method statements')).toBeInTheDocument();
    expect(within(dialog).queryByText('other-project.txt')).toBeNull();
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'GA-102.txt' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'MS-04.txt' }));
    expect(add).toBeEnabled();
    await user.click(add);
    expect(onChange.mock.lastCall?.[0].docs).toEqual([
      'projects/1/documents/Drawings/GA-102.txt',
      'projects/1/documents/Method statements/MS-04.txt',
    ]);
    const chosen = await screen.findByRole('list', { name: 'Drawings referred to' });
    expect(within(chosen).getByRole('link', { name: 'GA-102.txt' })).toHaveAttribute(
      'href',
      '/api/files/download?file=projects%2F1%2Fdocuments%2FDrawings%2FGA-102.txt',
    );

    const calls = onChange.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Add from documents' }));
    const again = await screen.findByRole('dialog', { name: 'Drawings referred to' });
    await within(again).findByText('GA-101.txt');
    await user.click(within(again).getByRole('checkbox', { name: 'GA-101.txt' }));
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    expect(onChange.mock.calls.length).toBe(calls);

    await user.click(await screen.findByRole('button', { name: 'Remove GA-102.txt' }));
    expect(onChange.mock.lastCall?.[0].docs).toEqual(['projects/1/documents/Method statements/MS-04.txt']);
  });

  it('shows the question’s tooltip on its button', async () => {
    renderPicker(vi.fn(), true, 'Choose from the project’s documents');
    const user = userEvent.setup();
    await user.hover(await screen.findByRole('button', { name: 'Add from documents' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Choose from the project’s documents');
  });

  it('keeps one document when the question takes one', async () => {
    await upload('projects/1/documents', 'A.txt');
    await upload('projects/1/documents', 'B.txt');
    const onChange = vi.fn();
    renderPicker(onChange, false);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from documents' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('A.txt');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A.txt' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'B.txt' }));
    expect(within(dialog).getByRole('checkbox', { name: 'A.txt' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(onChange.mock.lastCall?.[0].docs).toEqual(['projects/1/documents/B.txt']);
  });
});
