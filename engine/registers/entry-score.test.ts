import { describe, expect, it } from 'vitest';
import { demoSeed } from '../../fixtures/seed';
import type { FormDefinition } from '../types/generated';
import { entryScore, isScored, ratingBandsOf, scoreBucket } from './entry-score';

const safety = demoSeed.formDefinitions.find((f) => f.id === 5) as FormDefinition;
const pour = demoSeed.formDefinitions.find((f) => f.id === 1) as FormDefinition;
const grid = (totalScore: number, maxScore: number) => ({ questionId: 3, answers: [], totalScore, maxScore });

describe('entryScore (issue 24 §5: Score and Rating band of the category registers)', () => {
  it("is the rated grids' total over their maximum in percent, with the first rated grid's band", () => {
    expect(isScored(safety)).toBe(true);
    expect(ratingBandsOf(safety).map((b) => b.label)).toEqual(['Poor', 'Fair', 'Good']);
    expect(entryScore(safety, { answers: [grid(9, 12)] })).toEqual({ percent: 75, bucket: 7, band: 'Fair' });
    expect(entryScore(safety, { answers: [grid(10, 12)] })).toEqual({ percent: 83.33, bucket: 8, band: 'Good' });
    expect(entryScore(safety, { answers: [grid(12, 12)] })).toEqual({ percent: 100, bucket: 9, band: 'Good' });
    expect(entryScore(safety, { answers: [grid(0, 3)] })).toEqual({ percent: 0, bucket: 0, band: 'Poor' });
  });

  it('is null for a form without rated grids, and for an entry with nothing scored yet', () => {
    expect(isScored(pour)).toBe(false);
    expect(entryScore(pour, { answers: [] })).toBeNull();
    expect(entryScore(safety, { answers: [] })).toBeNull();
    expect(entryScore(safety, { answers: [grid(0, 0)] })).toBeNull();
  });

  it('buckets a percentage in tenths, 100 % in the last', () => {
    expect([0, 9.99, 10, 49.99, 50, 99.99, 100].map(scoreBucket)).toEqual([0, 0, 1, 4, 5, 9, 9]);
  });
});
