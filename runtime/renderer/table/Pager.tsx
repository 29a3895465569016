/**
 * The data table's pager (administration-data.md §9): the page sizes offered, and the report
 * 'Records: {first} - {last} of {totalRecords}' from the catalogue. While the rows are not known yet (loading,
 * or held back by the reveal delay) the report is empty: the table's placeholder rows are not records (issue 19:
 * 'Records: 1 - 10 of 10' flashed over an empty projects list).
 */
import TablePagination from '@mui/material/TablePagination';
import type { MRT_Localization, MRT_RowData, MRT_TableInstance } from 'material-react-table';
import { message } from '../../../engine/messages/catalogue';
import { pagerItemAriaLabel } from '../table-localization';

export interface PagerProps<R extends MRT_RowData> {
  table: MRT_TableInstance<R>;
  /** Rows in all pages (the server's totalRecords, or the rows after filtering). */
  count: number;
  pageSizes: number[];
  localization: MRT_Localization;
  /** The rows are still being read: no report, and no page to go to. */
  pending?: boolean;
}

/** The pager under a data table. */
export function Pager<R extends MRT_RowData>({
  table,
  count,
  pageSizes,
  localization,
  pending = false,
}: PagerProps<R>) {
  const { pageIndex, pageSize } = table.getState().pagination;
  return (
    <TablePagination
      component="div"
      count={pending ? 0 : count}
      page={pageIndex}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes}
      onPageChange={(_, page) => table.setPageIndex(page)}
      onRowsPerPageChange={(event) => table.setPageSize(Number(event.target.value))}
      labelRowsPerPage={localization.rowsPerPage}
      getItemAriaLabel={pagerItemAriaLabel}
      labelDisplayedRows={({ from, to, count: total }) =>
        pending ? '' : message('common.pagerReport', { first: from, last: to, totalRecords: total })
      }
    />
  );
}
