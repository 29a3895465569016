/**
 * beforeValidate of the export setting (schemas/resources/export-setting.json; issue 24 §3, administration-data.md
 * §3 "File-name format for form downloads"): the format is parsed part by part with the composer's own parser
 * (engine/export/download-name.ts), so the server refuses exactly what a download could not compose, with the
 * message naming why: an unknown type or part (its text), no parts, more than 20 parts, a text over 100 characters,
 * a format over 1,000 characters. The format is stored as given (it round-trips through the parser).
 * Only a form area (one with access types: quality assurance, health and safety) has download names.
 * @throws AppError 404 notFound.generic for a path area that is no form area; 400 exportNames.unknownPart |
 *   formatEmpty | tooManyParts | textTooLong | formatTooLong
 */
import { AppError } from '../../engine/errors';
import { DownloadNameFormatError, parseDownloadNameFormat } from '../../engine/export/download-name';
import { isFormArea } from '../../engine/rules/sections';
import type { BeforeValidateHook } from '../resources/hooks';

export const exportSettingFormat: BeforeValidateHook = (data, { context }) => {
  if (!isFormArea(String(context.params.formArea))) throw new AppError(404, 'notFound.generic');
  const format = data.format;
  if (typeof format !== 'string') throw new AppError(400, 'exportNames.formatEmpty');
  try {
    parseDownloadNameFormat(format);
  } catch (error) {
    if (error instanceof DownloadNameFormatError) throw new AppError(400, error.messageId, error.values);
    throw error;
  }
  return data;
};
