/**
 * What the entry and register PDFs share (issue 24 §1, §2): the page frame (footer with the printed-on date, the
 * form or register title and "Page n of m", catalogue pdf.pageOf), the styles, dates as the registers show them
 * (yyyy-MM-dd HH:mm in the time zone asked for, engine/export/csv.ts formatCreated) and the tick box drawn as a
 * vector (Roboto has no ballot-box glyph).
 */
import type { Content, DynamicContent, StyleDictionary } from 'pdfmake/interfaces';
import { formatCreated } from '../../engine/export/csv';
import { message } from '../../engine/messages/catalogue';

/** The styles both PDFs use, by name. */
export const PDF_STYLES: StyleDictionary = {
  title: { fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
  subtitle: { fontSize: 10, color: '#444444', margin: [0, 0, 0, 8] },
  page: { fontSize: 13, bold: true, color: '#1a3d6d', margin: [0, 12, 0, 6] },
  label: { bold: true, margin: [0, 0, 0, 2] },
  headerLabel: { bold: true, color: '#444444' },
  muted: { color: '#6b6b6b', italics: true },
  tableHeader: { bold: true, fillColor: '#e8edf3' },
  footer: { fontSize: 7.5, color: '#555555' },
};

/** An instant as the registers show it: yyyy-MM-dd HH:mm in `timeZone` (default UTC). */
export function formatInstant(value: Date | string, timeZone = 'UTC'): string {
  return formatCreated(typeof value === 'string' ? value : value.toISOString(), timeZone);
}

/**
 * The footer of every page: printed-on date at the left, `middle` (the form's title and version, or the
 * register's title) centred, "Page n of m" at the right.
 */
export function pageFooter(printedOn: Date, timeZone: string | undefined, middle: string): DynamicContent {
  const printed = message('pdf.printedOn', { date: formatInstant(printedOn, timeZone) });
  return (currentPage, pageCount) => ({
    margin: [40, 10, 40, 0],
    style: 'footer',
    columns: [
      { text: printed, width: '*' },
      { text: middle, width: 'auto', alignment: 'center' },
      {
        text: message('pdf.pageOf', { page: String(currentPage), pages: String(pageCount) }),
        width: '*',
        alignment: 'right',
      },
    ],
  });
}

/** A tick box (ticked or not) drawn at 8 pt, with its text beside it so the answer reads as text too. */
export function tickBox(ticked: boolean, text: string): Content {
  const box: Content & { width: number } = {
    width: 11,
    canvas: [
      { type: 'rect', x: 0, y: 1.5, w: 8, h: 8, lineWidth: 0.8, lineColor: '#333333' },
      ...(ticked
        ? [
            {
              type: 'polyline' as const,
              points: [
                { x: 1.6, y: 5.6 },
                { x: 3.5, y: 7.6 },
                { x: 6.8, y: 2.8 },
              ],
              lineWidth: 1.3,
              lineColor: '#111111',
            },
          ]
        : []),
    ],
  };
  return { columns: [box, { text, width: '*' }], columnGap: 2 };
}
