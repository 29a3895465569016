/**
 * The version screens of the form library (issue 21 part 8), in the app: the Versions row action opens a form's
 * version list (who published which version, when, its size and entries); a row opens the question-level
 * difference from the version before it, or up to the newest, shown one row per added, removed, changed or moved
 * question (the answer's groups read as rows: register `source.rows`). The two version calls are answered by the
 * test (MSW); the rest (session, access, the form library) is the real API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { mswPath } from '../../fixtures/msw/handlers';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';
import { clickRowAction, rowActionNames } from '../test/row-actions';
import { groupedRows } from './register/rows';

const versions = [
  {
    version: 3,
    previousVersion: 2,
    latestVersion: 3,
    isLatest: true,
    title: 'Site Safety Inspection',
    publishedAt: '2026-11-20T09:30:00.000Z',
    publishedBy: 'Ciara Brennan',
    publishedById: 9001,
    pages: 3,
    questions: 14,
    entries: 0,
  },
  {
    version: 2,
    previousVersion: null,
    latestVersion: 3,
    isLatest: false,
    title: 'Safety Inspection',
    publishedAt: '2026-10-01T08:00:00.000Z',
    publishedBy: 'Niamh Gallagher',
    publishedById: 1,
    pages: 2,
    questions: 12,
    entries: 7,
  },
];

const diff = {
  added: [{ id: 20, label: 'Gas detector checked', type: 'Checkbox', pageId: 2 }],
  removed: [{ id: 9, label: 'Weather', type: 'Text', pageId: 1 }],
  changed: [
    {
      id: 4,
      label: 'Area inspected',
      type: 'Dropdown',
      pageId: 1,
      keywords: ['label', 'options'],
      choiceValuesChanged: true,
    },
  ],
  moved: [{ id: 4, label: 'Area inspected', type: 'Dropdown', pageId: 2, fromPageId: 1, fromIndex: 2, toIndex: 0 }],
};

describe('the version screens', () => {
  beforeEach(async () => {
    await mockApi.logIn('admin@demo.local', 1);
    server.use(
      http.get(mswPath('forms.versions'), ({ params }) =>
        params.id === '5' ? HttpResponse.json(versions) : HttpResponse.json([]),
      ),
      http.get(mswPath('forms.versionDiff'), ({ params }) =>
        HttpResponse.json({ from: Number(params.from), to: Number(params.to), diff }),
      ),
    );
  });

  it('opens the version list from the form library and a difference from a version row', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/health-and-safety/inspections');
    const form = await screen.findByRole('row', { name: /Site Safety Inspection/ });
    await clickRowAction(user, form, 'Versions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/health-and-safety/form-library/5/versions'));

    const newest = await screen.findByRole('row', { name: /Ciara Brennan/ });
    expect(newest).toHaveTextContent('Site Safety Inspection');
    expect(newest).toHaveTextContent('14');
    const older = screen.getByRole('row', { name: /Niamh Gallagher/ });
    expect(older).toHaveTextContent('Safety Inspection');
    expect(older).toHaveTextContent('7');
    // The newest has a version before it and is the latest; the oldest has none before it.
    expect(await rowActionNames(user, newest)).toEqual(['Changes from the previous version']);
    expect(await rowActionNames(user, older)).toEqual(['Changes up to the latest version']);

    await clickRowAction(user, older, 'Changes up to the latest version');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/health-and-safety/form-library/5/versions/2/diff/3'),
    );
    expect(await screen.findByRole('link', { name: 'Versions' })).toBeInTheDocument();
    expect(screen.getByText('Version 2 to 3')).toBeInTheDocument();

    const added = await screen.findByRole('row', { name: /Gas detector checked/ });
    expect(added).toHaveTextContent('Added');
    expect(screen.getByRole('row', { name: /Weather/ })).toHaveTextContent('Removed');
    // One question both changed and moved: two rows.
    const area = screen.getAllByRole('row', { name: /Area inspected/ });
    expect(area).toHaveLength(2);
    const changed = area.find((row) => within(row).queryByText('Changed'));
    expect(changed).toHaveTextContent('label, options');
    expect(changed).toHaveTextContent('Yes');
    expect(area.some((row) => within(row).queryByText('Moved'))).toBe(true);
  });

  it('says so when two versions do not differ, and when a form has no version yet', async () => {
    server.use(
      http.get(mswPath('forms.versionDiff'), () =>
        HttpResponse.json({ from: 2, to: 3, diff: { added: [], removed: [], changed: [], moved: [] } }),
      ),
    );
    const first = renderApp('/health-and-safety/form-library/5/versions/2/diff/3');
    expect(await screen.findByText('No question differs between these versions.')).toBeInTheDocument();
    first.unmount();
    renderApp('/quality-assurance/form-library/1/versions');
    expect(await screen.findByText('This form has not been published yet.')).toBeInTheDocument();
  });
});

describe('groupedRows', () => {
  it("makes one row per item of each group, in the groups' order, with its group and a key", () => {
    expect(groupedRows({ from: 1, diff }, { from: 'diff', groupField: 'change', keyField: 'rowKey' })).toEqual([
      { ...diff.added[0], change: 'added', rowKey: 'added-0' },
      { ...diff.removed[0], change: 'removed', rowKey: 'removed-0' },
      { ...diff.changed[0], change: 'changed', rowKey: 'changed-0' },
      { ...diff.moved[0], change: 'moved', rowKey: 'moved-0' },
    ]);
    // What is not a grouping object, or not a list of objects, gives no rows.
    const spec = { from: 'diff', groupField: 'g', keyField: 'k' };
    expect(groupedRows(null, spec)).toEqual([]);
    expect(groupedRows({ diff: [] }, spec)).toEqual([]);
    expect(groupedRows({ diff: { a: 'x', b: [1, null, { id: 1 }] } }, spec)).toEqual([{ id: 1, g: 'b', k: 'b-0' }]);
  });
});
