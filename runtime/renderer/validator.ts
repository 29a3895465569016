/**
 * The RJSF validator of the shared renderer: Ajv (JSON Schema 2020-12, the dialect of every schema
 * of the platform) with ajv-formats, injected into every SchemaForm.
 */
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';

/** The validator instance shared by all forms (compiled schemas are cached inside it). */
export const formValidator = customizeValidator<Record<string, unknown>, RJSFSchema>({
  AjvClass: Ajv2020 as unknown as NonNullable<Parameters<typeof customizeValidator>[0]>['AjvClass'],
  ajvOptionsOverrides: { allowUnionTypes: true },
});
