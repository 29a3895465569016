/**
 * Constants of the data table (administration-data.md §9 "Business constants and limits").
 */

/** Page sizes a table offers (§9). */
export const PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;
/** Page sizes of the file picker tables (§9). */
export const FILE_PICKER_PAGE_SIZES = [10, 25, 50] as const;
/** Rows per page when a table opens (§9). */
export const DEFAULT_PAGE_SIZE = 10;
/** Frozen columns stay frozen only on screens wider than this, px (§9 "Mobile freeze width 768"). */
export const FREEZE_MIN_WIDTH = 768;
/** The register table's freeze width, px (§9 "the register table uses 750"). */
export const REGISTER_FREEZE_MIN_WIDTH = 750;
/** Default thumbnail width outside the DMS, px (§9). */
export const THUMBNAIL_WIDTH = 200;
/** Numeric entry: digits after the decimal point (§5, §9). */
export const NUMERIC_MAX_DECIMALS = 2;
/** Numeric entry: digits in total, before and after the point (§5, §9). */
export const NUMERIC_MAX_DIGITS = 16;
/** Date cells offer this many years either side of the current year (§5). */
export const DATE_YEAR_RANGE = 10;
