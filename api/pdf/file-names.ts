/**
 * The names of PDF job downloads (issue 24 §2), in ONE function so that the Export Settings name composer
 * (administration-data.md §3 "File-name format for form downloads", engine/export/download-name.ts) replaces it
 * in one place: an entry's PDF `{form title} {entryNumber}.pdf`, a register's `{form title}.pdf`, several
 * entries' zip `{form title}.zip` (of several forms: `{project code} {project name}.zip`). Characters no file
 * system takes ('/', '\', ':', '*', '?', '"', '<', '>', '|' and control characters) become '_'.
 */
import type { FormDefinition, FormEntry, Project } from '../../engine/types/generated';

/** What a download is named after. */
export type PdfNameSubject =
  | { kind: 'entry'; form: FormDefinition; entry: FormEntry; project: Project }
  | { kind: 'register'; form: FormDefinition; project: Project }
  | { kind: 'zip'; forms: readonly FormDefinition[]; project: Project };

/** The download's file name, with its extension (.pdf or .zip). */
export function pdfDownloadName(subject: PdfNameSubject): string {
  let base: string;
  if (subject.kind === 'entry') base = `${subject.form.title} ${subject.entry.entryNumber}`;
  else if (subject.kind === 'register') base = subject.form.title;
  else {
    const ids = new Set(subject.forms.map((form) => form.id));
    base = ids.size === 1 ? subject.forms[0].title : `${subject.project.code} ${subject.project.name}`;
  }
  return `${safeName(base)}.${subject.kind === 'zip' ? 'zip' : 'pdf'}`;
}

/** `name` with the characters no file system takes replaced by '_', trimmed, never empty. */
export function safeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const unsafe = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
  const safe = name
    .replace(unsafe, '_')
    .trim()
    .replace(/[. ]+$/, '');
  return safe === '' ? '_' : safe;
}
