/**
 * Serving a DMS file (contract.md §C GET /download; issue 23 "Bad input and faults": SVG and HTML are served as
 * attachments, never inline; docs/security.md "Files"): the bytes are streamed from the store (`open`), never read
 * whole. Only images the browser shows safely (JPEG, PNG, GIF, WebP) and PDF are inline; every other type (SVG,
 * HTML, XML, text, office files, unknown binaries) is an attachment, and whatever a name says, the type is the one
 * read from the bytes at upload, with `X-Content-Type-Options: nosniff` so the browser never guesses another.
 */
import { Readable } from 'node:stream';
import type { StoredFile } from '../files/blob-store';

const INLINE = /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/;
const ACTIVE_NAME = /\.(svg|svgz|html?|xhtml|xml|xsl|xslt|js|mjs)$/i;

/**
 * A Content-Disposition header value (RFC 6266): an ASCII fallback `filename` (other characters as '_') and the
 * exact name as `filename*` (RFC 5987, UTF-8, percent-encoded).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Whether a stored file may be shown inline (see the module comment). */
export function servedInline(info: Pick<StoredFile, 'contentType' | 'name'>): boolean {
  return INLINE.test(info.contentType) && !ACTIVE_NAME.test(info.name);
}

/** The streamed answer of a file (or one of its versions). */
export function fileResponse(info: StoredFile, stream: AsyncIterable<Uint8Array>, name = info.name): Response {
  const inline = servedInline(info);
  return new Response(Readable.toWeb(Readable.from(stream)) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': inline ? info.contentType : info.contentType || 'application/octet-stream',
      'Content-Length': String(info.size),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
