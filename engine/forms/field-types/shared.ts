/** Limits, patterns and keywords question types share (form-configuration.md §5 "Form fields"). */
import type { DefinitionProblem, PropertySchema } from './types';

/** Longest answer of a Text question, by extendedType (characters). */
export const TEXT_MAX_LENGTH = { Normal: 4000, Long: 20000, Hyperlink: 4000 } as const;

/** An http, https or ftp address without spaces (form-configuration.md §5 Populate values). */
export const HYPERLINK_PATTERN = '^(https?|ftp)://\\S+$';

/**
 * The options' collator, made on first use: a first Intl object loads the engine's locale data (8-12 ms in
 * Chromium here), which the opening of a form or the form creator need not wait for (docs/performance.md).
 */
let collator: Intl.Collator | undefined;
const optionCollator = (): Intl.Collator => {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return collator;
};

/**
 * Makes the options' collator now, when a caller knows a form's compile is coming and the main thread is free (the
 * form page asks while its route's calls are out: runtime/renderer/FormScreen.tsx), so that the compile does not
 * wait for the engine's locale data (4-5 ms of the form page's first paint in Chromium, issue 21 "Speed").
 */
export function prepareOptionCollator(): void {
  optionCollator();
}

/**
 * Options of a single select, sorted numerically ('2' before '10') then naturally, case-insensitively;
 * equal values keep their order (form-configuration.md §5: "A single select sorts options numerically").
 */
export function sortSelectOptions(values: readonly string[]): string[] {
  return [...values].sort((a, b) => optionCollator().compare(a, b));
}

/** The option a Dropdown with allowOther offers after its own; choosing it asks for the other text. */
export const OTHER_OPTION = 'Other';

/** Distinct option values of a question in definition order (a repeated value is kept once). */
export function optionValues(question: { options?: readonly { value: string }[] }): string[] {
  return [...new Set((question.options ?? []).map((o) => o.value))];
}

/** The `options` keyword of the question types with choices (Dropdown, Checkbox, MultiSelect). */
export const optionsProperty: PropertySchema = {
  type: 'array',
  maxItems: 500,
  items: { $ref: '#/$defs/option' },
  'x-title': 'question.options',
  description:
    'The choices, each an id and a value. A Checkbox without options is a single tick box; a Dropdown or MultiSelect without options that is not required is not shown.',
  'x-editor': 'options',
};

/** The `min` and `max` keywords of the number questions (Number, Temperature). */
export const rangeProperties = {
  min: {
    type: 'number',
    'x-title': 'question.min',
    description: 'The smallest answer accepted.',
    'x-editor': 'number',
  },
  max: {
    type: 'number',
    'x-title': 'question.max',
    description: 'The largest answer accepted (not below min).',
    'x-editor': 'number',
  },
} as const satisfies Record<string, PropertySchema>;

/** A minimum above the maximum (forms.minAboveMax), for the questions with min and max. */
export function rangeProblems(question: { min?: number; max?: number }): DefinitionProblem[] {
  return question.min !== undefined && question.max !== undefined && question.min > question.max
    ? [{ keyword: 'min', messageId: 'forms.minAboveMax' }]
    : [];
}
