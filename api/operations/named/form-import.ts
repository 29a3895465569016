/**
 * Importing and exporting forms (issue 22 §1 "Import", §2 "Export"; docs/import-and-migration.md "Import in the
 * form creator"; docs/api.md "Settings forms"): thin handlers over the importer registry (engine/import). Nothing
 * is written: an import answers a draft the form creator opens unsaved, an export reads the working copy.
 */
import { AppError } from '../../../engine/errors';
import {
  exportForm,
  type ImportFormat,
  ImportSourceError,
  ImportTooLargeError,
  importForm,
  MAX_SOURCE_BYTES,
} from '../../../engine/import';
import { message } from '../../../engine/messages/catalogue';
import type { FormDefinitionInput } from '../../../engine/types/generated';
import type { NamedOperation } from '../../resources/context';
import { findWorkingCopy } from '../forms';

/** A base64 text (whitespace and a data: URL's prefix allowed), as the bytes it holds; undefined when it is not. */
export function base64Bytes(text: string): Uint8Array | undefined {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 === 1) return undefined;
  // Checked before decoding: 4 characters hold 3 bytes, so the decoded size is known from the length.
  if (Math.floor((body.length * 3) / 4) > MAX_SOURCE_BYTES + 2) throw new ImportTooLargeError((body.length * 3) / 4);
  const bytes = Buffer.from(body, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The draft's title when the source has none: the file's name without its folder and extension. */
function titleOf(fileName: string | undefined): string | undefined {
  const base = fileName
    ?.split(/[\\/]/)
    .pop()
    ?.replace(/\.(json|xlsx?|txt)$/i, '')
    .trim();
  return base ? base.slice(0, 200) : undefined;
}

/** An importer's refusal as the API's error: its catalogue id, and its text as the importer filled it in. */
function refusal(status: number, error: ImportSourceError): AppError {
  const answer = new AppError(status, error.messageId);
  answer.message = error.message;
  return answer;
}

/**
 * POST {formArea}/import, body `{ format, source, fileName? }`: `{ definition, report, summary }`; saves nothing.
 * @throws AppError 413 import.core.tooLarge (over 5 MB decoded; a body over the operation's limit is 413
 *   limits.bodyTooLarge before this); 400 with the importer's message (ImportSourceError: not JSON, not a
 *   spreadsheet, a form of another format); 400 import.core.failed naming the format for anything else an importer
 *   throws (logged: an importer's bug must not be a 5xx, and the administrator can still build the form by hand)
 */
export const importSource: NamedOperation<'forms.import'> = async ({ body, params }) => {
  const format = body.format as ImportFormat;
  try {
    let source: unknown = body.source;
    if (format === 'xlsform') {
      if (typeof source !== 'string') throw new AppError(400, 'import.core.notBase64');
      source = base64Bytes(source);
      if (source === undefined) throw new AppError(400, 'import.core.notBase64');
    }
    const result = await importForm(format, source, {
      formArea: params.formArea as FormDefinitionInput['formArea'],
      fallbackTitle: titleOf(body.fileName),
    });
    return { definition: result.definition, report: result.report, summary: result.summary };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof ImportSourceError) throw refusal(error instanceof ImportTooLargeError ? 413 : 400, error);
    console.error('Import failed', format, error);
    throw new AppError(400, 'import.core.failed', { format: message(`import.format.${format}`) });
  }
};

/**
 * GET {formArea}/{id}/export?format=surveyjs: the working copy as SurveyJS JSON, `{ source, report, summary }`.
 * @throws AppError 400 import.core.exportFormat (another format), 404 notFound.form
 */
export const exportSource: NamedOperation<'forms.export'> = async ({ http: c, store, clientId, params }) => {
  const format = c.req.query('format') ?? 'surveyjs';
  if (format !== 'surveyjs') throw new AppError(400, 'import.core.exportFormat');
  const copy = await findWorkingCopy(store, clientId as number, params.formArea, params.id);
  return exportForm(format, copy as unknown as FormDefinitionInput);
};
