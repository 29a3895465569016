/**
 * The Document Register dialog's rules (form-configuration.md §2 "Document picker and drawing register picker";
 * administration-data.md §2 "Document Register dialog", §5 "Drawing register picker"): which lookup columns show,
 * how description and notes are cut in the pick list, which Add buttons are enabled and what each adds.
 */
import type { ProjectLookupValue } from '../types/generated';

/** A drawing register row as the register call answers it (contract.md §D; form-configuration.md §3). */
export interface DrawingRegisterRow {
  id: number;
  name: string;
  revision: string;
  description?: string;
  type?: string;
  source?: string;
  structuredRefs?: unknown;
  elements?: unknown;
  levels?: unknown;
  elevations?: unknown;
  cores?: unknown;
  packages?: unknown;
  drawingRegisterStatus?: unknown;
  notes?: string;
  lastUpdatedByFullName?: string;
  lastUpdateDate?: string;
  status?: string;
  primaryFile: { fileUrl: string; fileName: string } | null;
  secondaryFiles: Array<{ fileUrl: string; fileName: string }>;
}

/**
 * The lookup columns of the dialog: the row's field and the project lookup type that enables it. A column shows
 * only when its lookup is enabled: the project has an Active value of that type (drawingRegister.lookups answers them).
 */
export const REGISTER_LOOKUP_COLUMNS = [
  { field: 'elements', lookup: 'Element' },
  { field: 'levels', lookup: 'Level' },
  { field: 'elevations', lookup: 'Elevation' },
  { field: 'cores', lookup: 'Core' },
  { field: 'packages', lookup: 'Package' },
  { field: 'drawingRegisterStatus', lookup: 'DrawingStatus' },
] as const satisfies ReadonlyArray<{ field: keyof DrawingRegisterRow; lookup: ProjectLookupValue['type'] }>;

/** Longest description or note in the pick list, characters. */
export const PICK_LIST_TEXT_LENGTH = 100;

/** A description or note as the pick list shows it: at most 100 characters, a longer one cut to 97 plus '...'. */
export function pickListText(text: string | undefined | null): string {
  const value = text ?? '';
  return value.length > PICK_LIST_TEXT_LENGTH ? `${value.slice(0, PICK_LIST_TEXT_LENGTH - 3)}...` : value;
}

/** What is ticked in the dialog: rows whose primary file is selected, and `{rowId}/{fileName}` secondary files. */
export interface RegisterSelection {
  primary: ReadonlySet<number>;
  secondary: ReadonlySet<string>;
}

/**
 * The enabled Add buttons: Add All Selected with any primary or secondary file selected, Add Primary Files only
 * with primary files, Add Secondary Files only with secondary files.
 */
export function registerAddButtons(selection: RegisterSelection): {
  all: boolean;
  primary: boolean;
  secondary: boolean;
} {
  const primary = selection.primary.size > 0;
  const secondary = selection.secondary.size > 0;
  return { all: primary || secondary, primary, secondary };
}

/** One file the dialog adds: the register item (its revision) and the file's name. */
export interface RegisterPick {
  row: DrawingRegisterRow;
  fileName: string;
}

/** The files an Add button adds, in the rows' order, each row's primary file before its secondary files. */
export function registerPicks(
  rows: readonly DrawingRegisterRow[],
  selection: RegisterSelection,
  which: 'all' | 'primary' | 'secondary',
): RegisterPick[] {
  const picks: RegisterPick[] = [];
  for (const row of rows) {
    if (which !== 'secondary' && row.primaryFile && selection.primary.has(row.id))
      picks.push({ row, fileName: row.primaryFile.fileName });
    if (which !== 'primary')
      for (const file of row.secondaryFiles ?? [])
        if (selection.secondary.has(`${row.id}/${file.fileName}`)) picks.push({ row, fileName: file.fileName });
  }
  return picks;
}

/** A lookup field's value as text: a list joined with ', '. */
export function lookupText(value: unknown): string {
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'name' in v ? v.name : v)).join(', ');
  return value === undefined || value === null ? '' : String(value);
}
