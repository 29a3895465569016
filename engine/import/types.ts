/**
 * The shapes every form importer and exporter shares (issue 22 §1 "Import", §2 "Export"; docs/import-and-migration.md).
 *
 * An importer is a pure function from a source (SurveyJS or Form.io JSON as an object, an XLSForm .xlsx as bytes)
 * to a form-definition draft (the body of POST /api/settings/forms/{formArea}: nothing is saved) and a report of
 * findings. Every element of the source that is read is counted once in the summary - mapped exactly, mapped with
 * a loss, or dropped - and every element not mapped exactly has at least one finding: nothing is lost silently.
 * Importers never throw on the content of a well-formed source (an expression that cannot be parsed is a finding);
 * they throw `ImportSourceError` (a 400 at the API) only when the source is not of the format at all.
 */

import type { MessageId } from '../messages/catalogue';
import type { FormDefinitionInput } from '../types/generated';

/** The formats the importer reads (`POST /api/settings/forms/{formArea}/import` body `format`). */
export const importFormats = ['surveyjs', 'formio', 'xlsform'] as const;

/** One of {@link importFormats}. */
export type ImportFormat = (typeof importFormats)[number];

/** What became of a source element: kept with a note, mapped with a loss, or not mapped at all. */
export type FindingSeverity = 'info' | 'lossy' | 'dropped';

/**
 * One finding of a report.
 * - `path`: the source element, as a path a person can follow in the source: SurveyJS `pages[0].elements[3]`
 *   followed by the element's name in parentheses where it has one, e.g. `pages[0].elements[3] (q1)`;
 *   Form.io `components[2].components[0] (textField)`; XLSForm `survey!A12 (name)` (sheet, cell of the type column).
 * - `messageId`/`message`: the catalogue text saying what became of it (message = the text with its parameters filled).
 */
export interface ImportFinding {
  path: string;
  severity: FindingSeverity;
  messageId: MessageId;
  message: string;
}

/** How many source elements (questions, pages, panels, choices lists, conditions, validators) mapped each way. */
export interface ImportSummary {
  exact: number;
  lossy: number;
  dropped: number;
}

/** What an importer returns: the draft, its findings and the counts (the API answers the three). */
export interface ImportResult {
  definition: FormDefinitionInput;
  report: ImportFinding[];
  summary: ImportSummary;
}

/** What an importer knows besides the source. */
export interface ImportContext {
  /** The area the form is imported into (the draft's formArea). */
  formArea: FormDefinitionInput['formArea'];
  /** A title for a source that has none (e.g. the file's name without its extension). */
  fallbackTitle?: string;
}

/** Thrown by an importer for a source that is not of its format (the API answers 400 with the message). */
export class ImportSourceError extends Error {
  constructor(
    readonly messageId: MessageId,
    message: string,
  ) {
    super(message);
    this.name = 'ImportSourceError';
  }
}
