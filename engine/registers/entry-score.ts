/**
 * An entry's score, for the category registers' Score and Rating band columns and their charts (issue 24 §5, §6;
 * docs/decisions.md "Category registers and charts").
 *
 * A form is scored when it has a grid with rating bands (the grids whose score summary the form shows). The
 * entry's score is the sum of those grids' `totalScore` over the sum of their `maxScore` (both computed by the
 * server on save), as a percentage rounded to 2 places; its rating band is the band of the form's first rated grid
 * that holds the percentage ('' when none does). An entry in which nothing is scored yet (the sum of maxScore is 0:
 * no row of a rated grid counts) has no score, as a grid's own summary shows no rating then. A form with one
 * rated grid (the usual case) thus shows exactly that grid's score summary.
 */
import { ratingLabelOf, round2 } from '../forms/grid';
import { allQuestions } from '../forms/questions';
import type { FormDefinition, FormEntry, GridQuestion, GridRating } from '../types/generated';

/** The score of an entry of a scored form. */
export interface EntryScore {
  /** Sum of totalScore over sum of maxScore, in percent (0-100, 2 places). */
  percent: number;
  /** Which tenth of the scale it falls in: 0 (0 to under 10 %) ... 9 (90 to 100 %). */
  bucket: number;
  /** The rating band's label ('' when no band holds the percentage). */
  band: string;
}

/** The rated grids of a form version, in form order. */
export function ratedGrids(def: FormDefinition): GridQuestion[] {
  return allQuestions(def).filter(
    (q): q is GridQuestion => q.type === 'Grid' && ((q as GridQuestion).ratings ?? []).length > 0,
  );
}

/** True when entries of `def` have a score (a grid with rating bands). */
export function isScored(def: FormDefinition): boolean {
  return ratedGrids(def).length > 0;
}

/** The bucket (0-9) of a percentage: tenths of the scale, 100 % in the last. */
export function scoreBucket(percent: number): number {
  return Math.min(9, Math.max(0, Math.floor(percent / 10)));
}

/** The rating bands of the form's first rated grid (the bands the category register and its chart show). */
export function ratingBandsOf(def: FormDefinition): GridRating[] {
  return ratedGrids(def)[0]?.ratings ?? [];
}

/** The score of `entry` under form version `def`; null when the form is not scored or nothing is scored yet. */
export function entryScore(def: FormDefinition, entry: Pick<FormEntry, 'answers'>): EntryScore | null {
  const grids = ratedGrids(def);
  if (grids.length === 0) return null;
  const ids = new Set(grids.map((g) => g.id));
  let total = 0;
  let max = 0;
  for (const answer of entry.answers) {
    if (!ids.has(answer.questionId)) continue;
    total += answer.totalScore ?? 0;
    max += answer.maxScore ?? 0;
  }
  // Nothing scored yet (no row of a rated grid counts): no rating yet, as the grid's own summary says.
  if (max === 0) return null;
  const percent = round2((total / max) * 100);
  return { percent, bucket: scoreBucket(percent), band: ratingLabelOf(grids[0].ratings, percent) };
}

/**
 * The week of an ISO date-time (or date): its Monday in UTC, 'yyyy-MM-dd' (the entries-over-time chart's weeks,
 * issue 24 §6; docs/decisions.md "Category registers and charts"); '' for a value that is not a date.
 */
export function weekOf(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0];
  if (!day) return '';
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return '';
  const weekday = (new Date(time).getUTCDay() + 6) % 7;
  return new Date(time - weekday * 86_400_000).toISOString().slice(0, 10);
}
