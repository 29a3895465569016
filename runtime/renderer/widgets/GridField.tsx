/**
 * grid (with grid-summary): a Grid question's table (form-configuration.md §3 "Grid", §4, §9): the
 * headers, one input per cell by its column type (Note shows its label), a row's cells disabled and
 * cleared while its Tickbox is unticked, the column sums under the columns that ask for them ('1.0-2'),
 * and the score summary (Total Score, Max Score, Rating (%), Rating, Overall Comments), recalculated on
 * every change. All the rules are engine/forms/grid.ts; this is their view.
 *
 * Issue 19: a column whose cells are required shows * after its heading (they are required in the rows
 * answered: rowAnswered); while the field shows errors, the cells gridProblems finds are marked (red,
 * aria-invalid), following the edits; the summary shows no rating until a scoring cell is answered
 * ('Rating: Not scored yet', not 'Poor' for 0 of 0).
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
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  asGridAnswer,
  cellType,
  columnSums,
  type Grid,
  type GridAnswer,
  type GridCell,
  type GridRating,
  gridProblems,
  gridScored,
  gridSummary,
  rowEnabled,
  setCell,
} from '../../../engine/forms/grid';
import { message } from '../../../engine/messages/catalogue';
import { requiredLabel } from '../labels';
import { pendingEditsOf, useDeferredChange } from './deferred-change';
import { GrowingTextarea } from './GrowingTextarea';
import { defineField } from './registration';

/** How long a grid's edits must pause before the form hears of them, ms (leaving the grid hands them over at once). */
export const GRID_SETTLE_MS = 250;

function CellInput({
  cell,
  value,
  disabled,
  label,
  invalid,
  onChange,
}: {
  cell: GridCell;
  value: unknown;
  disabled: boolean;
  label: string;
  /** The cell is one gridProblems finds (shown while the field shows errors). */
  invalid: boolean;
  onChange: (value: string | number | boolean | undefined) => void;
}) {
  const question = cell.cellQuestion;
  const aria: Record<string, string> = { 'aria-label': question.label || label };
  if (invalid) aria['aria-invalid'] = 'true';
  switch (cellType(cell)) {
    case 'Note':
      return <Typography variant="body2">{question.label}</Typography>;
    case 'Checkbox':
    case 'Tickbox':
      return (
        <Checkbox
          checked={value === true}
          color={invalid ? 'error' : undefined}
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
          error={invalid}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
          slotProps={{ select: { SelectDisplayProps: aria } }}
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
          error={invalid}
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
          error={invalid}
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
          error={invalid}
          onChange={(event) => onChange(event.target.value || undefined)}
          // A long text grows with its text, measured with the grid's other long texts at once (GrowingTextarea).
          slotProps={
            cellType(cell) === 'Long'
              ? { input: { inputComponent: GrowingTextarea }, htmlInput: { ...aria, rows: 1 } }
              : { htmlInput: aria }
          }
        />
      );
  }
}

const EMPTY_ANSWER: GridAnswer = { cells: [] };

/** The cells of each row, in column order, with the label each input announces ('Hours 3'). */
type RowCells = Array<{ cell: GridCell; label: string } | undefined>;

interface GridRowProps {
  grid: Grid;
  rowIndex: number;
  cells: RowCells;
  values: ReadonlyMap<number, unknown>;
  /** The cells marked as wrong (gridProblems), by id. */
  invalid: ReadonlySet<number>;
  locked: boolean;
  onCell: (cellId: number, value: string | number | boolean | undefined) => void;
}

/** One row of the grid; it renders again only when one of its own cells' values (or the lock) changes. */
const GridRow = memo(
  function GridRow({ grid, rowIndex, cells, values, invalid, locked, onCell }: GridRowProps) {
    const enabled = rowEnabled(grid, { cells: rowAnswer(cells, values) }, rowIndex);
    return (
      <TableRow aria-disabled={!enabled || undefined}>
        {cells.map((entry, columnIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the grid
          <TableCell key={columnIndex}>
            {entry && (
              <CellInput
                cell={entry.cell}
                value={values.get(entry.cell.id)}
                disabled={locked || (!enabled && cellType(entry.cell) !== 'Tickbox')}
                label={entry.label}
                invalid={invalid.has(entry.cell.id)}
                onChange={(value) => onCell(entry.cell.id, value)}
              />
            )}
          </TableCell>
        ))}
      </TableRow>
    );
  },
  (before, after) =>
    before.grid === after.grid &&
    before.locked === after.locked &&
    before.cells === after.cells &&
    before.onCell === after.onCell &&
    before.cells.every(
      (entry) =>
        !entry ||
        (before.values.get(entry.cell.id) === after.values.get(entry.cell.id) &&
          before.invalid.has(entry.cell.id) === after.invalid.has(entry.cell.id)),
    ),
);

const NO_CELLS: ReadonlySet<number> = new Set();

/**
 * The summary's Overall Comments: rendered again only when its own text changes (a multi-line field
 * measures its height on every render, which an edit of a cell need not pay for).
 */
