/**
 * A register row's actions in tests, wherever they show: a button of the row, or an entry of its 'More actions'
 * menu (a row with more than three actions folds the rest into it: runtime/renderer/register/ActionButtons.tsx).
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

const MORE = 'More actions';

/**
 * The names of every button of `row` (its actions, and a Button column's) and then of its More menu's entries
 * (the menu is opened and closed again).
 */
export async function rowActionNames(user: UserEvent, row: HTMLElement): Promise<string[]> {
  const more = within(row).queryByRole('button', { name: MORE });
  const buttons = within(row)
    .queryAllByRole('button')
    .filter((button) => button !== more)
    .map((button) => button.textContent ?? '');
  if (!more) return buttons;
  await user.click(more);
  const menu = await screen.findByRole('menu');
  const entries = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return [...buttons, ...entries];
}

/** Runs the action `name` of `row`: its button, or its entry in the row's More menu. */
export async function clickRowAction(user: UserEvent, row: HTMLElement, name: string): Promise<void> {
  const button = within(row).queryByRole('button', { name });
  if (button) return user.click(button);
  await user.click(within(row).getByRole('button', { name: MORE }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name }));
}
