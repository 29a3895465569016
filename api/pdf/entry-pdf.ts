/**
 * The PDF of one form entry, faithful to the form (issue 24 §1; administration-data.md §7 "Project forms"
 * downloadPdf; docs/entries.md "PDF documents"). Pure rendering: the job runner (api/pdf jobs, issue 24 §2) resolves
 * the entry's own form version, the project and the client, and gives a reader of the entry's files.
 *
 * What it shows, in order:
 * - the form's title; the header: client, project (name and code), the ask* fields the form asks (structure
 *   references, levels, elevations, cores, elements, packages, client, project name and address as saved on the
 *   entry), entry number, created, entered by, status, form version;
 * - every page and question as the user saw them: what the conditions hid is left out (engine/forms/visibility.ts
 *   hiddenQuestionIds, the rule the browser and the server use), a page without a shown question too; a page without
 *   a label is 'Page n' (catalogue form.page) as on screen;
 * - each question's label (beside its answer for the horizontal wrapper) and its answer, as its field type shows it
 *   (api/pdf/answers.ts: grids with ticks, sums, score and rating band; tables; tick boxes; rich text formatted;
 *   photos, marked-up pictures and signatures as pictures at `imageQuality`; the document picker's file names with
 *   revision); 'Not answered' (pdf.noAnswer) for a question left empty; a note's text; an image question's picture;
 * - answers a migration kept from an earlier version, under their own heading;
 * - on every page the printed-on date, the form's title and version, and "Page n of m".
 *
 * Pictures are read and resized two at a time before the layout (api/pdf/images.ts); the stop signal is checked
 * between them. Progress: one step per picture, one for the layout, one for the writing.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { answersToFormData } from '../../engine/forms/entry-data';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { parsePickedDocument } from '../../engine/forms/field-types/document-picker';
import { hiddenQuestionIds } from '../../engine/forms/visibility';
import { message } from '../../engine/messages/catalogue';
import { CORE_HEADER_QUESTIONS } from '../../engine/rules/label-preparation';
import type { Answer, FormDefinition, FormEntry, Project } from '../../engine/types/generated';
import { type AnswerContext, picturesOf, questionContent } from './answers';
import { throwIfAborted, writePdf } from './document';
import { type PdfImage, pdfImage } from './images';
import { formatInstant, PDF_STYLES, pageFooter } from './parts';

/** What an entry PDF is made of (the contract of issue 24's PDF jobs). */
export interface EntryPdfInput {
  /** The entry's OWN form version (forms.getForProject ?version). */
  form: FormDefinition;
  /** The entry as stored. */
  entry: FormEntry;
  project: Project;
  clientName: string;
  /** An integer 1..100 (validated by the caller); see api/pdf/images.ts for what it means. */
  imageQuality: number;
  /** An answer's file from the blob store (a client-relative path as the answer holds it), or undefined. */
  readFile: (fileUrl: string) => Promise<Uint8Array | undefined>;
  printedOn: Date;
  /** IANA time zone of the dates shown (default UTC). */
  timeZone?: string;
  /**
   * The revision of a project document the document picker chose (its path), when the document store knows one:
   * printed as 'name (Rev. C)' (pdf.documentRevision). Without it, or for undefined, the name alone.
   */
  documentRevision?: (path: string) => Promise<string | undefined>;
}

/** Options of a render. */
export interface PdfRenderOptions {
  /** Stops the render: the promise rejects with an AbortError and nothing more is written. */
  signal?: AbortSignal;
  /** Called as the render goes: steps done out of the steps there are (the total may not change once given). */
  onProgress?: (done: number, total: number) => void;
}

/** The first answer of each question (of two answers to one question the first counts, as in the register). */
function answersById(entry: FormEntry): Map<number, Answer> {
  const byId = new Map<number, Answer>();
  for (const answer of entry.answers ?? []) if (!byId.has(answer.questionId)) byId.set(answer.questionId, answer);
  return byId;
}

/** The label and value pairs of the entry's header (see the module comment). */
function headerFields(input: EntryPdfInput): Array<[string, string]> {
  const { form, entry, project, clientName } = input;
  const list = (values?: readonly string[]) => (values ?? []).join(', ');
  const asked: Record<(typeof CORE_HEADER_QUESTIONS)[number]['flag'], string> = {
    askStructureReference: list(entry.structureReferences),
    askLevel: list(entry.levels),
    askElevation: list(entry.elevations),
    askCores: list(entry.cores),
    askElement: list(entry.elements),
    askPackage: list(entry.packages),
    askClient: entry.client ?? clientName,
    askProjectName: entry.projectName ?? project.name,
    askProjectAddress: entry.projectAddress ?? project.address ?? '',
  };
  const fields: Array<[string, string]> = [
    [message('pdf.client'), clientName],
    [message('pdf.project'), project.name],
    [message('pdf.projectCode'), project.code],
  ];
  for (const { flag } of CORE_HEADER_QUESTIONS) {
    // Client and project name are in the header already; the entry's own copy is shown when it differs.
    if (form[flag] !== true) continue;
    if (flag === 'askClient' && asked[flag] === clientName) continue;
    if (flag === 'askProjectName' && asked[flag] === project.name) continue;
    fields.push([message(`designerProperties.settings.${flag}`), asked[flag]]);
  }
  fields.push(
    [message('register.entryNumber'), String(entry.entryNumber)],
    [message('register.date'), formatInstant(entry.date, input.timeZone)],
    [message('register.enteredBy'), entry.enteredBy],
    [
      message('register.status'),
      message(entry.isDraft === true ? 'register.status.Draft' : 'register.status.Submitted'),
    ],
  );
  return fields;
}

