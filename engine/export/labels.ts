/**
 * The label CSV of a label preparation setup (form-configuration.md §2 "Label preparation export modal",
 * §3 "Export request", §9): one row per chosen entry; one column per chosen question and per chosen QR code
 * setup, in the order of the setup's chosen-items table (questions and QR codes share it). A QR column holds the entry's scan URL, so label printing software
 * prints the code from it. Same CSV conventions as the register export (engine/export/csv.ts): UTF-8 BOM,
 * CRLF, RFC 4180 quoting, formula-like cells neutralised.
 */
import Papa from 'papaparse';
import type { DisplayFormat } from '../forms/field-types/types';
import { allQuestions } from '../forms/questions';
import { answerText } from '../registers/rows';
import { labelQuestionOptions } from '../rules/label-preparation';
import type { FormDefinition, FormEntry, LabelPreparationSetup } from '../types/generated';
import { formatCsvNumber, protectCell } from './csv';

/** A label's cells: numbers as in the register CSV, each on one line (a label printer's field is a line). */
const LABEL_FORMAT: DisplayFormat = { number: formatCsvNumber, lines: false };

/** The text of a core header question (-1..-9) or the ID (0) of an entry. */
function coreValue(entry: FormEntry, id: number): string {
  const list = (values?: readonly string[]) => (values ?? []).join(', ');
  switch (id) {
    case 0:
      return String(entry.entryNumber);
    case -1:
      return list(entry.structureReferences);
    case -2:
      return list(entry.levels);
    case -3:
      return list(entry.elevations);
    case -4:
      return list(entry.cores);
    case -5:
      return list(entry.elements);
    case -6:
      return list(entry.packages);
    case -7:
      return entry.client ?? '';
    case -8:
      return entry.projectName ?? '';
    case -9:
      return entry.projectAddress ?? '';
    default:
      return '';
  }
}

/**
 * The label CSV.
 * @param form the form (latest published version) whose questions the setup names
 * @param setup the label setup: its questions and QR code setups with their order
 * @param entries the entries, in the order wanted
 * @param qrCodeSetups the QR code setups the setup may show (active ones), by id with their names
 * @param scanUrl the scan URL of an entry's code for a QR code setup
 * @returns the file content; a question the form no longer has, or an inactive QR setup, is left out
 */
export function labelCsv(
  form: FormDefinition,
  setup: Pick<LabelPreparationSetup, 'labelPreparationSetupExportFormQuestions' | 'labelPreparationSetupExportQRCodes'>,
  entries: readonly FormEntry[],
  qrCodeSetups: ReadonlyMap<number, { name: string }>,
  scanUrl: (entry: FormEntry, qrCodeSetupId: number) => string,
): string {
  const options = new Map(labelQuestionOptions(form).map((o) => [o.id, o.label]));
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  // One column list in the setup's order: questions and QR codes share the order of the chosen-items table
  // (a tie puts the question first).
  const columns = [
    ...setup.labelPreparationSetupExportFormQuestions
      .filter((q) => options.has(q.questionId))
      .map((q) => ({ order: q.order, rank: 0, question: q.questionId, qr: 0 })),
    ...setup.labelPreparationSetupExportQRCodes
      .filter((q) => qrCodeSetups.has(q.qrCodeSetupId))
      .map((q) => ({ order: q.order, rank: 1, question: 0, qr: q.qrCodeSetupId })),
  ].sort((a, b) => a.order - b.order || a.rank - b.rank);
  const header = columns
    .map((c) => (c.rank === 0 ? (options.get(c.question) ?? '') : (qrCodeSetups.get(c.qr)?.name ?? '')))
    .map(protectCell);
  const rows = entries.map((entry) => {
    const answers = new Map(entry.answers.map((a) => [a.questionId, a]));
    return columns
      .map((c) => {
        if (c.rank === 1) return scanUrl(entry, c.qr);
        if (c.question <= 0) return coreValue(entry, c.question);
        const question = questions.get(c.question);
        const answer = answers.get(c.question);
        return question && answer ? answerText(question, answer, LABEL_FORMAT) : '';
      })
      .map(protectCell);
  });
  return `\uFEFF${Papa.unparse([header, ...rows], { newline: '\r\n', quotes: false, escapeFormulae: false })}`;
}

/**
 * The export's file name '{yyyyMMdd} {menu name} {form name} {setup name}.csv' (§9), the date in UTC;
 * characters no file system accepts become '_'.
 */
export function labelFileName(date: Date, menuName: string, formName: string, setupName: string): string {
  const day = date.toISOString().slice(0, 10).replaceAll('-', '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
  const clean = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').trim();
  return [day, menuName, formName, setupName].map(clean).filter(Boolean).join(' ').concat('.csv');
}