const OverallComments = memo(function OverallComments({
  value,
  locked,
  onComments,
}: {
  value: string;
  locked: boolean;
  onComments: (text: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={message('grid.overallComments')}
      multiline
      fullWidth
      disabled={locked}
      value={value}
      onChange={(event) => onComments(event.target.value)}
      slotProps={{ input: { inputComponent: GrowingTextarea }, htmlInput: { rows: 1 } }}
    />
  );
});

/** The row's cell answers (what rowEnabled reads), from the values by cell id. */
function rowAnswer(cells: RowCells, values: ReadonlyMap<number, unknown>): GridAnswer['cells'] {
  return cells.flatMap((entry) =>
    entry && values.has(entry.cell.id)
      ? [
          {
            cellId: entry.cell.id,
            rowIndex: entry.cell.rowIndex,
            columnIndex: entry.cell.columnIndex,
            value: values.get(entry.cell.id) as string | number | boolean,
          },
        ]
      : [],
  );
}

/**
 * The grid field; see the module comment. Its answer is its own state first: an edit shows, with the sums
 * and the score summary, in the edit's own frame, re-rendering only the row edited; the form hears of the
 * edits once they pause (GRID_SETTLE_MS) or focus leaves the grid, in a transition. It follows the form's
 * value when the form changes it and no edit of its own is on its way.
 */
export default function GridField(props: FieldProps) {
  const { uiSchema, formData, onChange, disabled, readonly, required, schema, fieldPathId, rawErrors = [] } = props;
  const options = (uiSchema?.['ui:options'] ?? {}) as { grid?: Grid; ratings?: GridRating[] };
  const grid = options.grid;
  // An untouched grid's value may be RJSF's default `{}`: no answer.
  const external = useMemo(() => asGridAnswer(formData) ?? EMPTY_ANSWER, [formData]);
  const [answer, setAnswer] = useState<GridAnswer>(external);
  const latest = useRef(answer);
  latest.current = answer;
  const path = fieldPathId.path;
  const change = useDeferredChange<GridAnswer>((next) => onChange(next, path), GRID_SETTLE_MS, {
    value: formData,
    pendingEdits: pendingEditsOf(props.registry.formContext),
  });
  const pending = change.pending;
  useEffect(() => {
    // The form's copy of an edit comes back as an equal value: only a different one is taken.
    if (pending || JSON.stringify(external) === JSON.stringify(latest.current)) return;
    setAnswer(external);
  }, [external, pending]);
  const send = change.send;
  const emit = useCallback(
    (next: GridAnswer) => {
      latest.current = next;
      setAnswer(next);
      send(next);
    },
    [send],
  );
  const onCell = useCallback(
    (cellId: number, value: string | number | boolean | undefined) => {
      if (grid) emit(setCell(grid, latest.current, cellId, value));
    },
    [grid, emit],
  );
  const onComments = useCallback(
    (text: string) => emit({ ...latest.current, overallComments: text || undefined }),
    [emit],
  );
  const headers = useMemo(() => [...(grid?.headers ?? [])].sort((a, b) => a.index - b.index), [grid]);
  const rows = useMemo<RowCells[]>(() => {
    if (!grid) return [];
    const byPlace = new Map(grid.cells.map((cell) => [`${cell.rowIndex}:${cell.columnIndex}`, cell]));
    return Array.from({ length: grid.totalRows }, (_, rowIndex) =>
      Array.from({ length: grid.totalColumns }, (_, columnIndex) => {
        const cell = byPlace.get(`${rowIndex}:${columnIndex}`);
        const heading = headers.find((h) => h.index === columnIndex)?.label ?? '';
        return cell ? { cell, label: `${heading} ${rowIndex + 1}` } : undefined;
      }),
    );
  }, [grid, headers]);
  const values = useMemo(() => new Map(answer.cells.map((c) => [c.cellId, c.value as unknown])), [answer]);
  // The cells to mark, while the field shows errors: what the rules find in the answer as it is now.
  const showsErrors = rawErrors.length > 0;
  const invalid = useMemo<ReadonlySet<number>>(() => {
    if (!grid || !showsErrors) return NO_CELLS;
    const cells = gridProblems(grid, answer).flatMap((p) => (p.cellId === undefined ? [] : [p.cellId]));
    return cells.length > 0 ? new Set(cells) : NO_CELLS;
  }, [grid, answer, showsErrors]);
  // Columns whose cells are required (in the rows answered): * after the heading.
  const requiredColumns = useMemo(
    () =>
      new Set(
        (grid?.cells ?? [])
          .filter((c) => c.cellQuestion.isRequired && cellType(c) !== 'Note' && cellType(c) !== 'Tickbox')
          .map((c) => c.columnIndex),
      ),
    [grid],
  );
  if (!grid) return null;
  const locked = Boolean(disabled || readonly);
  const label = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const sums = columnSums(grid, answer);
  const summary = gridSummary(grid, answer, options.ratings);
  const rated = gridScored(grid, answer);
  const scored = (options.ratings ?? []).length > 0;

  return (
    <Box sx={{ my: 2 }} onBlur={change.flush}>
      <FormLabel error={rawErrors.length > 0}>{requiredLabel(label, required)}</FormLabel>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header.index} sx={header.width ? { width: header.width } : undefined}>
                  {requiredLabel(header.label, requiredColumns.has(header.index))}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((cells, rowIndex) => (
              <GridRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of the grid
                key={rowIndex}
                grid={grid}
                rowIndex={rowIndex}
                cells={cells}
                values={values}
                invalid={invalid}
                locked={locked}
                onCell={onCell}
              />
            ))}
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
          {rated && (
            <Typography data-testid="grid-percentage">{`${message('grid.ratingPercentage')}: ${summary.ratingPercentage}`}</Typography>
          )}
          <Typography data-testid="grid-rating">
            {`${message('grid.ratingLabel')}: ${rated ? summary.ratingLabel : message('grid.notScored')}`}
          </Typography>
          <OverallComments value={answer.overallComments ?? ''} locked={locked} onComments={onComments} />
        </Stack>
      )}
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineField('grid', GridField);
