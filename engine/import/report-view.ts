/**
 * What the form creator does with an import's answer (issue 22 §1: "shows the report beside a preview, and opens
 * the draft for editing"; docs/import-and-migration.md "Import in the form creator"): the draft as the creator's
 * store holds it, the findings grouped by severity, and the question a finding is about. Pure; browser-safe.
 */

import type { Draft } from '../designer';
import { allQuestions } from '../forms/questions';
import type { FormArea, FormDefinitionInput } from '../types/generated';
import type { FindingSeverity, ImportFinding } from './types';

/** The severities as the report lists them: what was not mapped first, notes last. */
export const SEVERITY_ORDER: readonly FindingSeverity[] = ['dropped', 'lossy', 'info'];

/**
 * The imported definition as a new, unsaved draft of the form creator (the fields the server sets, as a blank
 * draft has them: id 0 until the first save creates the form).
 */
export function importedDraft(definition: FormDefinitionInput, formArea: string): Draft {
  return {
    ...definition,
    id: 0,
    clientId: 0,
    formArea: formArea as FormArea,
    status: 'Draft',
    version: 1,
  } as Draft;
}

/** The findings by severity, in {@link SEVERITY_ORDER}, each group in the report's order; empty groups left out. */
export function findingsBySeverity(
  report: readonly ImportFinding[],
): { severity: FindingSeverity; findings: ImportFinding[] }[] {
  return SEVERITY_ORDER.map((severity) => ({
    severity,
    findings: report.filter((finding) => finding.severity === severity),
  })).filter((group) => group.findings.length > 0);
}

/** The source element's name a path ends with, in parentheses (`pages[0].elements[3] (q1)` → `q1`). */
export function sourceNameOf(path: string): string | undefined {
  return /\(([^()]+)\)\s*$/.exec(path)?.[1]?.trim();
}

/**
 * The draft's question a finding is about, where it maps to one: the finding's own `questionId` when the importer
 * gives one, else the question whose label is the source element's name (the importers use the name as the label
 * of a question without a title). Undefined for a finding about a page, a survey setting or a dropped element.
 */
export function questionOfFinding(draft: Draft, finding: ImportFinding): number | undefined {
  const given = (finding as ImportFinding & { questionId?: unknown }).questionId;
  const questions = allQuestions(draft);
  if (typeof given === 'number' && questions.some((q) => q.id === given)) return given;
  const name = sourceNameOf(finding.path)?.toLowerCase();
  if (!name) return undefined;
  return questions.find((q) => (q.label ?? '').trim().toLowerCase() === name)?.id;
}
