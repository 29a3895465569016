/**
 * Which import format a source is (issue 22 §1 "Import": the form creator's Import dialog picks the format from a
 * file's name or content where it can; the API refuses a source of another format than the one named, 400
 * import.core.otherFormat). Pure and small: the browser bundle takes it without any importer.
 */

import { type ImportFormat, importFormats } from './types';

/** The largest source the importer reads: 5 MB decoded (issue 22 "Bad input": over it, 413). */
export const MAX_SOURCE_BYTES = 5 * 1024 * 1024;

/** True for an {@link ImportFormat} name. */
export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === 'string' && (importFormats as readonly string[]).includes(value);
}

/**
 * The format a parsed JSON source is written in, from the keys only each format has at its top level:
 * Form.io's `components` (a form or a full form export, with `display`), SurveyJS's `pages`, `elements` or the old
 * `questions` list. Undefined for anything else (an array, a value, an object of neither shape).
 */
export function jsonFormatOf(source: unknown): 'surveyjs' | 'formio' | undefined {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return undefined;
  const form = source as Record<string, unknown>;
  if (Array.isArray(form.components)) return 'formio';
  if (Array.isArray(form.pages) || Array.isArray(form.elements) || Array.isArray(form.questions)) return 'surveyjs';
  return undefined;
}

/** True when bytes start as a zip archive does (an .xlsx is one): `PK\x03\x04`. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * The format of a file from its name (`.xlsx`/`.xls`: XLSForm) and, failing that, its content: zip bytes are an
 * XLSForm; JSON text is Form.io or SurveyJS by {@link jsonFormatOf}. Undefined when neither tells (the
 * administrator chooses).
 * @param fileName the file's name as chosen (any case), or undefined for pasted text
 * @param content the file's bytes or the pasted text
 */
export function detectFormat(fileName: string | undefined, content: Uint8Array | string): ImportFormat | undefined {
  if (fileName && /\.xlsx?$/i.test(fileName)) return 'xlsform';
  if (typeof content !== 'string') {
    if (isZip(content)) return 'xlsform';
    content = new TextDecoder().decode(content);
  }
  try {
    return jsonFormatOf(JSON.parse(content.replace(/^\uFEFF/, '')));
  } catch {
    return undefined;
  }
}
