/**
 * The drawing register screen on the project's site work page (issue 23 item 4; docs/documents.md "The drawing
 * register"), built from JSON only (projects/drawing-register, drawing-register-form, drawing-revision-form,
 * drawing-revisions) and driven through the real API (MSW forwards to the Hono app): the Current revisions with the
 * spec's columns, the lookup columns and fields only when the project's lookup is enabled, Add Drawing with its
 * primary and secondary files (uploaded after the save), New Revision superseding the Current one, the revisions
 * page with every revision's file links, and what a view user is not offered.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DrawingRegisterItem } from '../../engine/types/generated';
import { onePagePdf } from '../../fixtures/seed';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

const items = () => mockApi.store().collection<DrawingRegisterItem>('drawingRegisterItems');
// Rows are found by a cell's text (role queries over a wide MUI table are slow in jsdom).
async function rowWith(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, { selector: 'a, td, span, p' }, { timeout: 20000 });
  return cell.closest('tr') as HTMLElement;
}
const pdf = (name: string) => new File([new Uint8Array(onePagePdf(name))], name, { type: 'application/pdf' });
const TIMEOUT = { timeout: 20000 };

describe('drawing register', () => {
  beforeEach(() => mockApi.logIn('user@demo.local', 1));

  it('lists the current revisions with the lookup columns of the enabled lookups only', async () => {
    renderApp('/projects/1/sitework');
    expect(await screen.findByRole('heading', { name: 'Drawing Register' }, TIMEOUT)).toBeInTheDocument();
    const ga = await rowWith('GA-101');
    expect(ga).toHaveTextContent('C01');
    expect(ga).toHaveTextContent('For Construction');
    expect(ga).toHaveTextContent('Current');
    expect(screen.queryByText('P01')).toBeNull();
    // Name opens the primary file; the secondary files are links too.
    expect(within(ga).getByRole('link', { name: 'GA-101' })).toHaveAttribute(
      'href',
      `/api/projects/1/sitework/drawingregister/download?url=${encodeURIComponent('projects/1/drawing-register/3/GA-101 Rev C01.pdf')}`,
    );
    expect(within(ga).getByRole('link', { name: 'GA-101 Door schedule.pdf' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
    for (const shown of ['Revision', 'Structure Reference', 'Elevations', 'Drawing Status', 'Last Updated By'])
      expect(
        headers.some((h) => h.includes(shown)),
        shown,
      ).toBe(true);
    // Elements, Level, Cores and Packages have no values on project 1: their lookups are not enabled.
    for (const hidden of ['Elements', 'Level', 'Cores', 'Packages'])
      expect(
        headers.some((h) => h.startsWith(hidden)),
        hidden,
      ).toBe(false);
    expect(screen.getByRole('button', { name: 'Download All' })).toBeInTheDocument();
  });

  it('adds a drawing with its files, then a new revision that supersedes it, listed on its revisions page', async () => {
    const user = userEvent.setup({ delay: null });
    const page = renderApp('/projects/1/sitework');
    await rowWith('GA-101');
    await user.click(screen.getByRole('button', { name: 'Add Drawing' }));
    let dialog = await screen.findByRole('dialog');
    await within(dialog).findByLabelText(/^Elevations/);
    // A lookup the project has not enabled is not offered.
    expect(within(dialog).queryByLabelText(/^Level/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Name/), 'P-700 Drainage');
    await user.type(within(dialog).getByLabelText(/^Revision/), 'P01');
    await user.upload(within(dialog).getByLabelText('Primary File'), pdf('P-700 P01.pdf'));
    await user.upload(within(dialog).getByLabelText('Secondary Files'), [pdf('Gully schedule.pdf'), pdf('Notes.pdf')]);
    await within(dialog).findByText('Gully schedule.pdf, Notes.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const added = await rowWith('P-700 Drainage');
    expect(within(added).getByRole('link', { name: 'P-700 Drainage' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stored = await items().findOne({ name: 'P-700 Drainage' });
    expect(stored?.attachments.map((a) => [a.type, a.fileName]).sort()).toEqual([
      ['PrimaryFile', 'P-700 P01.pdf'],
      ['SecondaryFile', 'Gully schedule.pdf'],
      ['SecondaryFile', 'Notes.pdf'],
    ]);

    await user.click(within(added).getByRole('button', { name: 'New Revision' }));
    dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText(/^Name/)).toHaveValue('P-700 Drainage');
    expect(within(dialog).getByLabelText(/^Revision/)).toHaveValue('');
    await user.type(within(dialog).getByLabelText(/^Revision/), 'P02');
    await user.upload(within(dialog).getByLabelText('Primary File'), pdf('P-700 P02.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await rowWith('P-700 Drainage')).textContent).toContain('P02'), TIMEOUT);
    expect(await items().findOne({ name: 'P-700 Drainage', revision: 'P01' })).toMatchObject({ status: 'Superseded' });
    page.unmount();

    renderApp(`/projects/1/sitework/drawing-register/${encodeURIComponent('P-700 Drainage')}`);
    expect(await screen.findByRole('heading', { name: 'Revisions of P-700 Drainage' }, TIMEOUT)).toBeInTheDocument();
    const old = await rowWith('P01');
    expect(old).toHaveTextContent('Superseded');
    expect(within(old).getByRole('link', { name: 'P-700 P01.pdf' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('P-700 P01.pdf')),
    );
    expect(within(old).getByRole('link', { name: 'Notes.pdf' })).toBeInTheDocument();
    expect(await rowWith('P02')).toHaveTextContent('Current');
  }, 120_000);

  it('offers a view user no Add, Edit or New Revision', async () => {
    await mockApi.logIn('view@demo.local', 1);
    renderApp('/projects/1/sitework');
    const ga = await rowWith('GA-101');
    expect(screen.getByRole('button', { name: 'Download All' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Drawing' })).toBeNull();
    expect(within(ga).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(ga).queryByRole('button', { name: 'New Revision' })).toBeNull();
    expect(within(ga).getByRole('button', { name: 'Revisions' })).toBeInTheDocument();
  });
});
