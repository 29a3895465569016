/**
 * Display cells by the spec's data-table column type (administration-data.md §3 "Data table"): a
 * column whose type is a key here shows that component; any other type shows its value as text
 * (table/cell-text.ts formatCell). Editable cells are runtime/renderer/table/editors.tsx.
 * A new cell kind is one component plus one key here.
 *
 * Row model read here: `fileUrl`, `fileName`, `originalFileName` (a link's target and text), `isFolder`
 * and `isUrl` (the link's icon); attachments are `{ originalFileName, fileUrl }`.
 */
import FolderIcon from '@mui/icons-material/Folder';
import LinkIcon from '@mui/icons-material/Link';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ComponentType } from 'react';
import { message } from '../../engine/messages/catalogue';
import { THUMBNAIL_WIDTH } from '../../engine/table/constants';

/** What a cell component gets: the row's value of the column, the row, and the column's header text. */
export interface CellProps {
  value: unknown;
  row: Record<string, unknown>;
  headerText: string;
}

/**
 * An image (Image): the picture at the URL (or data: URL) in the cell, described by the
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

/**
 * A thumbnail (Thumbnail): the picture at the §9 default width (200 px, narrower when the column is), its
 * height following; without a picture, the Image cell's letter.
 */
function ThumbnailCell(props: CellProps) {
  const src = typeof props.value === 'string' && props.value !== '' ? props.value : undefined;
  if (!src) return <ImageCell {...props} />;
  const alt = typeof props.row.name === 'string' && props.row.name !== '' ? props.row.name : props.headerText;
  return (
    <img src={src} alt={alt} width={THUMBNAIL_WIDTH} style={{ maxWidth: '100%', height: 'auto', display: 'block' }} />
  );
}

/** A link target the table opens: http(s), a path on this site, or a data: image; anything else none. */
export function safeHref(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (/^https?:\/\//i.test(value) || /^\/(?!\/)/.test(value) || /^data:image\//i.test(value)) return value;
  return undefined;
}

/** One file or URL of a list cell: a URL text, or `{ fileUrl, originalFileName | fileName }`. */
function linkOf(item: unknown, position: number): { href?: string; text: string; key: string } {
  if (item && typeof item === 'object') {
    const file = item as Record<string, unknown>;
    const href = safeHref(file.fileUrl ?? file.url);
    const text = String(file.originalFileName ?? file.fileName ?? file.fileUrl ?? file.url ?? '');
    return { href, text, key: `${position}:${text}` };
  }
  return { href: safeHref(item), text: String(item ?? ''), key: `${position}:${String(item)}` };
}

/** Several images (MultiImage): one thumbnail per URL. */
function MultiImageCell({ value, headerText }: CellProps) {
  const items = Array.isArray(value) ? value.map(linkOf) : [];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {items.map((item) => (
        <Avatar key={item.key} src={item.href} alt={headerText} variant="rounded" sx={{ width: 40, height: 40 }}>
          {headerText.slice(0, 1)}
        </Avatar>
      ))}
    </Box>
  );
}

/**
 * A link (HyperLink, DRHyperLink): to the row's `fileUrl`, or the value when it is a URL; its text is the
 * value, else the row's original file name; a folder or URL row shows its icon. Opens in a new tab.
 */
function LinkCell({ value, row }: CellProps) {
  const href = safeHref(row.fileUrl) ?? safeHref(value);
  const text = String(value ?? row.originalFileName ?? row.fileName ?? '');
  const icon = row.isFolder ? (
    <FolderIcon fontSize="small" titleAccess={message('dataTable.folder')} sx={{ mr: 0.5, verticalAlign: 'middle' }} />
  ) : row.isUrl ? (
    <LinkIcon fontSize="small" titleAccess={message('dataTable.link')} sx={{ mr: 0.5, verticalAlign: 'middle' }} />
  ) : null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      {icon}
      {href ? (
        <Link href={href} target="_blank" rel="noopener noreferrer">
          {text}
        </Link>
      ) : (
        text
      )}
    </Box>
  );
}

/** Several links (MultiHyperLink, MultiUrl, Attachments): URLs or files `{ originalFileName, fileUrl }`. */
function LinkListCell({ value }: CellProps) {
  const items = Array.isArray(value) ? value.map(linkOf) : value ? [linkOf(value, 0)] : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      {items.map((item) =>
        item.href ? (
          <Link key={item.key} href={item.href} target="_blank" rel="noopener noreferrer">
            {item.text}
          </Link>
        ) : (
          <span key={item.key}>{item.text}</span>
        ),
      )}
    </Box>
  );
}

/** Cell components by column type. */
export const cells: Record<string, ComponentType<CellProps>> = {
  Thumbnail: ThumbnailCell,
  Image: ImageCell,
  MultiImage: MultiImageCell,
  HyperLink: LinkCell,
  DRHyperLink: LinkCell,
  MultiHyperLink: LinkListCell,
  MultiUrl: LinkListCell,
  Attachments: LinkListCell,
};

/** The cell component of a column type, or undefined for a type shown as text. */
export function cellFor(type: string): ComponentType<CellProps> | undefined {
  return Object.hasOwn(cells, type) ? cells[type] : undefined;
}
