/**
 * Derived fields of a code generator setting before it is stored (form-configuration.md §3 "Code
 * generator setting"): defaults (start Year, end Text, separator Backslash), the separator character,
 * the code the base parts spell and the next code (engine/rules/code-generator.ts).
 */
import {
  baseCode,
  type CodePart,
  type CodeSeparator,
  nextCode,
  separatorCharacters,
} from '../../../engine/rules/code-generator';

/** Fills the computed fields of `item` (a merged code generator setting) and returns it. */
export function codeGeneratorCodes(item: Record<string, unknown>, now: Date): Record<string, unknown> {
  const parts = {
    start: (item.start as CodePart | undefined) ?? 'Year',
    separator: (item.separator as CodeSeparator | undefined) ?? 'Backslash',
    end: (item.end as CodePart | undefined) ?? 'Text',
    baseStart: String(item.baseStart ?? ''),
    baseEnd: String(item.baseEnd ?? ''),
  };
  return {
    ...item,
    ...parts,
    baseSeparator: separatorCharacters[parts.separator],
    baseCode: baseCode(parts),
    nextCode: nextCode(parts, now).code,
  };
}
