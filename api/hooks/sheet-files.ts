/**
 * What the CSV sheets of the directory share (administration-data.md §7 "upload", "download"; docs/decisions.md
 * "Contacts"): the text of the uploaded file, the names of a lookup list, the country list and a sheet's refusal.
 */
import { AppError } from '../../engine/errors';
import type { SheetResult } from '../../engine/rules/directory-sheets';
import type { LookupValue } from '../../engine/types/generated';
import { schemas } from '../../engine/validation/ajv';
import type { HookArgs } from '../resources/hooks';

/** The country list of administration-data.md §3: Ireland and United Kingdom first, then alphabetically. */
export const countries: readonly string[] = (
  schemas.organisation as unknown as { $defs: { country: { enum: string[] } } }
).$defs.country.enum;

/**
 * The text of the first uploaded file.
 * @throws AppError 400 sheet.noFile without a file, sheet.notCsv when it is not UTF-8 text
 */
export async function sheetText(files: readonly File[]): Promise<string> {
  const file = files[0];
  if (!file) throw new AppError(400, 'sheet.noFile');
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(400, 'sheet.notCsv');
  }
}

/** The names of the tenant's lookup values of `type` (only the Active ones when `active`). */
export async function lookupNames({ store, context }: HookArgs, type: string, active: boolean): Promise<string[]> {
  const values = await store
    .collection<LookupValue>('lookupValues')
    .find({ clientId: context.clientId, type, ...(active ? { status: 'Active' } : {}) }, { sort: { name: 1 } });
  return values.map((v) => v.name);
}

/** A sheet's refusal: 400 with the summary and one detail per problem (nothing is written). */
export function sheetRefusal(result: Extract<SheetResult<unknown>, { ok: false }>): AppError {
  return new AppError(400, result.messageId, result.params, result.problems);
}
