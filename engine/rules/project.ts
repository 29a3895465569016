/**
 * Project rules (administration-data.md §3 Project, §5, §9; decided in docs/decisions.md "Projects"):
 * pure checks the project form and the API both run, besides the JSON Schemas of
 * schemas/entities/project.schema.json and the project-input body derived from it (which hold the field
 * types, lengths and the 0-168 range of weekHours).
 *
 * - the end date is not before the start date (both yyyy-MM-dd; either may be absent);
 * - week hours have at most 2 decimals (the numeric entry rule of §9: "2 decimals and 16 digits");
 * - a project that is archived leaves the lists and menus (`isArchived`);
 * - the code the code generator proposes for a new project is a 'Project' generator's next code.
 */
import { detail, type ErrorDetail } from '../errors';

/** The code generator type whose codes new projects take (GET /api/projects/newprojectcode). */
export const PROJECT_CODE_GENERATOR_TYPE = 'Project';

/** The fields the rules read (a ProjectInput or a stored Project). */
export interface ProjectDates {
  startDate?: string;
  endDate?: string;
  weekHours?: number;
}

/** True when `value` has at most 2 decimals (0.25 yes, 0.125 no), within floating point error. */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * The problems of a project's fields that JSON Schema cannot say, each with the field's path
 * (`/endDate`, `/weekHours`) and a catalogue message; empty when there are none.
 */
export function projectProblems(project: ProjectDates): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  // yyyy-MM-dd strings order as dates.
  if (project.startDate && project.endDate && project.endDate < project.startDate)
    problems.push(detail('/endDate', 'projects.endBeforeStart'));
  if (typeof project.weekHours === 'number' && !hasAtMostTwoDecimals(project.weekHours))
    problems.push(detail('/weekHours', 'projects.weekHoursDecimals'));
  return problems;
}

/** An archived project: out of getall and the project menus, listed by getArchived, read only. */
export function isArchived(project: { status?: string }): boolean {
  return project.status === 'Archived';
}

/**
 * Available for tender (GET /api/projects/getall/availablefortender): an Active project whose tender
 * deadline is set and is today or later (`today` yyyy-MM-dd, the caller's date).
 */
export function isAvailableForTender(project: { status?: string; deadline?: string }, today: string): boolean {
  return project.status === 'Active' && typeof project.deadline === 'string' && project.deadline >= today;
}