/** The header as a table of two label-value pairs a row. */
function headerTable(fields: Array<[string, string]>): Content {
  const body: Content[][] = [];
  for (let i = 0; i < fields.length; i += 2) {
    const pair = (field?: [string, string]): Content[] =>
      field ? [{ text: field[0], style: 'headerLabel' }, { text: field[1] || '' }] : [{ text: '' }, { text: '' }];
    body.push([...pair(fields[i]), ...pair(fields[i + 1])]);
  }
  return {
    table: { widths: ['auto', '*', 'auto', '*'], body },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 6],
  };
}

/**
 * Renders an entry's PDF into `out`.
 * @param input the entry, its form version, project, client, image quality and file reader
 * @param out where the PDF goes; ended when fully written
 * @param opts stop signal and progress
 * @returns resolves when `out` has the whole PDF
 * @throws AbortError (rejects) when stopped; nothing more is written to `out` (it is destroyed)
 */
export async function renderEntryPdf(
  input: EntryPdfInput,
  out: NodeJS.WritableStream,
  opts: PdfRenderOptions = {},
): Promise<void> {
  const { form, entry } = input;
  const answers = answersById(entry);
  const hidden = hiddenQuestionIds(form, answersToFormData(form, entry.answers ?? []));
  const pages = form.pages
    .map((page, index) => ({ page, index, questions: page.questions.filter((q) => !hidden.has(q.id)) }))
    .filter(({ questions }) => questions.length > 0);

  // The pictures first (the layout needs their sizes).
  const wanted = pages.flatMap(({ questions }) => questions.flatMap((q) => picturesOf(q, answers.get(q.id))));
  const total = wanted.length + 2;
  let done = 0;
  opts.onProgress?.(done, total);
  const pictures = new Map<string, PdfImage | null>();
  // Two at a time: a JPEG decodes on one core, and two decoded pictures is still little memory (a 12 MP photo
  // decodes at half size, about 9 MB, by JPEG shrink-on-load).
  let next = 0;
  const worker = async () => {
    while (next < wanted.length) {
      const picture = wanted[next++];
      throwIfAborted(opts.signal);
      if (!pictures.has(picture.path)) {
        pictures.set(picture.path, null);
        const bytes = await input.readFile(picture.path);
        throwIfAborted(opts.signal);
        pictures.set(picture.path, (bytes && (await pdfImage(bytes, input.imageQuality, picture.kind))) || null);
      }
      done += 1;
      opts.onProgress?.(done, total);
    }
  };
  await Promise.all([worker(), worker()]);
  throwIfAborted(opts.signal);
  const revisions = new Map<string, string>();
  if (input.documentRevision) {
    for (const { questions } of pages)
      for (const question of questions) {
        if (!fieldTypeOf(question).projectDocuments) continue;
        for (const value of answers.get(question.id)?.answers ?? []) {
          if (typeof value !== 'string') continue;
          const picked = parsePickedDocument(value);
          const path = picked.path;
          if (picked.revision || revisions.has(path)) continue;
          const revision = await input.documentRevision(path);
          if (revision) revisions.set(path, revision);
        }
      }
  }
  throwIfAborted(opts.signal);

  const images = new Map<string, Buffer>();
  const names = new Map<string, string>();
  const context: AnswerContext = {
    picture: (path) => {
      const picture = pictures.get(path);
      if (!picture) return undefined;
      let name = names.get(path);
      if (!name) {
        name = `picture${names.size + 1}`;
        names.set(path, name);
        images.set(name, picture.bytes);
      }
      return { name, width: picture.width, height: picture.height };
    },
    revision: (path) => revisions.get(path),
    timeZone: input.timeZone,
  };
  const content: Content[] = [{ text: form.title, style: 'title' }, headerTable(headerFields(input))];
  for (const { page, index, questions } of pages) {
    content.push({ text: page.label || message('form.page', { n: index + 1 }), style: 'page' });
    for (const question of questions) content.push(questionContent(question, answers.get(question.id), context));
  }
  if ((entry.keptAnswers ?? []).length > 0) {
    content.push({ text: message('pdf.keptAnswers'), style: 'page' });
    for (const kept of entry.keptAnswers ?? []) {
      const text = (kept.answer.answers ?? []).map(String).join(', ');
      content.push({
        stack: [
          { text: message('pdf.keptAnswer', { label: kept.label, version: kept.fromVersion }), style: 'label' },
          { text: text || message('pdf.noAnswer'), ...(text ? {} : { style: 'muted' }) },
        ],
        margin: [0, 0, 0, 8],
      });
    }
  }
  const version = entry.formVersion ?? form.version;
  const definition: TDocumentDefinitions = {
    info: { title: `${form.title} ${entry.entryNumber}`, subject: input.project.name, creator: input.clientName },
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    content,
    styles: PDF_STYLES,
    footer: pageFooter(
      input.printedOn,
      input.timeZone,
      `${form.title} · ${message('pdf.formVersion', { version: String(version) })}`,
    ),
  };
  await writePdf(definition, images, out, {
    signal: opts.signal,
    onDrawn: (fraction) => {
      if (fraction >= 1) opts.onProgress?.(done + 1, total);
    },
  });
  opts.onProgress?.(total, total);
}
