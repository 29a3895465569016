/**
 * The data table in a register (administration-data.md §3 "Data table", §4, §5, §8, §9), over the real
 * API through MSW: editable columns edit the rows in place and `saveRows` sends the changed rows
 * (a refusal shows the server's message); required cells block Save; the column chooser; a Button
 * column runs its row action; frozen columns only above 750 px; page sizes and the report; 'No results
 * found...' for a search matching nothing. The document is provided in the test (provideScreen).
 */
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mswPath } from '../../../fixtures/msw/handlers';
import { mockApi, server } from '../../test/mock-api';
import type { RegisterDocument } from '../documents';
import { ScreenView } from '../ScreenView';
import { KEEPS_NOTHING, PaperWidthRef, useTable } from './use-table';

const register: RegisterDocument = {
  kind: 'register',
  id: 'test/employee-table',
  title: 'employees.title',
  source: { call: { operation: 'employees.getall' }, query: 'none' },
  rowKey: 'id',
  columns: [
    { value: 'employeeNumber', header: 'employees.employeeNumber', type: 'Text', frozen: true },
    { value: 'firstName', header: 'employees.firstName', type: 'Text', editable: true, required: true },
    { value: 'lastName', header: 'employees.lastName', type: 'Text' },
    { value: 'mobile', header: 'employees.mobile', type: 'Tel', editable: true },
    {
      value: 'type',
      header: 'employees.type',
      type: 'DropDown',
      editable: true,
      options: [
        { value: 'Administration', label: 'employees.type.Administration' },
        { value: 'Management', label: 'employees.type.Management' },
        { value: 'Labour', label: 'employees.type.Labour' },
      ],
    },
    { value: 'landline', header: 'employees.landline', type: 'Text' },
    { value: 'edit', header: 'employees.edit', type: 'Button', sortable: false, filterable: false },
  ],
  rowActions: [{ id: 'edit', label: 'employees.edit', action: { navigate: '/settings/employees/{id}' } }],
  columnChooser: true,
  saveRows: {
    call: { operation: 'employees.update', params: { id: '{id}' } },
    fields: ['employeeNumber', 'firstName', 'lastName', 'role', 'type', 'email', 'mobile', 'landline', 'startDate'],
    successMessageId: 'common.saveSuccessful',
  },
  emptyMessageId: 'common.noRecords',
  paging: { mode: 'client', pageSizes: [10, 25, 50, 100, 500, 1000], default: 10 },
  operations: ['employees.getall', 'employees.update'],
};

