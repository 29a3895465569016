/**
 * Where a scanned QR code goes (issue "Form configuration" §3; docs/form-configuration.md "Scanning"): the
 * API's scan answer (qrCodes.scan) as a path of the platform. Create opens a new entry, Populate a new entry
 * prefilled from the code (…/qr/{token}), Update the entry in edit mode carrying the code, View the entry
 * read only, and a Public View code the read-only page outside the shell. Each under its form area's section of the
 * project (engine/rules/form-sections.ts).
 */
import { formRegisterPath } from '../../engine/rules/form-sections';

/** The scan answer of qrCodes.scan. */
export interface ScanAnswer {
  action: 'create' | 'update' | 'view' | 'populate' | 'publicView';
  clientId: number;
  projectId: number;
  formArea: string;
  formId: number;
  entryNumber?: number;
}

/** The path a scan answer opens. */
export function scanTarget(answer: ScanAnswer, token: string): string {
  const form = formRegisterPath(answer.projectId, answer.formArea, answer.formId);
  switch (answer.action) {
    case 'create':
      return `${form}/add`;
    case 'populate':
      return `${form}/qr/${token}`;
    case 'update':
      return `${form}/entry/${answer.entryNumber}/qr/${token}`;
    case 'view':
      return `${form}/entry/${answer.entryNumber}`;
    case 'publicView':
      return `/qr/${token}/view`;
  }
}

/** A return path after login that stays on this site ('/…', not '//…' or with a backslash); else null. */
export function safeReturnPath(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** A date as yyyy-mm-dd in the browser's time zone (the scan date of a Populate code's blank dates). */
export function localDate(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
