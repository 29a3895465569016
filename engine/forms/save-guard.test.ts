import { describe, expect, it } from 'vitest';
import { message } from '../messages/catalogue';
import { changedByOther, nextSaveTime, saveTimeText } from './save-guard';

describe('the working copy save guard', () => {
  it('records a time after the previous save, even when the clock has not moved past it', () => {
    const previous = '2026-11-26T01:40:00.000Z';
    expect(nextSaveTime(previous, new Date('2026-11-26T01:41:00.000Z')).toISOString()).toBe('2026-11-26T01:41:00.000Z');
    expect(nextSaveTime(previous, new Date(previous)).toISOString()).toBe('2026-11-26T01:40:00.001Z');
    expect(nextSaveTime(previous, new Date('2026-11-26T01:39:00.000Z')).toISOString()).toBe('2026-11-26T01:40:00.001Z');
    expect(nextSaveTime(undefined, new Date(previous)).toISOString()).toBe(previous);
  });

  it('names who saved the copy and when, to the minute in UTC', () => {
    expect(saveTimeText('2026-11-26T01:40:59.999Z')).toBe('2026-11-26 01:40 UTC');
    expect(saveTimeText('not a time')).toBe('');
    const error = changedByOther({ modified: '2026-11-26T01:40:00.000Z', modifiedBy: 'Cian Murphy' });
    expect(error.status).toBe(409);
    expect(error.message).toBe(message('forms.changedByOther', { name: 'Cian Murphy', time: '2026-11-26 01:40 UTC' }));
    expect(error.message).toContain('Cian Murphy saved this form at 2026-11-26 01:40 UTC');
    expect(error.details.map((d) => d.path)).toEqual(['/modified']);
  });
});
