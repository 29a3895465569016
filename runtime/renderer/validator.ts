/**
 * The RJSF validator of the shared renderer, on the platform's one Ajv (engine/validation/ajv.ts:
 * JSON Schema 2020-12, ajv-formats, the registered schemas and rule families), so forms, conditions and
 * the server validate with the same instance and configuration. RJSF creates its Ajv with `new AjvClass()`;
 * a constructor that returns an object makes `new` yield that object, so it receives the shared instance
 * (and adds its own two formats and one keyword to it, once).
 */
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { ajv } from '../../engine/validation/ajv';

type AjvClass = NonNullable<Parameters<typeof customizeValidator>[0]>['AjvClass'];

function SharedAjv() {
  return ajv;
}

/** The validator instance shared by all forms (compiled schemas are cached inside the one Ajv). */
export const formValidator = customizeValidator<Record<string, unknown>, RJSFSchema>({
  AjvClass: SharedAjv as unknown as AjvClass,
  ajvFormatOptions: false,
});
