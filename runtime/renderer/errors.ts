/**
 * Form validation texts: Ajv's English never reaches a user. Each RJSF validation error is given
 * the catalogue text of its keyword, naming the field by its label.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { HYPERLINK_PATTERN } from '../../engine/forms/compile';
import { type MessageId, message } from '../../engine/messages/catalogue';
import { LETTERS_AND_DIGITS_PATTERN, NO_WHITESPACE_PATTERN } from '../../engine/validation/patterns';

function fieldName(error: RJSFValidationError): string {
  if (error.title) return error.title;
  const property = error.property ?? '';
  return property.replace(/^\./, '').split('.').pop() || property;
}

function messageFor(error: RJSFValidationError): { id: MessageId; limit?: unknown } {
  const params = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case 'required':
      return { id: 'validation.required' };
    case 'minLength':
    case 'minItems':
    // A required table's row with an answer in it (engine/forms/field-types/table.ts).
    case 'contains':
      return { id: 'validation.required' };
    case 'maxLength':
      return { id: 'validation.tooLong', limit: params.limit };
    case 'type':
      return params.type === 'number' || params.type === 'integer'
        ? { id: 'validation.number' }
        : { id: 'validation.invalid' };
    case 'format':
      if (params.format === 'date') return { id: 'validation.date' };
      if (params.format === 'uri' || params.format === 'url') return { id: 'validation.url' };
      return { id: 'validation.invalid' };
    case 'pattern':
      if (params.pattern === NO_WHITESPACE_PATTERN) return { id: 'validation.noWhitespace' };
      if (params.pattern === LETTERS_AND_DIGITS_PATTERN) return { id: 'validation.lettersAndDigits' };
      return { id: params.pattern === HYPERLINK_PATTERN ? 'validation.url' : 'validation.invalid' };
    case 'const':
      // A required tick box is `const: true`: unticked means unanswered.
      return { id: params.allowedValue === true ? 'validation.required' : 'validation.option' };
    case 'enum':
    case 'oneOf':
    case 'anyOf':
      return { id: 'validation.option' };
    case 'minimum':
    case 'exclusiveMinimum':
      return { id: 'validation.min', limit: params.limit };
    case 'maximum':
    case 'exclusiveMaximum':
      return { id: 'validation.max', limit: params.limit };
    default:
      return { id: 'validation.invalid' };
  }
}

/**
 * RJSF `transformErrors`: replaces Ajv's messages with catalogue texts ('E-mail is required.').
 * Errors of `if` (a condition that failed, reported alongside the real error) are dropped.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors
    .filter((error) => error.name !== 'if')
    .map((error) => {
      const { id, limit } = messageFor(error);
      const text = message(id, { field: fieldName(error), limit: limit === undefined ? '' : String(limit) });
      return { ...error, message: text, stack: text };
    });
}
