/**
 * Text patterns whose failures have texts of their own (administration-data.md §5 Employee), shared by the
 * server's Ajv error mapping (ajv.ts) and the browser's form errors (runtime/renderer/errors.ts); a schema
 * writes the same pattern string to get the text.
 */

/** A text without whitespace: 'Whitespace is not allowed' (names, e-mail and phone numbers of an employee). */
export const NO_WHITESPACE_PATTERN = '^\\S*$';

/** A text of letters and digits only (an employee number). */
export const LETTERS_AND_DIGITS_PATTERN = '^[A-Za-z0-9]+$';
