/**
 * The data table's own texts from the message catalogue: every text material-react-table shows
 * (MRT_Localization) and the pager's button labels, so no built-in English bypasses the catalogue.
 * Texts keep MRT's placeholders ({column}, {filterType}...): `message()` leaves them for MRT to fill.
 */
import type { MRT_Localization } from 'material-react-table';
import { type MessageId, message } from '../../engine/messages/catalogue';

/** The message id of each MRT_Localization key; `language` is the catalogue's language tag. */
export const tableMessageIds: Record<keyof MRT_Localization, MessageId> = {
  language: 'table.language',
  actions: 'register.actions',
  and: 'table.and',
  cancel: 'table.cancel',
  changeFilterMode: 'table.changeFilterMode',
  changeSearchMode: 'table.changeSearchMode',
  clearFilter: 'table.clearFilter',
  clearSearch: 'table.clearSearch',
  clearSelection: 'table.clearSelection',
  clearSort: 'table.clearSort',
  clickToCopy: 'table.clickToCopy',
  copy: 'table.copy',
  collapse: 'table.collapse',
  collapseAll: 'table.collapseAll',
  columnActions: 'table.columnActions',
  copiedToClipboard: 'table.copiedToClipboard',
  dropToGroupBy: 'table.dropToGroupBy',
  edit: 'table.edit',
  expand: 'table.expand',
  expandAll: 'table.expandAll',
  filterArrIncludes: 'table.filterArrIncludes',
  filterArrIncludesAll: 'table.filterArrIncludesAll',
  filterArrIncludesSome: 'table.filterArrIncludesSome',
  filterBetween: 'table.filterBetween',
  filterBetweenInclusive: 'table.filterBetweenInclusive',
  filterByColumn: 'table.filterByColumn',
  filterContains: 'table.filterContains',
  filterEmpty: 'table.filterEmpty',
  filterEndsWith: 'table.filterEndsWith',
  filterEquals: 'table.filterEquals',
  filterEqualsString: 'table.filterEqualsString',
  filterFuzzy: 'table.filterFuzzy',
  filterGreaterThan: 'table.filterGreaterThan',
  filterGreaterThanOrEqualTo: 'table.filterGreaterThanOrEqualTo',
  filterInNumberRange: 'table.filterInNumberRange',
  filterIncludesString: 'table.filterIncludesString',
  filterIncludesStringSensitive: 'table.filterIncludesStringSensitive',
  filterLessThan: 'table.filterLessThan',
  filterLessThanOrEqualTo: 'table.filterLessThanOrEqualTo',
  filterMode: 'table.filterMode',
  filterNotEmpty: 'table.filterNotEmpty',
  filterNotEquals: 'table.filterNotEquals',
  filterStartsWith: 'table.filterStartsWith',
  filterWeakEquals: 'table.filterWeakEquals',
  filteringByColumn: 'table.filteringByColumn',
  goToFirstPage: 'table.goToFirstPage',
  goToLastPage: 'table.goToLastPage',
  goToNextPage: 'table.goToNextPage',
  goToPreviousPage: 'table.goToPreviousPage',
  grab: 'table.grab',
  groupByColumn: 'table.groupByColumn',
  groupedBy: 'table.groupedBy',
  hideAll: 'table.hideAll',
  hideColumn: 'table.hideColumn',
  max: 'table.max',
  min: 'table.min',
  move: 'table.move',
  noRecordsToDisplay: 'table.noRecordsToDisplay',
  noResultsFound: 'table.noResultsFound',
  of: 'table.of',
  or: 'table.or',
  pin: 'table.pin',
  pinToLeft: 'table.pinToLeft',
  pinToRight: 'table.pinToRight',
  resetColumnSize: 'table.resetColumnSize',
  resetOrder: 'table.resetOrder',
  rowActions: 'table.rowActions',
  rowNumber: 'table.rowNumber',
  rowNumbers: 'table.rowNumbers',
  rowsPerPage: 'register.rowsPerPage',
  save: 'table.save',
  search: 'register.search',
  selectedCountOfRowCountRowsSelected: 'table.selectedCountOfRowCountRowsSelected',
  select: 'table.select',
  showAll: 'table.showAll',
  showAllColumns: 'table.showAllColumns',
  showHideColumns: 'table.showHideColumns',
  showHideFilters: 'table.showHideFilters',
  showHideSearch: 'table.showHideSearch',
  sortByColumnAsc: 'table.sortByColumnAsc',
  sortByColumnDesc: 'table.sortByColumnDesc',
  sortedByColumnAsc: 'table.sortedByColumnAsc',
  sortedByColumnDesc: 'table.sortedByColumnDesc',
  thenBy: 'table.thenBy',
  toggleDensity: 'table.toggleDensity',
  toggleFullScreen: 'table.toggleFullScreen',
  toggleSelectAll: 'table.toggleSelectAll',
  toggleSelectRow: 'table.toggleSelectRow',
  toggleVisibility: 'table.toggleVisibility',
  ungroupByColumn: 'table.ungroupByColumn',
  unpin: 'table.unpin',
  unpinAll: 'table.unpinAll',
};

/**
 * The table's texts for MRT's `localization` option.
 * @param overrides message ids that replace the defaults for one table, e.g. a register's empty message
 * @returns every MRT_Localization key with its catalogue text, placeholders left for MRT
 */
export function tableLocalization(
  overrides: Partial<Record<keyof MRT_Localization, MessageId>> = {},
): MRT_Localization {
  const ids = { ...tableMessageIds, ...overrides };
  const texts = {} as MRT_Localization;
  for (const key of Object.keys(ids) as Array<keyof MRT_Localization>) texts[key] = message(ids[key]);
  return texts;
}

/** The pager's button labels (MUI TablePagination `getItemAriaLabel`), from the same texts as MRT's. */
export function pagerItemAriaLabel(type: 'first' | 'last' | 'next' | 'previous'): string {
  const ids = {
    first: tableMessageIds.goToFirstPage,
    last: tableMessageIds.goToLastPage,
    next: tableMessageIds.goToNextPage,
    previous: tableMessageIds.goToPreviousPage,
  } as const;
  return message(ids[type]);
}
