/**
 * The grid editor (`x-editor` grid; issue 21 part 3 "The grid editor: rows, columns, header questions, cell
 * kinds, tickbox rules, column sums"): each column with its heading, its cells' kind (the header question),
 * a Dropdown column's options (numbers score), whether its cells are required, a Number column's sum and its
 * label; the rows with the text of their Note cells; add, remove and reorder rows and columns (Move left / right,
 * up / down: the cells keep their ids, so entries' answers stay with them; the focus stays on the moved item's
 * button, or its other one at an end). Edits are the pure functions of ./grid-edit.ts; typing in a field is one
 * undo step (its own merge key), a button one step.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type MessageId, message } from '../../engine/messages/catalogue';
import type { Grid } from '../../engine/types/generated';
import {
  addColumn,
  addRow,
  columnKind,
  GRID_CELL_TYPES,
  type GridCellType,
  headerOf,
  moveColumn,
  moveRow,
  removeColumn,
  removeRow,
  setColumnKind,
  setColumnOptions,
  setColumnRequired,
  setRowText,
  updateHeader,
} from './grid-edit';
import { pastedLines } from './OptionsEditor';

/** Props of {@link GridEditor}. */
export interface GridEditorProps {
  grid: Grid;
  /** The new grid; `mergeKey` set for typing (one undo step per field), absent for a button. */
  onCommit(grid: Grid, mergeKey?: string): void;
  problem?: string;
}

/** A Dropdown column's options, one per line: committed while there is at least one. */
function ColumnOptions({
  values,
  label,
  onCommit,
}: {
  values: string[];
  label: string;
  onCommit(values: string[]): void;
}) {
  const joined = values.join('\n');
  const [text, setText] = useState(joined);
  useEffect(() => {
    setText((current) => (pastedLines(current).join('\n') === joined ? current : joined));
  }, [joined]);
  const empty = pastedLines(text).length === 0;
  return (
    <TextField
      label={label}
      multiline
      minRows={2}
      size="small"
      value={text}
      error={empty}
      helperText={
        empty ? message('validation.required', { field: label }) : message('designerProperties.grid.optionsHelp')
      }
      onChange={(event) => {
        setText(event.target.value);
        const lines = pastedLines(event.target.value);
        if (lines.length > 0) onCommit(lines);
      }}
    />
  );
}

/** A column's or row's key that moves with it: the id of its first cell (its index when it has none). */
function placeKey(grid: Grid, columnIndex: number | undefined, rowIndex: number | undefined): string {
  const cell = grid.cells.find((c) =>
    columnIndex === undefined ? c.rowIndex === rowIndex : c.columnIndex === columnIndex && c.rowIndex === 0,
  );
  return cell ? `c${cell.id}` : `i${columnIndex ?? rowIndex}`;
}

