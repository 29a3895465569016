/**
 * The data-table form field (./DataTableField.tsx, ui:field "data-table") as the renderer's registry holds it:
 * loaded when a form first shows one. The table brings material-react-table and, through it, MUI X's date pickers:
 * some 300 KiB of code that every other form page would otherwise fetch and evaluate before its first paint (issue 21
 * "Speed", docs/performance.md "Issue 21: the first paint from navigation").
 *
 * Until the code is there, the field shows its label and a placeholder about as tall as the table will be (its
 * header, its first page of rows, its pager), so the fields under it do not move much when it comes.
 */
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import type { FieldProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../engine/table';
import { requiredLabel } from '../labels';
import { defineField } from '../widgets/registration';

const DataTableField = lazy(() => import('./DataTableField'));

/** Heights (px) of the table's parts as MUI draws them: header row, body row (dense inputs), pager. */
const HEADER_HEIGHT = 57;
const ROW_HEIGHT = 53;
const PAGER_HEIGHT = 56;

/** The placeholder's height: the table's header, its first page of rows (one row when it has none), its pager. */
export function placeholderHeight(rows: number, pageSize: number): number {
  return HEADER_HEIGHT + Math.max(1, Math.min(rows, pageSize)) * ROW_HEIGHT + PAGER_HEIGHT;
}

/** The data-table field, its code loaded on demand; see the module comment. */
export default function LazyDataTableField(props: FieldProps) {
  const { schema, uiSchema, formData, required } = props;
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const pageSize = Number(
    (uiSchema?.['ui:options'] as { pageSize?: number } | undefined)?.pageSize ?? DEFAULT_PAGE_SIZE,
  );
  const rows = Array.isArray(formData) ? formData.length : 0;
  return (
    <Suspense
      fallback={
        <Box sx={{ my: 1 }} aria-busy="true">
          <FormLabel>{requiredLabel(title, required)}</FormLabel>
          <Skeleton variant="rectangular" height={placeholderHeight(rows, pageSize)} />
        </Box>
      }
    >
      <DataTableField {...props} />
    </Suspense>
  );
}

/** Its place in the renderer's registry (widgets/index.ts collects it). */
export const registration = defineField('data-table', LazyDataTableField);
