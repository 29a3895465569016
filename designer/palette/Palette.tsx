/**
 * The palette (issue 21 part 2): every field type of the field-type table, searchable, added by Enter or drag.
 * Placeholder until the palette part lands.
 */
export function Palette() {
  return <div data-testid="designer-palette" />;
}
