/**
 * The importer registry (issue 22 §1 "Import", §2 "Export"; docs/import-and-migration.md "Import in the form
 * creator"): one entry point that checks a source is of the format it is said to be, then hands it to that
 * format's importer. Each importer is loaded by a dynamic import on first use, so a bundle that imports this module
 * (the server's; the browser's export) gets exceljs and survey-core's expression parser as chunks of their own,
 * fetched only when a form of that format is imported.
 */

import { message } from '../messages/catalogue';
import type { FormDefinitionInput } from '../types/generated';
import { isZip, jsonFormatOf, MAX_SOURCE_BYTES } from './detect';
import {
  type ImportContext,
  type ImportFinding,
  type ImportFormat,
  type ImportResult,
  ImportSourceError,
  type ImportSummary,
} from './types';

export { detectFormat, isImportFormat, MAX_SOURCE_BYTES } from './detect';
export * from './types';

/** Thrown for a source over {@link MAX_SOURCE_BYTES} decoded: the API answers 413 import.core.tooLarge. */
export class ImportTooLargeError extends ImportSourceError {
  constructor(bytes: number) {
    super(
      'import.core.tooLarge',
      message('import.core.tooLarge', {
        size: (bytes / 1024 / 1024).toFixed(1),
        limit: MAX_SOURCE_BYTES / 1024 / 1024,
      }),
    );
    this.name = 'ImportTooLargeError';
  }
}

const formatName = (format: ImportFormat) => message(`import.format.${format}`);

/** The importers, each loaded on first use (see the module comment). */
const importers: {
  [F in ImportFormat]: () => Promise<
    (source: F extends 'xlsform' ? Uint8Array : unknown, ctx: ImportContext) => ImportResult | Promise<ImportResult>
  >;
} = {
  surveyjs: () => import('./surveyjs').then((m) => m.importSurveyJs),
  formio: () => import('./formio').then((m) => m.importFormio),
  xlsform: () => import('./xlsform').then((m) => m.importXlsForm),
};

/** The UTF-8 size of a text in bytes (counted only when its length alone does not settle the limit). */
function utf8Bytes(text: string): number {
  if (text.length * 3 <= MAX_SOURCE_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

/**
 * A JSON source (an object, or a string holding one) as the object its importer reads.
 * @throws ImportTooLargeError over the limit; ImportSourceError import.core.notJson (text that is not JSON),
 *   import.core.notForm (JSON that is no object), import.core.otherFormat (the other JSON format's shape)
 */
function jsonSource(format: 'surveyjs' | 'formio', source: unknown): Record<string, unknown> {
  let form = source;
  if (typeof source === 'string') {
    const bytes = utf8Bytes(source);
    if (bytes > MAX_SOURCE_BYTES) throw new ImportTooLargeError(bytes);
    try {
      form = JSON.parse(source.replace(/^\uFEFF/, ''));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImportSourceError(
        'import.core.notJson',
        message('import.core.notJson', { format: formatName(format), reason }),
      );
    }
  }
  if (form === null || typeof form !== 'object' || Array.isArray(form))
    throw new ImportSourceError('import.core.notForm', message('import.core.notForm', { format: formatName(format) }));
  const detected = jsonFormatOf(form);
  if (detected !== undefined && detected !== format)
    throw new ImportSourceError(
      'import.core.otherFormat',
      message('import.core.otherFormat', { format: formatName(format), detected: formatName(detected) }),
    );
  return form as Record<string, unknown>;
}

/**
 * Imports a form: the draft (not saved anywhere), its findings and the summary counts.
 * @param format the source's format (`POST /api/settings/forms/{formArea}/import` body `format`)
 * @param source SurveyJS or Form.io: the JSON object, or a string holding it; XLSForm: the .xlsx file's bytes
 * @param ctx the area imported into and a title for a source without one
 * @throws ImportTooLargeError (over 5 MB decoded); ImportSourceError when the source is not of the format at all
 *   (not JSON, not a spreadsheet, the other JSON format), from here or from the importer. Anything else an importer
 *   throws is passed on (the API logs it and answers 400 import.core.failed).
 */
export async function importForm(format: ImportFormat, source: unknown, ctx: ImportContext): Promise<ImportResult> {
  if (format === 'xlsform') {
    if (!(source instanceof Uint8Array))
      throw new ImportSourceError('import.core.notSpreadsheet', message('import.core.notSpreadsheet'));
    if (source.length > MAX_SOURCE_BYTES) throw new ImportTooLargeError(source.length);
    if (!isZip(source)) {
      // JSON sent as a spreadsheet says which format it is; anything else is just not a spreadsheet.
      let detected: ImportFormat | undefined;
      try {
        detected = jsonFormatOf(JSON.parse(new TextDecoder().decode(source)));
      } catch {
        detected = undefined;
      }
      if (detected)
        throw new ImportSourceError(
          'import.core.otherFormat',
          message('import.core.otherFormat', { format: formatName(format), detected: formatName(detected) }),
        );
      throw new ImportSourceError('import.core.notSpreadsheet', message('import.core.notSpreadsheet'));
    }
    return (await importers.xlsform())(source, ctx);
  }
  const form = jsonSource(format, source);
  if (typeof source !== 'string') {
    const bytes = utf8Bytes(JSON.stringify(form));
    if (bytes > MAX_SOURCE_BYTES) throw new ImportTooLargeError(bytes);
  }
  return (await importers[format]())(form, ctx);
}

/** An export: the source in the target format, with the report and counts of what did not map exactly. */
export interface ExportResult {
  source: Record<string, unknown>;
  report: ImportFinding[];
  summary: ImportSummary;
}

/**
 * Exports a definition (a working copy or the form creator's draft) to SurveyJS JSON (issue 22 §2), loading the
 * exporter on first use.
 */
export async function exportForm(format: 'surveyjs', definition: FormDefinitionInput): Promise<ExportResult> {
  if (format !== 'surveyjs')
    throw new ImportSourceError('import.core.exportFormat', message('import.core.exportFormat'));
  const { exportSurveyJs } = await import('./export-surveyjs');
  const { source, report, summary } = exportSurveyJs(definition as Parameters<typeof exportSurveyJs>[0]);
  return { source: source as Record<string, unknown>, report, summary };
}
