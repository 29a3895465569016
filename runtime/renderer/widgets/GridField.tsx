/**
 * grid (with grid-summary): a Grid question's table (form-configuration.md §3 "Grid", §4, §9): the
 * headers, one input per cell by its column type (Note shows its label), a row's cells disabled and
 * cleared while its Tickbox is unticked, the column sums under the columns that ask for them ('1.0-2'),
 * and the score summary (Total Score, Max Score, Rating (%), Rating, Overall Comments), recalculated on
 * every change. All the rules are engine/forms/grid.ts; this is their view.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import {
  cellAt,
  cellType,
  cellValue,
  columnSums,
  type Grid,
  type GridAnswer,
  type GridCell,
  type GridRating,
  gridSummary,
  rowEnabled,
  setCell,
} from '../../../engine/forms/grid';
import { message } from '../../../engine/messages/catalogue';
import { requiredLabel } from '../labels';

function CellInput({
  cell,
  value,
  disabled,
  label,
  onChange,
}: {
  cell: GridCell;
  value: unknown;
  disabled: boolean;
  label: string;
  onChange: (value: string | number | boolean | undefined) => void;
}) {
  const question = cell.cellQuestion;
  const aria = { 'aria-label': question.label || label };
  switch (cellType(cell)) {
    case 'Note':
      return <Typography variant="body2">{question.label}</Typography>;
    case 'Checkbox':
    case 'Tickbox':
      return (
        <Checkbox
          checked={value === true}
          disabled={disabled && cellType(cell) !== 'Tickbox'}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: aria }}
        />
      );
    case 'Dropdown':
      return (
        <TextField
          select
          size="small"
          fullWidth
          value={value === undefined ? '' : String(value)}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          slotProps={{ select: { SelectDisplayProps: aria as Record<string, string> } }}
        >
          <MenuItem value="">&nbsp;</MenuItem>
          {(question.options ?? []).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.value}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'Number':
      return (
        <TextField
          size="small"
          type="number"
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          slotProps={{ htmlInput: aria }}
        />
      );
    case 'Date':
      return (
        <TextField
          size="small"
          type="date"
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value || undefined)}
          slotProps={{ htmlInput: aria }}
        />
      );
    default:
      return (
        <TextField
          size="small"
          fullWidth
          multiline={cellType(cell) === 'Long'}
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value || undefined)}
          slotProps={{ htmlInput: aria }}
        />
      );
  }
}

/** The grid field; see the module comment. */
export default function GridField(props: FieldProps) {
  const { uiSchema, formData, onChange, disabled, readonly, required, schema, fieldPathId, rawErrors = [] } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as { grid?: Grid; ratings?: GridRating[] };
  const grid = options.grid;
  if (!grid) return null;
  const answer = (formData ?? { cells: [] }) as GridAnswer;
  const locked = Boolean(disabled || readonly);
  const label = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const emit = (next: GridAnswer) => onChange(next, fieldPathId.path);
  const sums = columnSums(grid, answer);
  const summary = gridSummary(grid, answer, options.ratings);
  const headers = [...grid.headers].sort((a, b) => a.index - b.index);
  const scored = (options.ratings ?? []).length > 0;

  return (
    <Box sx={{ my: 2 }}>
      <FormLabel error={rawErrors.length > 0}>{requiredLabel(label, required)}</FormLabel>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header.index} sx={header.width ? { width: header.width } : undefined}>
                  {header.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {Array.from({ length: grid.totalRows }, (_, rowIndex) => {
              const enabled = rowEnabled(grid, answer, rowIndex);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of the grid
                <TableRow key={rowIndex} aria-disabled={!enabled || undefined}>
                  {Array.from({ length: grid.totalColumns }, (_, columnIndex) => {
                    const cell = cellAt(grid, rowIndex, columnIndex);
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the grid
                      <TableCell key={columnIndex}>
                        {cell && (
                          <CellInput
                            cell={cell}
                            value={cellValue(answer, cell)}
                            disabled={locked || (!enabled && cellType(cell) !== 'Tickbox')}
                            label={`${headers.find((h) => h.index === columnIndex)?.label ?? ''} ${rowIndex + 1}`}
                            onChange={(value) => emit(setCell(grid, answer, cell.id, value))}
                          />
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
          {sums.length > 0 && (
            <TableFooter>
              <TableRow>
                {Array.from({ length: grid.totalColumns }, (_, columnIndex) => {
                  const sum = sums.find((s) => s.columnIndex === columnIndex);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the grid
                    <TableCell key={columnIndex} data-testid={sum ? `grid-sum-${columnIndex}` : undefined}>
                      {sum ? `${sum.label} ${sum.text}`.trim() : ''}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </Box>
      {scored && (
        <Stack
          direction="row"
          gap={3}
          sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}
          aria-label={message('grid.summary')}
          role="group"
        >
          <Typography data-testid="grid-total">{`${message('grid.totalScore')}: ${summary.totalScore}`}</Typography>
          <Typography data-testid="grid-max">{`${message('grid.maxScore')}: ${summary.maxScore}`}</Typography>
          <Typography data-testid="grid-percentage">{`${message('grid.ratingPercentage')}: ${summary.ratingPercentage}`}</Typography>
          <Typography data-testid="grid-rating">{`${message('grid.ratingLabel')}: ${summary.ratingLabel}`}</Typography>
          <TextField
            size="small"
            label={message('grid.overallComments')}
            multiline
            fullWidth
            disabled={locked}
            value={answer.overallComments ?? ''}
            onChange={(event) => emit({ ...answer, overallComments: event.target.value || undefined })}
          />
        </Stack>
      )}
    </Box>
  );
}
