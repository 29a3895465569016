/**
 * Default column widths of the data table (administration-data.md §9 "Default column widths"), px.
 */

interface WidthColumn {
  type: string;
  width?: number;
  editable?: boolean;
  filterable?: boolean;
}

/** The minimum auto width (§9). */
export const AUTO_WIDTH = 200;

/**
 * A column's width: its own `width`, else by type. In a table: 50 for option (Options) and checkbox
 * (CheckBox, SelectBox) columns; 100 for ButtonSelect, Percentage and a non-editable DropDown; 200 for an
 * editable DropDown; a Date 120 when filterable (filterable is the default) and 100 otherwise; 200 for the
 * rest. In the register table (`place` 'register'): Number 100, Options 50, others 200.
 */
export function columnWidth(column: WidthColumn, place: 'table' | 'register'): number {
  if (column.width !== undefined) return column.width;
  if (place === 'register') {
    if (column.type === 'Number') return 100;
    if (column.type === 'Options') return 50;
    return AUTO_WIDTH;
  }
  switch (column.type) {
    case 'Options':
    case 'CheckBox':
    case 'SelectBox':
      return 50;
    case 'ButtonSelect':
    case 'Percentage':
      return 100;
    case 'DropDown':
      return column.editable ? 200 : 100;
    case 'Date':
      return column.filterable === false ? 100 : 120;
    default:
      return AUTO_WIDTH;
  }
}
