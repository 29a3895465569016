/**
 * The concurrent-save guard of a form definition's working copy (issue 21 "Bad input": "two administrators
 * editing one draft: the second save is refused with who changed it and when (no silent overwrite)";
 * docs/decisions.md "Concurrent saves of a working copy"). A save sends back the copy's `modified` as it loaded
 * it; the API (api/operations/forms.ts updateForm) refuses it when the stored copy's differs. Pure: used by the
 * API, and by the form creator to show the same text.
 */
import { AppError, detail } from '../errors';

/**
 * The time a save of a working copy records: `now`, or a millisecond after the copy's last save (`previous`, ISO
 * 8601) when the clock has not moved past it, so each save's `modified` differs from the one before and names
 * that save alone.
 */
export function nextSaveTime(previous: string | undefined, now: Date): Date {
  const last = previous === undefined ? Number.NaN : Date.parse(previous);
  return Number.isFinite(last) && now.getTime() <= last ? new Date(last + 1) : now;
}

/**
 * `iso` as the refusal shows a save's time, to the minute in UTC: `2026-11-26 01:40 UTC` (the server knows no
 * user's time zone); empty for a missing or unreadable time.
 */
export function saveTimeText(iso: string | undefined): string {
  const at = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isFinite(at) ? `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '';
}

/**
 * The refusal of a save made on a working copy that changed since it was loaded: 409 forms.changedByOther naming
 * who saved the stored copy last (`modifiedBy`, a full name) and when (`modified`), with one detail at
 * `/modified`.
 */
export function changedByOther(current: { modified?: unknown; modifiedBy?: unknown }): AppError {
  const values = {
    name: typeof current.modifiedBy === 'string' ? current.modifiedBy : '',
    time: saveTimeText(typeof current.modified === 'string' ? current.modified : undefined),
  };
  return new AppError(409, 'forms.changedByOther', values, [detail('/modified', 'forms.changedByOther', values)]);
}
