/**
 * The RJSF validator of the shared renderer: RJSF's `ValidatorType` on the browser's interpreting
 * JSON Schema validator (engine/validation/interpreted.ts), so a page runs under a
 * Content-Security-Policy without 'unsafe-eval' (docs/security.md). Same schemas, rule families and
 * JSON Schema 2020-12 semantics as the server's Ajv; errors come out in Ajv's shape, and RJSF's own
 * Ajv-error processing (`processRawValidationErrors` of @rjsf/validator-ajv8, which holds no Ajv)
 * turns them into RJSF errors and the error schema, so `transformErrors` (errors.ts) reads them as before.
 */
import type {
  CustomValidator,
  ErrorTransformer,
  RJSFSchema,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { ErrorObject } from 'ajv';
import { interpret } from '../../engine/validation/interpreted';

type FormData = Record<string, unknown>;

/** RJSF's `ValidatorType` on the interpreting validator; one instance serves every form. */
export class InterpretedValidator implements ValidatorType<FormData, RJSFSchema> {
  /** Validates and converts errors for RJSF (`errors` list plus `errorSchema` by field). */
  validateFormData(
    formData: FormData | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<FormData, RJSFSchema>,
    transformErrors?: ErrorTransformer<FormData, RJSFSchema>,
    uiSchema?: UiSchema<FormData, RJSFSchema>,
  ): ValidationData<FormData> {
    const raw = this.rawValidation<ErrorObject>(schema, formData);
    return processRawValidationErrors(this, raw, formData, schema, customValidate, transformErrors, uiSchema);
  }

  /** True when `formData` satisfies `schema` (a part of `rootSchema`); false for a schema that cannot be read. */
  isValid(schema: RJSFSchema, formData: FormData | undefined, rootSchema: RJSFSchema): boolean {
    try {
      return interpret(schema, formData, rootSchema).valid;
    } catch {
      return false;
    }
  }

  /** Ajv-shaped errors of one validation, or the error that stopped it (an unresolvable `$ref`). */
  rawValidation<Result = ErrorObject>(
    schema: RJSFSchema,
    formData?: FormData,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      const { valid, errors } = interpret(schema, formData);
      return { errors: valid ? undefined : (errors as Result[]) };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }
}

/** The validator instance shared by all forms. */
export const formValidator = new InterpretedValidator();
