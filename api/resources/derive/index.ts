/** Named derive functions of resource declarations (`derive`): computed fields filled before a write. */
import { codeGeneratorCodes } from './code-generator-codes';

export type Derive = (item: Record<string, unknown>, now: Date) => Record<string, unknown>;

export const derives: Readonly<Record<string, Derive>> = { codeGeneratorCodes };
