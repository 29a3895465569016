/**
 * GET /api/settings/codegenerator/{id}/generate (form-configuration.md §7): hands out the setting's next
 * code and advances its base parts to it, atomically: a compare-and-set on the stored baseCode, retried
 * when another request advanced it first, so concurrent calls never get the same code.
 * An inactive generator answers 409 codeGenerator.inactive.
 */
import { AppError } from '../../../engine/errors';
import { nextCode } from '../../../engine/rules/code-generator';
import type { NamedOperation } from '../../resources/context';
import { resourceOf } from '../../resources/declarations';
import { derives } from '../../resources/derive';

const MAX_ATTEMPTS = 1000;

export const codeGeneratorGenerate: NamedOperation<'codeGenerator.generate'> = async (context) => {
  const resource = resourceOf('code-generator-setting');
  const collection = context.store.collection<Record<string, unknown>>(resource.collection);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await collection.findOne({ clientId: context.clientId, id: context.params.id });
    if (!current) throw new AppError(404, resource.notFoundMessageId ?? 'notFound.generic');
    if (current.active !== true) throw new AppError(409, 'codeGenerator.inactive');
    const next = nextCode(current as never, context.now);
    const advanced = derives.codeGeneratorCodes(
      { ...current, baseStart: next.baseStart, baseEnd: next.baseEnd },
      context.now,
    );
    const updated = await collection.findOneAndUpdate(
      { _id: current._id, baseCode: current.baseCode },
      {
        $set: {
          baseStart: advanced.baseStart,
          baseEnd: advanced.baseEnd,
          baseCode: advanced.baseCode,
          nextCode: advanced.nextCode,
          modified: context.now.toISOString(),
        },
      },
      { returnDocument: 'after' },
    );
    if (updated) return { code: next.code };
  }
  throw new AppError(409, 'common.conflict');
};
