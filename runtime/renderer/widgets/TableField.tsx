/**
 * table and table-light (form-configuration.md §2; engine/forms/table.ts): a table of text cells under
 * the question's columns (the equipment table's item, assetNo, description, manufacturer, modelNo and
 * owner, or a table-light's own headings), with Add row and a Remove button per row. The value is the
 * list of rows; an emptied cell is removed from its row, so the equipment table's "every column of every
 * row" shows as the cell's error and blocks going forward (§5 "Multi-page renderer").
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { type TableRow as Row, TABLE_CELL_MAX_LENGTH, type TableColumn } from '../../../engine/forms/table';
import { message } from '../../../engine/messages/catalogue';
import { requiredLabel } from '../labels';
import { defineField } from './registration';

/** A column's heading: its own label (table-light) or the catalogue's (the equipment table). */
function heading(column: TableColumn): string {
  return column.label ?? message(`table.${column.key}` as 'table.item');
}

/** The messages RJSF found in one row's cell, or none. */
function cellErrors(errorSchema: FieldProps['errorSchema'], row: number, key: string): string[] {
  const rowErrors = (errorSchema as Record<string, Record<string, { __errors?: string[] }> | undefined> | undefined)?.[
    String(row)
  ];
  return rowErrors?.[key]?.__errors ?? [];
}

/** Renders a table question; see the module comment. */
export default function TableField(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, disabled, readonly, required, errorSchema, fieldPathId } = props;
  const columns = ((uiSchema?.['ui:options'] as { columns?: TableColumn[] } | undefined)?.columns ??
    []) as TableColumn[];
  const rows: Row[] = Array.isArray(formData) ? (formData as Row[]) : [];
  const locked = Boolean(disabled || readonly);
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const id = fieldPathId?.$id ?? 'table';
  const path = fieldPathId?.path ?? [];
  const ownErrors = (errorSchema as { __errors?: string[] } | undefined)?.__errors ?? [];

  const change = (next: Row[]) => onChange(next.length > 0 ? next : undefined, path);
  const setCell = (rowIndex: number, key: string, text: string) =>
    change(
      rows.map((row, i) => {
        if (i !== rowIndex) return row;
        const { [key]: _old, ...rest } = row;
        return text === '' ? rest : { ...rest, [key]: text };
      }),
    );

  return (
    <Box sx={{ my: 1 }} role="group" aria-labelledby={`${id}-label`}>
      <FormLabel id={`${id}-label`} required={false}>
        {requiredLabel(title, required)}
      </FormLabel>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.key}>{heading(column)}</TableCell>
              ))}
              {!locked && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1}>
                  <Typography variant="body2" color="text.secondary">
                    {message('table.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row, rowIndex) => (
              // Rows have no identity of their own; their place is it.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <TableRow key={rowIndex}>
                {columns.map((column) => {
                  const errors = cellErrors(errorSchema, rowIndex, column.key);
                  return (
                    <TableCell key={column.key} sx={{ minWidth: 120 }}>
                      <TextField
                        size="small"
                        fullWidth
                        value={row[column.key] ?? ''}
                        disabled={locked}
                        error={errors.length > 0}
                        onChange={(event) => setCell(rowIndex, column.key, event.target.value)}
                        slotProps={{
                          htmlInput: {
                            'aria-label': `${heading(column)} ${rowIndex + 1}`,
                            maxLength: TABLE_CELL_MAX_LENGTH,
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
                {!locked && (
                  <TableCell padding="checkbox">
                    <IconButton
                      aria-label={message('table.removeRow', { n: rowIndex + 1 })}
                      onClick={() => change(rows.filter((_, i) => i !== rowIndex))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!locked && (
        <Button size="small" startIcon={<AddIcon />} onClick={() => change([...rows, {}])} sx={{ mt: 1 }}>
          {message('table.addRow')}
        </Button>
      )}
      {ownErrors.map((error) => (
        <FormHelperText key={error} error>
          {error}
        </FormHelperText>
      ))}
      {rows.some((_, i) => columns.some((c) => cellErrors(errorSchema, i, c.key).length > 0)) && (
        <FormHelperText error>
          {rows
            .map((_, i) => i)
            .filter((i) => columns.some((c) => cellErrors(errorSchema, i, c.key).length > 0))
            .map((i) => message('table.rowIncomplete', { n: i + 1 }))
            .join(' ')}
        </FormHelperText>
      )}
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = [defineField('table', TableField), defineField('table-light', TableField)];
