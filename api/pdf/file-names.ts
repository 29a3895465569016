/**
 * The names of PDF job downloads (issue 24 §2, §3): each is the project's export setting of the form area
 * composed by api/operations/download-names.ts `downloadNameFor` (administration-data.md §3 "File-name format for
 * form downloads"; the default `{form title} {entry number} - {created}`): an entry's PDF is named for the entry, a
 * register's PDF and a zip of one form's entries for the register (its entry parts left out), a zip of several
 * forms' entries `{project code} {project name}.zip`. Every name is safe on Windows, macOS and Linux
 * (engine/export/download-name.ts `safeFileName`).
 */
import { safeFileName } from '../../engine/export/download-name';
import type { FormEntry } from '../../engine/types/generated';
import { downloadNameFor } from '../operations/download-names';
import type { EntryScope } from '../operations/entries';

/** What a download is named after. */
export type PdfNameSubject =
  | { kind: 'entry'; scope: EntryScope; entry: FormEntry }
  | { kind: 'register'; scope: EntryScope }
  | { kind: 'zip'; scopes: readonly EntryScope[] };

/**
 * The download's file name, with its extension (.pdf or .zip); dates of the parts are those of `now` for a
 * register or zip and the entry's own for an entry.
 */
export async function pdfDownloadName(subject: PdfNameSubject, now: Date = new Date()): Promise<string> {
  if (subject.kind === 'entry') return `${await downloadNameFor(subject.scope, subject.entry, now)}.pdf`;
  if (subject.kind === 'register') return `${await downloadNameFor(subject.scope, undefined, now)}.pdf`;
  const forms = new Set(subject.scopes.map((scope) => scope.form.id));
  if (forms.size === 1) return `${await downloadNameFor(subject.scopes[0], undefined, now)}.zip`;
  const { project } = subject.scopes[0];
  return `${safeFileName(`${project.code} ${project.name}`)}.zip`;
}
