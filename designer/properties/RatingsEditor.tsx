/**
 * The rating bands editor (`x-editor` ratings; issue 21 part 3 "scores and rating bands (min, max, label) with a
 * live preview of the score summary"): each band's minimum and maximum rating percentage and its label; add
 * and remove bands. Under it, the score preview: the grid's scoring cells (Dropdown cells whose options are
 * numbers) and tick boxes in a small table the administrator can change, starting with every row at its best
 * score, and the score summary the form shows for that answer — computed by the engine's own gridSummary
 * (engine/forms/grid.ts), so the preview is what a site user gets.
 */
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { cellScore, cellType, type GridAnswer, gridSummary, setCell } from '../../engine/forms/grid';
import { message } from '../../engine/messages/catalogue';
import type { Grid, GridCell, GridRating } from '../../engine/types/generated';
import { columnKind, headerOf } from './grid-edit';

/** The cells the preview lets the administrator change: scoring Dropdowns and Tickboxes. */
function previewCells(grid: Grid): GridCell[] {
  return grid.cells
    .filter(
      (cell) => cellType(cell) === 'Tickbox' || (cellType(cell) === 'Dropdown' && cellScore(cell, 0) !== undefined),
    )
    .sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
}

/** The answer with every row at its best: each scoring cell at its highest option, each tick box ticked. */
export function bestAnswer(grid: Grid): GridAnswer {
  let answer: GridAnswer = { cells: [] };
  for (const cell of previewCells(grid)) {
    if (cellType(cell) === 'Tickbox') answer = setCell(grid, answer, cell.id, true);
    else answer = setCell(grid, answer, cell.id, String(cellScore(cell, 0)?.max ?? 0));
  }
  return answer;
}

/** A row's name in the preview: the text of its first Note cell, or 'Row N'. */
function rowName(grid: Grid, rowIndex: number): string {
  const note = grid.cells.find((c) => c.rowIndex === rowIndex && cellType(c) === 'Note' && c.cellQuestion.label);
  return note?.cellQuestion.label ?? message('designerProperties.grid.row', { number: rowIndex + 1 });
}

/** Props of {@link RatingsEditor}. */
export interface RatingsEditorProps {
  ratings: readonly GridRating[];
  grid: Grid | undefined;
  /** The new bands (an empty list removes the keyword); `mergeKey` for typing. */
  onCommit(ratings: GridRating[] | undefined, mergeKey?: string): void;
}

/** A band's number: committed when it is a number. */
function BandNumber({ label, value, onCommit }: { label: string; value: number; onCommit(n: number): void }) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? String(value);
  const invalid = text !== null && (text.trim() === '' || !Number.isFinite(Number(text)));
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={shown}
      error={invalid}
      helperText={invalid ? message('validation.number', { field: label }) : undefined}
      sx={{ width: 110 }}
      slotProps={{ htmlInput: { step: 'any' } }}
      onBlur={() => setText(null)}
      onChange={(event) => {
        const next = event.target.value;
        const n = Number(next);
        if (next.trim() === '' || !Number.isFinite(n)) {
          setText(next);
          return;
        }
        setText(next);
        onCommit(n);
      }}
    />
  );
}

