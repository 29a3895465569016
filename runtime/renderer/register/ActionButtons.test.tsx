import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ButtonSpec } from '../documents';
import { ActionButtons, MAX_ROW_BUTTONS } from './ActionButtons';

const context = { route: {}, screen: {}, selection: [] };
const button = (id: string, label: ButtonSpec['label'], extra: Partial<ButtonSpec> = {}): ButtonSpec =>
  ({ id, label, action: { navigate: `/${id}` }, ...extra }) as ButtonSpec;
const five = [
  button('edit', 'employees.edit'),
  button('projectAccess', 'employees.projectAccess'),
  button('invite', 'employees.invite'),
  button('deactivate', 'employees.deactivate', { enabledWhen: false }),
  button('delete', 'employees.delete'),
];

describe('row actions (issue 19: five row buttons pushed the columns off-screen)', () => {
  it(`shows up to ${MAX_ROW_BUTTONS} buttons side by side`, () => {
    render(<ActionButtons buttons={five.slice(0, 3)} context={context} busy={false} place="row" onRun={() => {}} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Project access', 'Invite']);
  });

  it('folds all but the first two of more into a More actions menu, which runs them and keeps them disabled', async () => {
    const user = userEvent.setup();
    const run = vi.fn();
    render(<ActionButtons buttons={five} context={context} busy={false} place="row" onRun={run} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent || b.getAttribute('aria-label'))).toEqual([
      'Edit',
      'Project access',
      'More actions',
    ]);
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Invite', 'Deactivate', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Deactivate' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('menuitem', { name: 'Invite' }));
    expect(run).toHaveBeenCalledWith(five[2]);
  });

  it('counts only the buttons shown: hidden ones do not fold the row', () => {
    const hidden = five.map((b, i) => (i >= 3 ? { ...b, visibleWhen: false } : b));
    render(<ActionButtons buttons={hidden} context={context} busy={false} place="row" onRun={() => {}} />);
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it('never folds a toolbar: its buttons wrap instead', () => {
    render(<ActionButtons buttons={five} context={context} busy={false} place="toolbar" onRun={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(5);
  });
});
