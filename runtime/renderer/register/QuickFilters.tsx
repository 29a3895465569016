/**
 * A register's quick filters (register document `quickFilters`; issue "The main job as a site user meets it":
 * the entries' status, Submitted by default): a choice above the table per quick filter, each setting one column
 * filter of the register's query. The register machine holds the filters; this only shows and changes them.
 */
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
  disabled?: boolean;
}

/** The quick filters' choices; see the module comment. */
export function QuickFilters({ specs, filters, onChange, disabled }: QuickFiltersProps) {
  return (
    <>
      {specs.map((spec) => {
        const current = filters.find((f) => f.id === spec.column)?.value;
        return (
          <TextField
            key={spec.column}
            select
            size="small"
            label={message(spec.label)}
            value={typeof current === 'string' ? current : spec.default}
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
        );
      })}
    </>
  );
}
