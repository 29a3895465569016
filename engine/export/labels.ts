/**
 * The label CSV of a label preparation setup (form-configuration.md §2 "Label preparation export modal",
 * §3 "Export request", §9): one row per chosen entry; one column per chosen question, then one per chosen QR
 * code setup, each in the setup's order. A QR column holds the entry's scan URL, so label printing software
 * prints the code from it. Same CSV conventions as the register export (engine/export/csv.ts): UTF-8 BOM,
 * CRLF, RFC 4180 quoting, formula-like cells neutralised.
 */
import Papa from 'papaparse';
import { allQuestions } from '../forms/questions';
import { answerDisplayText } from '../registers/rows';
import { labelQuestionOptions } from '../rules/label-preparation';
import type { FormDefinition, FormEntry, LabelPreparationSetup } from '../types/generated';
import { formatCsvNumber, protectCell } from './csv';

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
  const chosen = [...setup.labelPreparationSetupExportFormQuestions]
    .sort((a, b) => a.order - b.order)
    .filter((q) => options.has(q.questionId));
  const codes = [...setup.labelPreparationSetupExportQRCodes]
    .sort((a, b) => a.order - b.order)
    .filter((q) => qrCodeSetups.has(q.qrCodeSetupId));
  const header = [
    ...chosen.map((q) => options.get(q.questionId) ?? ''),
    ...codes.map((q) => qrCodeSetups.get(q.qrCodeSetupId)?.name ?? ''),
  ].map(protectCell);
  const rows = entries.map((entry) => {
    const answers = new Map(entry.answers.map((a) => [a.questionId, a.answers]));
    return [
      ...chosen.map((q) => {
        if (q.questionId <= 0) return coreValue(entry, q.questionId);
        const question = questions.get(q.questionId);
        return question ? answerDisplayText(question, answers.get(q.questionId) ?? [], formatCsvNumber) : '';
      }),
      ...codes.map((q) => scanUrl(entry, q.qrCodeSetupId)),
    ].map(protectCell);
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
