import { entryStatus, splitStatusFilter } from './entry-status';

describe('entry status', () => {
  it('is Draft while isDraft is true, else Submitted', () => {
    expect(entryStatus({ isDraft: true })).toBe('Draft');
    expect(entryStatus({ isDraft: false })).toBe('Submitted');
    expect(entryStatus({})).toBe('Submitted');
  });

  it('splits the status filter off the other filters, in any case, the last one winning', () => {
    const other = { id: 'q_1', value: 'Bay' };
    expect(splitStatusFilter([other, { id: 'status', value: 'draft' }])).toEqual({ status: 'Draft', rest: [other] });
    expect(
      splitStatusFilter([
        { id: 'status', value: 'Draft' },
        { id: 'status', value: 'ALL' },
      ]).status,
    ).toBe('All');
    expect(splitStatusFilter([{ id: 'status', value: 'Submitted' }]).status).toBe('Submitted');
    expect(splitStatusFilter([{ id: 'status', value: ' ' }, other])).toEqual({ status: undefined, rest: [other] });
    expect(splitStatusFilter(undefined)).toEqual({ status: undefined, rest: [] });
    // A status no entry has matches none.
    expect(splitStatusFilter([{ id: 'status', value: 'Archived' }]).status).toBe('None');
    expect(splitStatusFilter([{ id: 'status', value: true }]).status).toBe('None');
  });
});
