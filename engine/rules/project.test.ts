import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, isArchived, isAvailableForTender, projectProblems } from './project';

describe('project rules', () => {
  it('refuses an end date before the start date, and accepts the same day or a missing date', () => {
    expect(
      projectProblems({ startDate: '2026-03-10', endDate: '2026-03-09' }).map((p) => [p.path, p.messageId]),
    ).toEqual([['/endDate', 'projects.endBeforeStart']]);
    expect(projectProblems({ startDate: '2026-03-10', endDate: '2026-03-10' })).toEqual([]);
    expect(projectProblems({ startDate: '2025-12-31', endDate: '2026-01-01' })).toEqual([]);
    expect(projectProblems({ endDate: '2020-01-01' })).toEqual([]);
    expect(projectProblems({ startDate: '2030-01-01' })).toEqual([]);
  });

  it('allows week hours with at most 2 decimals', () => {
    expect(hasAtMostTwoDecimals(39)).toBe(true);
    expect(hasAtMostTwoDecimals(42.5)).toBe(true);
    expect(hasAtMostTwoDecimals(37.75)).toBe(true);
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(37.125)).toBe(false);
    const problems = projectProblems({ weekHours: 39.001 });
    expect(problems.map((p) => [p.path, p.messageId, p.message])).toEqual([
      ['/weekHours', 'projects.weekHoursDecimals', 'Week hours allow at most 2 decimals.'],
    ]);
  });

  it('reports every problem at once', () => {
    expect(projectProblems({ startDate: '2026-02-01', endDate: '2026-01-01', weekHours: 1.234 })).toHaveLength(2);
  });

  it('knows an archived project', () => {
    expect(isArchived({ status: 'Archived' })).toBe(true);
    expect(isArchived({ status: 'Active' })).toBe(false);
    expect(isArchived({ status: 'Inactive' })).toBe(false);
  });

  it('offers for tender the Active projects whose deadline is today or later', () => {
    const today = '2026-03-14';
    expect(isAvailableForTender({ status: 'Active', deadline: '2026-03-14' }, today)).toBe(true);
    expect(isAvailableForTender({ status: 'Active', deadline: '2026-04-01' }, today)).toBe(true);
    expect(isAvailableForTender({ status: 'Active', deadline: '2026-03-13' }, today)).toBe(false);
    expect(isAvailableForTender({ status: 'Active' }, today)).toBe(false);
    expect(isAvailableForTender({ status: 'Inactive', deadline: '2026-04-01' }, today)).toBe(false);
    expect(isAvailableForTender({ status: 'Archived', deadline: '2026-04-01' }, today)).toBe(false);
  });
});