/** A move button: `data-grid-move` names the item and the direction, so the focus can follow the item. */
function MoveButton({
  move,
  label,
  disabled,
  icon,
  onClick,
}: {
  move: string;
  label: string;
  disabled: boolean;
  icon: ReactNode;
  onClick(): void;
}) {
  return (
    <IconButton size="small" aria-label={label} data-grid-move={move} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
}

/** See the module comment. */
export function GridEditor({ grid, onCommit, problem }: GridEditorProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // The item just moved (`column:key` or `row:key`) and the direction pressed: its button keeps the focus.
  const moved = useRef<{ item: string; direction: string; other: string } | null>(null);
  useEffect(() => {
    const pending = moved.current;
    if (!pending || !sectionRef.current) return;
    moved.current = null;
    const button = (direction: string) =>
      sectionRef.current?.querySelector<HTMLButtonElement>(`[data-grid-move="${pending.item}:${direction}"]`);
    const same = button(pending.direction);
    (same && !same.disabled ? same : button(pending.other))?.focus();
  });
  const move = (item: string, direction: string, other: string, next: Grid) => {
    moved.current = { item, direction, other };
    onCommit(next);
  };
  const columns = Array.from({ length: grid.totalColumns }, (_, i) => i);
  const rows = Array.from({ length: grid.totalRows }, (_, i) => i);
  const noteColumns = columns.filter((c) => columnKind(grid, c) === 'Note');
  const hasTickbox = columns.some((c) => columnKind(grid, c) === 'Tickbox');
  return (
    <section aria-labelledby={headingId} className="grid-editor" ref={sectionRef}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        {message('question.grid')}
      </Typography>
      <Typography variant="body2" component="h4" sx={{ mt: 1 }}>
        {message('designerProperties.grid.columns')}
      </Typography>
      <Stack spacing={1.5}>
        {columns.map((columnIndex) => {
          const header = headerOf(grid, columnIndex);
          const kind = columnKind(grid, columnIndex);
          const first = grid.cells.find((c) => c.columnIndex === columnIndex)?.cellQuestion;
          const number = columnIndex + 1;
          const item = `column:${placeKey(grid, columnIndex, undefined)}`;
          return (
            <Stack
              key={item}
              component="fieldset"
              spacing={1}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, m: 0 }}
            >
              <legend>{message('designerProperties.grid.column', { number })}</legend>
              <TextField
                size="small"
                label={message('designerProperties.grid.heading', { number })}
                value={header.label}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                onChange={(event) =>
                  onCommit(updateHeader(grid, columnIndex, { label: event.target.value }), `heading.${columnIndex}`)
                }
              />
              <TextField
                select
                size="small"
                label={message('designerProperties.grid.cellKind', { number })}
                value={kind}
                slotProps={{ select: { native: true } }}
                onChange={(event) => onCommit(setColumnKind(grid, columnIndex, event.target.value as GridCellType))}
              >
                {GRID_CELL_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {message(`designerProperties.grid.kind.${type}` as MessageId)}
                  </option>
                ))}
              </TextField>
              {kind === 'Dropdown' && (
                <ColumnOptions
                  label={message('designerProperties.grid.options', { number })}
                  values={(first?.options ?? []).map((o) => o.value)}
                  onCommit={(values) => onCommit(setColumnOptions(grid, columnIndex, values), `options.${columnIndex}`)}
                />
              )}
              {kind !== 'Note' && (
                <FormControlLabel
                  control={
                    <Switch
                      checked={first?.isRequired === true}
                      onChange={(event) => onCommit(setColumnRequired(grid, columnIndex, event.target.checked))}
                    />
                  }
                  label={message('designerProperties.grid.required', { number })}
                />
              )}
              {kind === 'Number' && (
                <>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={header.displaySumOfColumn === true}
                        onChange={(event) =>
                          onCommit(
                            updateHeader(grid, columnIndex, {
                              displaySumOfColumn: event.target.checked ? true : undefined,
                            }),
                          )
                        }
                      />
                    }
                    label={message('designerProperties.grid.sum', { number })}
                  />
                  {header.displaySumOfColumn && (
                    <TextField
                      size="small"
                      label={message('designerProperties.grid.sumLabel', { number })}
                      value={header.sumOfColumnLabel ?? ''}
                      slotProps={{ htmlInput: { maxLength: 200 } }}
                      onChange={(event) =>
                        onCommit(
                          updateHeader(grid, columnIndex, { sumOfColumnLabel: event.target.value || undefined }),
                          `sumLabel.${columnIndex}`,
                        )
                      }
                    />
                  )}
                </>
              )}
              <Stack direction="row" alignItems="center">
                <MoveButton
                  move={`${item}:left`}
                  label={message('designerProperties.grid.moveColumnLeft', { number })}
                  disabled={columnIndex === 0}
                  icon={<ArrowBack fontSize="small" />}
                  onClick={() => move(item, 'left', 'right', moveColumn(grid, columnIndex, columnIndex - 1))}
                />
                <MoveButton
                  move={`${item}:right`}
                  label={message('designerProperties.grid.moveColumnRight', { number })}
                  disabled={columnIndex === grid.totalColumns - 1}
                  icon={<ArrowForward fontSize="small" />}
                  onClick={() => move(item, 'right', 'left', moveColumn(grid, columnIndex, columnIndex + 1))}
                />
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutline />}
                  disabled={grid.totalColumns <= 1}
                  onClick={() => onCommit(removeColumn(grid, columnIndex))}
                >
                  {message('designerProperties.grid.removeColumn', { number })}
                </Button>
              </Stack>
            </Stack>
          );
        })}
      </Stack>
      <Button size="small" sx={{ mt: 1 }} disabled={grid.totalColumns >= 30} onClick={() => onCommit(addColumn(grid))}>
        {message('designerProperties.grid.addColumn')}
      </Button>
      {hasTickbox && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {message('designerProperties.grid.tickboxRule')}
        </Typography>
      )}

      <Typography variant="body2" component="h4" sx={{ mt: 2 }}>
        {message('designerProperties.grid.rows', { count: grid.totalRows })}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((rowIndex) => {
          const item = `row:${placeKey(grid, undefined, rowIndex)}`;
          return (
            <Stack component="li" key={item} direction="row" spacing={1} alignItems="center">
              {noteColumns.length === 0 && (
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {message('designerProperties.grid.row', { number: rowIndex + 1 })}
                </Typography>
              )}
              {noteColumns.map((columnIndex) => {
                const cell = grid.cells.find((c) => c.rowIndex === rowIndex && c.columnIndex === columnIndex);
                return (
                  <TextField
                    key={columnIndex}
                    size="small"
                    sx={{ flex: 1 }}
                    label={message('designerProperties.grid.rowTextLabel', {
                      number: rowIndex + 1,
                      column: headerOf(grid, columnIndex).label || columnIndex + 1,
                    })}
                    value={cell?.cellQuestion.label ?? ''}
                    slotProps={{ htmlInput: { maxLength: 500 } }}
                    onChange={(event) =>
                      onCommit(
                        setRowText(grid, rowIndex, columnIndex, event.target.value),
                        `row.${rowIndex}.${columnIndex}`,
                      )
                    }
                  />
                );
              })}
              <MoveButton
                move={`${item}:up`}
                label={message('designerProperties.grid.moveRowUp', { number: rowIndex + 1 })}
                disabled={rowIndex === 0}
                icon={<ArrowUpward fontSize="small" />}
                onClick={() => move(item, 'up', 'down', moveRow(grid, rowIndex, rowIndex - 1))}
              />
              <MoveButton
                move={`${item}:down`}
                label={message('designerProperties.grid.moveRowDown', { number: rowIndex + 1 })}
                disabled={rowIndex === grid.totalRows - 1}
                icon={<ArrowDownward fontSize="small" />}
                onClick={() => move(item, 'down', 'up', moveRow(grid, rowIndex, rowIndex + 1))}
              />
              <IconButton
                size="small"
                aria-label={message('designerProperties.grid.removeRow', { number: rowIndex + 1 })}
                disabled={grid.totalRows <= 1}
                onClick={() => onCommit(removeRow(grid, rowIndex))}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button size="small" sx={{ mt: 1 }} disabled={grid.totalRows >= 200} onClick={() => onCommit(addRow(grid))}>
        {message('designerProperties.grid.addRow')}
      </Button>
      {problem && (
        <Typography role="alert" color="error" variant="body2">
          {problem}
        </Typography>
      )}
    </section>
  );
}
