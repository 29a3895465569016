/**
 * Reading PDFs in tests (issue 24; docs/testing.md): a writable that collects what a render writes, the text of
 * every page as pdf.js reads it (pdfjs-dist's legacy build, for Node), and how many pictures a PDF embeds.
 */
import { Writable } from 'node:stream';

/** A writable that keeps every chunk; `bytes()` is what was written so far. */
export function collector(): Writable & { bytes(): Buffer; finished: boolean } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  }) as Writable & { bytes(): Buffer; finished: boolean };
  sink.finished = false;
  sink.on('finish', () => {
    sink.finished = true;
  });
  sink.bytes = () => Buffer.concat(chunks);
  return sink;
}

/** The text of each page of a PDF, its items joined with spaces (pdf.js splits a line into items). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await doc.destroy();
  return pages;
}

/** The number of pictures a PDF draws, over all its pages (a picture's transparency mask is not one). */
export async function pdfImageCount(bytes: Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const drawing = new Set([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject]);
  let count = 0;
  for (let n = 1; n <= doc.numPages; n += 1) {
    const operators = await (await doc.getPage(n)).getOperatorList();
    count += operators.fnArray.filter((fn) => drawing.has(fn)).length;
  }
  await doc.destroy();
  return count;
}
