/**
 * beforeValidate of the subcontractor resource (administration-data.md §3 Subcontractor code; docs/api.md
 * "Subcontracting"): a subcontractor saved without a code gets the next free one, SC + (the client's highest SC
 * number + 1), at least 4 digits (SC0001): on creation, and on an update that leaves the code out.
 */

import type { BeforeValidateHook, Item } from '../resources/hooks';
import type { Store } from '../store/port';

const CODE_PATTERN = /^SC(\d+)$/i;

/** The next free subcontractor code of a client (nothing is used up: GET …/Subcontractors/code answers it too). */
export async function nextSubcontractorCode(store: Store, clientId: number | undefined): Promise<string> {
  const all = await store.collection<Item>('subcontractors').find({ clientId }, { projection: { code: 1 } });
  const highest = all.reduce((max, s) => {
    const m = CODE_PATTERN.exec(String(s.code ?? ''));
    return m ? Math.max(max, Number(m[1])) : max;
  }, 0);
  return `SC${String(highest + 1).padStart(4, '0')}`;
}

export const defaultSubcontractorCode: BeforeValidateHook = async (data, { store, context }) =>
  data.code ? data : { ...data, code: await nextSubcontractorCode(store, context.clientId) };
