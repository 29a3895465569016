/**
 * Named operations of the catalogue (`handler.named` in schemas/api/operations.json): what a generic
 * resource handler cannot say. One file each; api/catalogue.test.ts checks every name the catalogue uses is here.
 */
import type { NamedOperation } from '../../resources/context';
import { codeGeneratorGenerate } from './code-generator-generate';
import { lookupValuesCreate } from './lookup-values-create';

export const namedOperations: Readonly<Record<string, NamedOperation>> = {
  'lookupValues.create': lookupValuesCreate,
  'codeGenerator.generate': codeGeneratorGenerate,
};