function show(doc: RegisterDocument) {
  const router = createMemoryRouter([{ path: '*', element: <ScreenView document={doc} params={{}} /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

function dataRows(): HTMLElement[] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 1);
}

/** Answers `(min-width: N px)` queries as a window `width` px wide. */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

describe('data table in a register', () => {
  beforeEach(() => mockApi.logIn('admin@demo.local', 1));
  afterEach(() => {
    // @ts-expect-error jsdom has no matchMedia; the tests that set one remove it.
    delete window.matchMedia;
  });

  it("reads no toolbar's height nor the paper's width while it renders, and still shows its toolbars (use-table)", async () => {
    // Sizes read from the page (each a forced layout in a browser): the toolbars' heights, the paper's width.
    const read: Element[] = [];
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      read.push(this);
      return (height?.get?.call(this) as number | undefined) ?? 0;
    });
    const width = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      read.push(this);
      return (width?.get?.call(this) as number | undefined) ?? 0;
    });
    const user = userEvent.setup();
    show(register);
    const records = await screen.findByText('Records: 1 - 10 of 50');
    const save = screen.getByRole('button', { name: 'Save' });
    const search = screen.getByPlaceholderText('Search');
    // Renders again: a search, then the next page.
    await user.type(search, 'a');
    await user.clear(search);
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByText('Records: 11 - 20 of 50');
    const toolbars = read.filter((element) => element.contains(records) || element.contains(save));
    expect(toolbars).toEqual([]);
    vi.restoreAllMocks();
  });

  it('useTable refuses a sticky header and the full-screen toggle, which need the sizes it does not measure', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const columns = [{ accessorKey: 'a', header: 'A' }];
    expect(() =>
      renderHook(() => useTable({ columns, data: [], enableStickyHeader: true, enableFullScreenToggle: false })),
    ).toThrow(/sticky header or full screen/);
    expect(() => renderHook(() => useTable({ columns, data: [] }))).toThrow(/sticky header or full screen/);
    const { result } = renderHook(() => useTable({ columns, data: [], enableFullScreenToggle: false }));
    expect(result.current.refs.topToolbarRef).toBe(KEEPS_NOTHING);
    (KEEPS_NOTHING as { current: unknown }).current = document.body;
    expect(KEEPS_NOTHING.current).toBeNull();
    quiet.mockRestore();
  });

  it("PaperWidthRef answers the paper's width as last observed, without reading it from the page", () => {
    let observed: ResizeObserverCallback | undefined;
    const observe = vi.fn();
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          observed = callback;
        }
        observe = observe;
        disconnect = disconnect;
      },
    );
    const ref = new PaperWidthRef();
    expect(ref.current).toBeNull();
    const paper = document.createElement('div');
    ref.current = paper;
    expect(observe).toHaveBeenCalledWith(paper);
    expect(ref.current).toEqual({ clientWidth: undefined });
    observed?.(
      [{ borderBoxSize: [{ inlineSize: 1180, blockSize: 600 }] } as unknown as ResizeObserverEntry],
      {} as ResizeObserver,
    );
    expect(ref.current).toEqual({ clientWidth: 1180 });
    ref.current = null;
    expect(disconnect).toHaveBeenCalled();
    expect(ref.current).toBeNull();
    vi.unstubAllGlobals();
  });

  it('edits rows in place, blocks Save on a required cell, saves the changed rows and reloads', async () => {
    const user = userEvent.setup();
    show(register);
    await screen.findByText('Records: 1 - 10 of 50');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const [first, second] = dataRows();
    const firstName = within(first).getByRole('textbox', { name: 'First Name' });
    const number = within(first).getAllByRole('cell')[0].textContent ?? '';
    expect(number).not.toBe('');
    const secondNumber = within(second).getAllByRole('cell')[0].textContent ?? '';

    await user.clear(firstName);
    expect(within(first).getByText('This field is required')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    await user.type(firstName, 'Zoë');
    expect(within(first).queryByText('This field is required')).toBeNull();
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Type' }), 'Administration');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByText('Save successful')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    // The register read the rows again: the server kept both edits.
    const reloaded = await screen.findByRole('row', { name: new RegExp(`^${number}\\b`) });
    expect(within(reloaded).getByRole('textbox', { name: 'First Name' })).toHaveValue('Zoë');
    const other = screen.getByRole('row', { name: new RegExp(`^${secondNumber}\\b`) });
    expect(within(other).getByRole('combobox', { name: 'Type' })).toHaveDisplayValue('Administration');
  });

  it('shows the server refusal of a changed row and keeps the edit', async () => {
    const user = userEvent.setup();
    show(register);
    await screen.findByText('Records: 1 - 10 of 50');
    const [first] = dataRows();
    const mobile = within(first).getByRole('textbox', { name: 'Mobile' });
    await user.clear(mobile);
    await user.type(mobile, '087 123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Whitespace is not allowed');
    expect(within(dataRows()[0]).getByRole('textbox', { name: 'Mobile' })).toHaveValue('087 123');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers page sizes 10 to 1000 with the report, a column chooser, and a Button column running its row action', async () => {
    const user = userEvent.setup();
    const router = show(register);
    await screen.findByText('Records: 1 - 10 of 50');
    await user.click(screen.getByRole('combobox', { name: /Rows per page/i }));
    const sizes = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['10', '25', '50', '100', '500', '1000']);
    await user.click(screen.getByRole('option', { name: '100' }));
    expect(await screen.findByText('Records: 1 - 50 of 50')).toBeInTheDocument();
    expect(dataRows()).toHaveLength(50);

    // The actions column does not repeat the Button column's action.
    const [first] = dataRows();
    const edits = within(first).getAllByRole('button', { name: 'Edit' });
    expect(edits).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Show/Hide columns' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByText('Landline'));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes('Landline'))).toBe(false),
    );

    await user.click(edits[0]);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/settings\/employees\/\d+$/));
  });

  it('starts with the rows the server marks selected ticked (row model selected)', async () => {
    // The list answered with two employees, the second marked selected, as a picker's saved choice comes back.
    server.use(
      http.get('*/api/settings/employees/getall', () =>
        HttpResponse.json([
          { id: 901, employeeNumber: 'E901', firstName: 'Aoife', lastName: 'Byrne', type: 'Labour' },
          { id: 902, employeeNumber: 'E902', firstName: 'Brian', lastName: 'Casey', type: 'Labour', selected: true },
        ]),
      ),
    );
    show({ ...register, selection: 'multi', saveRows: undefined });
    await screen.findByText('E901');
    await waitFor(() => {
      const [first, second] = dataRows();
      expect(within(second).getByRole('checkbox')).toBeChecked();
      expect(within(first).getByRole('checkbox')).not.toBeChecked();
    });
  });

  it("freezes columns only above 750 px; a search that matches nothing shows 'No results found...'", async () => {
    windowWidth(1024);
    const user = userEvent.setup();
    show(register);
    await screen.findByText('Records: 1 - 10 of 50');
    const pinned = () =>
      within(dataRows()[0])
        .getAllByRole('cell')
        .filter((cell) => cell.dataset.pinned === 'true');
    expect(pinned()).toHaveLength(1);
    await user.type(screen.getByPlaceholderText('Search'), 'no such employee anywhere');
    expect(await screen.findByText('No results found...')).toBeInTheDocument();
  });

  it('does not freeze columns on a 750 px screen', async () => {
    windowWidth(750);
    show(register);
    await screen.findByText('Records: 1 - 10 of 50');
    expect(
      within(dataRows()[0])
        .getAllByRole('cell')
        .filter((cell) => cell.dataset.pinned === 'true'),
    ).toHaveLength(0);
  });

  it('reports no records while the rows are being read (issue 19: the placeholder rows read "1 - 10 of 10")', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the list back, then lets the real API answer.
    server.use(http.get(mswPath('employees.getall'), () => held.then(() => undefined)));
    show(register);
    await screen.findByRole('table');
    expect(screen.queryByText(/^Records:/)).toBeNull();
    release();
    expect(await screen.findByText('Records: 1 - 10 of 50')).toBeInTheDocument();
  });
});
