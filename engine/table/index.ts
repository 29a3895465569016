/**
 * The data table's rules (administration-data.md "Data table" in §3, §4, §5, §9), pure functions shared
 * by the renderer's table (runtime/renderer/table) and anything that checks rows.
 */
export * from './button-select';
export * from './cells';
export * from './constants';
export * from './dates';
export * from './number-format';
export * from './numeric-input';
export * from './selection';
export * from './totals';
export * from './widths';
