/**
 * The project screens built from JSON only (administration-data.md §3 Project, §7 Projects;
 * shell-access-navigation.md §2 project edit menu), driven through the real API (MSW forwards to the Hono
 * app): the project list (Add Project with the proposed code, Edit, Archive after a confirmation), the
 * archived projects (Restore), the project form on projects/{id}/edit (dates rule, save), the project's
 * lookup values and its hourly staff; and what a view user is not offered.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '../../engine/types/generated';
import { demoSeed } from '../../fixtures/seed';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render';

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });
const storedProject = (filter: Record<string, unknown>) =>
  mockApi.store().collection<Project>('projects').findOne(filter) as Promise<Project | null>;

describe('project list', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('adds a project with the code the code generator proposes', async () => {
    const user = userEvent.setup();
    renderApp('/projects');
    await screen.findByRole('row', { name: /Eyre Square Mixed-Use Development/ });
    // Archived projects are not listed.
    expect(screen.queryByRole('row', { name: /Salthill Promenade Shelters/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Code/)).toHaveValue('CCE-2603'));
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Knocknacarra Community Centre');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await screen.findByRole('row', { name: /Knocknacarra Community Centre/ });
    expect(await storedProject({ code: 'CCE-2603' })).toMatchObject({
      clientId: 1,
      name: 'Knocknacarra Community Centre',
      status: 'Active',
      type: 'projects',
    });
  });

  it('archives a project after Yes, lists it under Archived Projects and restores it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/projects');
    const row = await screen.findByRole('row', { name: /N59 Moycullen Bypass Bridge/ });
    await user.click(within(row).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-text').innerHTML).toBe(
      'Are you sure you want to archive <b>CCE-2405 N59 Moycullen Bypass Bridge</b>? It leaves the project lists and menus until it is restored.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /N59 Moycullen Bypass Bridge/ })).toBeNull());
    expect((await storedProject({ id: 2 }))?.status).toBe('Archived');

    // The confirmation closes with a transition; until it has, the page behind it is hidden from queries.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Archived Projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/archived'));
    const archived = await screen.findByRole('row', { name: /N59 Moycullen Bypass Bridge/ });
    expect(rowOf('Salthill Promenade Shelters')).toBeInTheDocument();
    await user.click(within(archived).getByRole('button', { name: 'Restore' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /N59 Moycullen Bypass Bridge/ })).toBeNull());
    expect((await storedProject({ id: 2 }))?.status).toBe('Active');
  });

  it('keeps an archived project out of the project pages', async () => {
    renderApp('/projects/14/qa');
    expect(await screen.findByText('The project was not found.')).toBeInTheDocument();
  });

  it('offers a view user neither Add Project, Archive nor Edit', async () => {
    await mockApi.logIn('view@demo.local');
    renderApp('/projects');
    const row = await screen.findByRole('row', { name: /Eyre Square Mixed-Use Development/ });
    expect(screen.queryByRole('button', { name: 'Add Project' })).toBeNull();
    // Archived Projects is the projects administrators' page (its route asks projects.getArchived; issue 19).
    expect(screen.queryByRole('button', { name: 'Archived Projects' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Open' })).toBeInTheDocument();
  });

  it("sends a view user away from the project's edit menu", async () => {
    await mockApi.logIn('view@demo.local');
    const { router } = renderApp('/projects/1/edit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});

describe('project edit menu', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));

  it('edits the project details; the end date may not be before the start date', async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/edit');
    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveValue('Eyre Square Mixed-Use Development'));
    expect(screen.getByLabelText(/^Code/)).toHaveValue('CCE-2401');
    expect(screen.getByLabelText(/^Logged By/)).toHaveValue('Niamh Gallagher');
    const save = screen.getByRole('button', { name: 'Save' });
    const end = screen.getByLabelText(/^End Date/);
    await user.clear(end);
    await user.type(end, '2020-01-01');
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    await user.clear(end);
    await user.type(end, '2026-10-30');
    await user.clear(name);
    await user.type(name, 'Eyre Square Phase 1');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    expect(await storedProject({ id: 1 })).toMatchObject({ name: 'Eyre Square Phase 1', endDate: '2026-10-30' });
  });

  it("adds the project's own lookup values, one per line", async () => {
    const user = userEvent.setup();
    renderApp('/projects/1/edit/lookupvalues');
    expect(await screen.findByRole('heading', { name: 'Lookup Values' })).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Lookup type' }));
    await user.click(await screen.findByRole('option', { name: 'Levels' }));
    await user.type(await screen.findByLabelText(/^Values/), 'Basement{Enter}Level 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('row', { name: /Level 1/ });
    expect(rowOf('Basement')).toHaveTextContent('Active');
    const stored = await mockApi.store().collection('projectLookupValues').find({ projectId: 1, type: 'Level' });
    expect(stored.map((v) => v.name).sort()).toEqual(['Basement', 'Level 1']);
  });

  it('lists the hourly staff: Labour employees with an access to the project', async () => {
    const seeded =
      (
        demoSeed as {
          employees?: {
            firstName: string;
            lastName: string;
            type?: string;
            isActive: boolean;
            projectAccesses?: { projectId: number }[];
          }[];
        }
      ).employees ?? [];
    const expected = seeded.filter(
      (e) => e.type === 'Labour' && e.isActive && e.projectAccesses?.some((a) => a.projectId === 1),
    );
    renderApp('/projects/1/edit/hourlystaff');
    expect(await screen.findByRole('heading', { name: 'Hourly Staff' })).toBeInTheDocument();
    if (expected.length === 0) {
      expect(await screen.findByText('No records found')).toBeInTheDocument();
      return;
    }
    const first = expected[0];
    const row = await screen.findByRole('row', { name: new RegExp(`${first.firstName} ${first.lastName}`) });
    expect(row).toHaveTextContent('39');
  });
});
