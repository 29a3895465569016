/**
 * What a form's fields may ask of the entry they belong to (FormScreen provides it): whether the entry is saved
 * (a draft or a submitted entry), so that a file field keeps the files it uploaded when the page is left, and
 * deletes them only for an entry never saved (docs/decisions.md "Files", "Drafts").
 */
import { createContext } from 'react';

export interface EntryState {
  /** True once the entry is stored (a page save made it a draft, or it was opened saved). */
  saved: () => boolean;
}

/** Outside an entry form: nothing is known to be saved. */
export const EntryStateContext = createContext<EntryState>({ saved: () => false });