/** See the module comment. */
export function RatingsEditor({ ratings, grid, onCommit }: RatingsEditorProps) {
  const headingId = useId();
  const previewId = useId();
  const cells = useMemo(() => (grid ? previewCells(grid) : []), [grid]);
  const [answer, setAnswer] = useState<GridAnswer | null>(null);
  const sample = answer ?? (grid ? bestAnswer(grid) : { cells: [] });
  const summary = grid ? gridSummary(grid, sample, ratings) : undefined;
  const change = (index: number, patch: Partial<GridRating>, mergeKey?: string) =>
    onCommit(
      ratings.map((band, i) => (i === index ? { ...band, ...patch } : band)),
      mergeKey,
    );
  const add = () => {
    const last = ratings[ratings.length - 1];
    const min = last ? Math.min(100, Math.round((last.max + 0.01) * 100) / 100) : 0;
    onCommit([
      ...ratings,
      { min, max: 100, label: message('designerProperties.ratings.newBand', { number: ratings.length + 1 }) },
    ]);
  };
  const byRow = new Map<number, GridCell[]>();
  for (const cell of cells) byRow.set(cell.rowIndex, [...(byRow.get(cell.rowIndex) ?? []), cell]);

  return (
    <section aria-labelledby={headingId} className="ratings-editor">
      <Typography id={headingId} variant="subtitle2" component="h3">
        {message('question.ratings')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {ratings.map((band, index) => {
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: bands have no id; their place is what names them
            <Stack component="li" key={index} direction="row" spacing={1} alignItems="flex-start">
              <BandNumber
                label={message('designerProperties.ratings.min', { number })}
                value={band.min}
                onCommit={(min) => change(index, { min }, `ratings.${index}.min`)}
              />
              <BandNumber
                label={message('designerProperties.ratings.max', { number })}
                value={band.max}
                onCommit={(max) => change(index, { max }, `ratings.${index}.max`)}
              />
              <TextField
                size="small"
                label={message('designerProperties.ratings.label', { number })}
                value={band.label}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                onChange={(event) => change(index, { label: event.target.value }, `ratings.${index}.label`)}
              />
              <IconButton
                size="small"
                aria-label={message('designerProperties.ratings.remove', { number })}
                onClick={() => {
                  const next = ratings.filter((_, i) => i !== index);
                  onCommit(next.length > 0 ? next : undefined);
                }}
              >
                <DeleteOutline fontSize="small" />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <Button size="small" sx={{ mt: 1 }} onClick={add} disabled={ratings.length >= 50}>
        {message('designerProperties.ratings.add')}
      </Button>

      {grid && (
        <section aria-labelledby={previewId} className="score-preview">
          <Typography id={previewId} variant="subtitle2" component="h4" sx={{ mt: 2 }}>
            {message('designerProperties.ratings.preview')}
          </Typography>
          {cells.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {message('designerProperties.ratings.nothingScores')}
            </Typography>
          ) : (
            <Stack spacing={0.5}>
              {[...byRow.entries()].map(([rowIndex, rowCells]) => (
                <Stack key={rowIndex} direction="row" spacing={1} alignItems="center">
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {rowName(grid, rowIndex)}
                  </Typography>
                  {rowCells.map((cell) => {
                    const label = message('designerProperties.ratings.previewCell', {
                      row: rowName(grid, rowIndex),
                      column: headerOf(grid, cell.columnIndex).label || cell.columnIndex + 1,
                    });
                    const value = sample.cells.find((c) => c.cellId === cell.id)?.value;
                    if (columnKind(grid, cell.columnIndex) === 'Tickbox' || cellType(cell) === 'Tickbox')
                      return (
                        <Checkbox
                          key={cell.id}
                          size="small"
                          checked={value === true}
                          slotProps={{ input: { 'aria-label': label } }}
                          onChange={(event) => setAnswer(setCell(grid, sample, cell.id, event.target.checked))}
                        />
                      );
                    return (
                      <TextField
                        key={cell.id}
                        select
                        size="small"
                        label={label}
                        value={value === undefined ? '' : String(value)}
                        sx={{ minWidth: 90 }}
                        slotProps={{ select: { native: true } }}
                        onChange={(event) =>
                          setAnswer(
                            setCell(grid, sample, cell.id, event.target.value === '' ? undefined : event.target.value),
                          )
                        }
                      >
                        <option value="" />
                        {(cell.cellQuestion.options ?? []).map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.value}
                          </option>
                        ))}
                      </TextField>
                    );
                  })}
                </Stack>
              ))}
              <div>
                <Button size="small" onClick={() => setAnswer(null)}>
                  {message('designerProperties.ratings.best')}
                </Button>
              </div>
            </Stack>
          )}
          {summary && (
            <Typography role="status" data-testid="score-preview-summary" variant="body2" sx={{ mt: 1 }}>
              {message('designerProperties.ratings.summary', {
                totalScore: summary.totalScore,
                maxScore: summary.maxScore,
                ratingPercentage: summary.ratingPercentage,
                ratingLabel: summary.ratingLabel || message('designerProperties.ratings.noBand'),
              })}
            </Typography>
          )}
        </section>
      )}
    </section>
  );
}
