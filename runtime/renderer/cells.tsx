/**
 * Register cells by the spec's data-table column type (administration-data.md §3 "Data table"): a
 * column whose type is a key here shows that component; any other type shows its value as text.
 * A new cell kind is one component plus one key here.
 */
import Avatar from '@mui/material/Avatar';
import type { ComponentType } from 'react';

/** What a cell component gets: the row's value of the column, the row, and the column's header text. */
export interface CellProps {
  value: unknown;
  row: Record<string, unknown>;
  headerText: string;
}

/**
 * An image (Thumbnail, Image): the picture at the URL (or data: URL) in the cell, described by the
 * row's name or else the column header; the description's first letter stands in when there is none.
 */
function ImageCell({ value, row, headerText }: CellProps) {
  const src = typeof value === 'string' && value !== '' ? value : undefined;
  const alt = typeof row.name === 'string' && row.name !== '' ? row.name : headerText;
  return (
    <Avatar src={src} alt={alt} variant="rounded" sx={{ width: 40, height: 40 }}>
      {alt.slice(0, 1)}
    </Avatar>
  );
}

/** Cell components by column type. */
export const cells: Record<string, ComponentType<CellProps>> = {
  Thumbnail: ImageCell,
  Image: ImageCell,
};

/** The cell component of a column type, or undefined for a type shown as text. */
export function cellFor(type: string): ComponentType<CellProps> | undefined {
  return Object.hasOwn(cells, type) ? cells[type] : undefined;
}
