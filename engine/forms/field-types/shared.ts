/** Limits and patterns question types share (form-configuration.md §5 "Form fields"). */

/** Longest answer of a Text question, by extendedType (characters). */
export const TEXT_MAX_LENGTH = { Normal: 4000, Long: 20000, Hyperlink: 4000 } as const;

/** An http, https or ftp address without spaces (form-configuration.md §5 Populate values). */
export const HYPERLINK_PATTERN = '^(https?|ftp)://\\S+$';

const optionCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Options of a single select, sorted numerically ('2' before '10') then naturally, case-insensitively;
 * equal values keep their order (form-configuration.md §5: "A single select sorts options numerically").
 */
export function sortSelectOptions(values: readonly string[]): string[] {
  return [...values].sort((a, b) => optionCollator.compare(a, b));
}

/** The option a Dropdown with allowOther offers after its own; choosing it asks for the other text. */
export const OTHER_OPTION = 'Other';
