/**
 * The PDF engine of the entry and register PDFs (issue 24 §1, §2; docs/decisions.md "PDF engine"): pdfmake's
 * server printer, used directly (its Printer class, not the pdfmake singleton) so that every render has its own
 * fonts, images and progress callback and two jobs never share state.
 *
 * - Fonts: Roboto from the pdfmake package (node_modules/pdfmake/fonts/Roboto), read once; nothing downloaded.
 * - Images: bytes the caller prepared (api/pdf/images.ts), given by name; pdfmake reads them from a virtual file
 *   system of this render only. URL and local-file access are refused, so a document definition can never make the
 *   server fetch a URL or read a file (an answer's text is only ever text).
 * - Tagged: the PDF is marked tagged (pdfkit writes MarkInfo and a structure tree root) with its language and
 *   title; pdfmake does not expose pdfkit's structure elements, so the content itself carries no tags.
 * - Output: the laid-out document is piped into `out` (which is ended); the promise settles when `out` has
 *   finished. An aborted signal rejects with an AbortError and writes nothing more (`out` is destroyed).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

const require = createRequire(import.meta.url);

/** pdfmake's Printer (js/Printer.js): lays a document definition out into a pdfkit document. */
interface PdfPrinter {
  createPdfKitDocument(
    definition: TDocumentDefinitions,
    options: { progressCallback?: (fraction: number) => void },
  ): Promise<NodeJS.ReadableStream & { end(): void }>;
}
type PrinterClass = new (
  fonts: Record<string, Record<string, string>>,
  virtualfs: VirtualFs,
  urlResolver: unknown,
  localAccessPolicy: (path: string) => boolean,
) => PdfPrinter;
type UrlResolverClass = new (fs: VirtualFs) => { setUrlAccessPolicy(policy: (url: string) => boolean): void };

/** The part of pdfmake's virtual file system the printer reads. */
interface VirtualFs {
  existsSync(name: string): boolean;
  readFileSync(name: string, options?: unknown): Buffer;
  writeFileSync(name: string, content: Buffer): void;
}

const Printer: PrinterClass = require('pdfmake/js/Printer').default;
const URLResolver: UrlResolverClass = require('pdfmake/js/URLResolver').default;

/** The font family every PDF uses. */
export const PDF_FONT = 'Roboto';

const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const fontFiles = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;
let fontBytes: Map<string, Buffer> | undefined;

/** The Roboto files by their virtual names, read once per process. */
function fonts(): Map<string, Buffer> {
  if (!fontBytes) {
    fontBytes = new Map(
      Object.values(fontFiles).map((file) => [`fonts/${file}`, readFileSync(path.join(fontDir, file))]),
    );
  }
  return fontBytes;
}

/** A virtual file system of one render: the fonts and that render's images. */
function virtualFs(images: ReadonlyMap<string, Buffer>): VirtualFs {
  const files = new Map<string, Buffer>([
    ...fonts(),
    ...[...images].map(([name, bytes]) => [`images/${name}`, bytes] as const),
  ]);
  const key = (name: string) => name.replace(/^\/+/, '');
  return {
    existsSync: (name) => files.has(key(name)),
    readFileSync: (name) => {
      const bytes = files.get(key(name));
      if (!bytes) throw new Error(`No file ${name} in this PDF's files`);
      return bytes;
    },
    writeFileSync: () => {
      throw new Error('A PDF render fetches nothing');
    },
  };
}

/** Options of a render (api/pdf/entry-pdf.ts PdfRenderOptions). */
export interface WriteOptions {
  signal?: AbortSignal;
  /** The share of the pages drawn, 0..1, as pdfmake draws them. */
  onDrawn?: (fraction: number) => void;
}

/** An AbortError, as fetch and the stream utilities reject with. */
export function abortError(): Error {
  const error = new Error('The PDF was stopped');
  error.name = 'AbortError';
  return error;
}

/** Throws an AbortError when the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/**
 * Lays a document definition out and writes the PDF into `out`.
 * @param definition pdfmake's document definition; `images` of its content name entries of `images`
 * @param images image bytes (JPEG or PNG) by name
 * @param out where the PDF goes; ended when written, destroyed when aborted
 * @throws AbortError (rejects) when `opts.signal` is aborted; nothing more is written to `out`
 */
export async function writePdf(
  definition: TDocumentDefinitions,
  images: ReadonlyMap<string, Buffer>,
  out: NodeJS.WritableStream,
  opts: WriteOptions = {},
): Promise<void> {
  throwIfAborted(opts.signal);
  const fs = virtualFs(images);
  const resolver = new URLResolver(fs);
  resolver.setUrlAccessPolicy(() => false);
  const fontPaths = Object.fromEntries(Object.entries(fontFiles).map(([style, file]) => [style, `fonts/${file}`]));
  const printer = new Printer({ [PDF_FONT]: fontPaths }, fs, resolver, () => false);
  const imageNames = Object.fromEntries([...images.keys()].map((name) => [name, `images/${name}`]));
  const doc = await printer.createPdfKitDocument(
    {
      tagged: true,
      language: 'en-IE',
      displayTitle: true,
      ...definition,
      images: imageNames,
      defaultStyle: { font: PDF_FONT, fontSize: 9, ...definition.defaultStyle },
    },
    { progressCallback: opts.onDrawn },
  );
  if (opts.signal?.aborted) {
    (doc as unknown as { destroy?: () => void }).destroy?.();
    throw abortError();
  }
  doc.end();
  await pipeline(doc, out as NodeJS.WritableStream, opts.signal ? { signal: opts.signal } : {});
}
