/**
 * A register's quick filters (register document `quickFilters`; issue "The main job as a site user meets it":
 * the entries' status, Submitted by default): a choice above the table per quick filter, each setting one column
 * filter of the register's query. The register machine holds the filters; this only shows and changes them.
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { message } from '../../../engine/messages/catalogue';
import type { RegisterDocument } from '../documents';

export type QuickFilterSpec = NonNullable<RegisterDocument['quickFilters']>[number];

/** A column filter as the register machine keeps it. */
export interface ColumnFilter {
  id: string;
  value: unknown;
}

/** The filters a register opens with: each quick filter's default. */
export function quickFilterDefaults(specs: readonly QuickFilterSpec[] | undefined): ColumnFilter[] {
  return (specs ?? []).map((spec) => ({ id: spec.column, value: spec.default }));
}

/** The filters after a quick filter is set to `value` (the other filters kept). */
export function withQuickFilter(filters: readonly ColumnFilter[], column: string, value: string): ColumnFilter[] {
  return [...filters.filter((f) => f.id !== column), { id: column, value }];
}

export interface QuickFiltersProps {
  specs: readonly QuickFilterSpec[];
  filters: readonly ColumnFilter[];
  onChange: (filters: ColumnFilter[]) => void;
  /** The rows' answer's other fields (e.g. `drafts`), read by the hints. */
  answer?: Record<string, unknown>;
  disabled?: boolean;
}

/** The count a hint shows, or 0 when it is not to be shown now. */
export function hintCount(spec: QuickFilterSpec, current: string, answer: Record<string, unknown> | undefined): number {
  const hint = spec.hint;
  if (!hint?.showWhen.includes(current)) return 0;
  const count = answer?.[hint.count];
  return typeof count === 'number' && count > 0 ? count : 0;
}

/** The quick filters' choices; see the module comment. */
export function QuickFilters({ specs, filters, onChange, answer, disabled }: QuickFiltersProps) {
  return (
    <>
      {specs.map((spec) => {
        const given = filters.find((f) => f.id === spec.column)?.value;
        const current = typeof given === 'string' ? given : spec.default;
        const count = hintCount(spec, current, answer);
        return (
          <span key={spec.column} style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={message(spec.label)}
              value={current}
              disabled={disabled}
              onChange={(event) => onChange(withQuickFilter(filters, spec.column, event.target.value))}
              sx={{ minWidth: 140 }}
            >
              {spec.options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {message(option.label)}
                </MenuItem>
              ))}
            </TextField>
            {spec.hint && count > 0 && (
              <Button
                size="small"
                variant="outlined"
                color="warning"
                disabled={disabled}
                onClick={() => spec.hint && onChange(withQuickFilter(filters, spec.column, spec.hint.value))}
              >
                {message(spec.hint.label, { count })}
              </Button>
            )}
          </span>
        );
      })}
    </>
  );
}
