/** The linked form setups of one form (administration-data.md §7 "Settings forms"; docs/decisions.md "Linked form setups"). */
import { AppError } from '../../engine/errors';
import type { WhereHook } from '../resources/hooks';

/** where: the setups of the query's `formId`, when it has one. @throws AppError 400 for a malformed one */
export const linksOfQueryForm: WhereHook = ({ context }) => {
  const raw = context.http.req.query('formId');
  if (raw === undefined) return {};
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new AppError(400, 'validation.badRequest');
  return { formId: Number(raw) };
};
