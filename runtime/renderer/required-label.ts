/** The label of a field (form-configuration.md §5), for every widget and the login page's PlainForm. */

/** The label to show: the text, then ' *' when the field is required. */
export function requiredLabel(label: string, required: boolean | undefined): string {
  return required ? `${label} *` : label;
}
