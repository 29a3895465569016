/**
 * The property panel (issue 21 part 3): the selected question's properties from its field type's property schema,
 * or the form settings. Placeholder until the property panel part lands.
 */
export function PropertyPanel() {
  return <div data-testid="designer-properties" />;
}
