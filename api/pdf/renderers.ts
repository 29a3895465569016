/**
 * The PDF renderers a PDF job runs (issue 24 §1, §2): the entry PDF and the register PDF of api/pdf/entry-pdf.ts
 * and api/pdf/register-pdf.ts (engineer pdf-render's). The app takes them as an option (AppOptions.pdfRenderers)
 * so that tests can run the job machinery with work of their own (a slow renderer to stop half way); the platform
 * uses these.
 */
import type { FormDefinition, FormEntry, Project } from '../../engine/types/generated';

/** An entry PDF's input (the contract of api/pdf/entry-pdf.ts). */
export interface EntryPdfInput {
  /** The entry's own form version. */
  form: FormDefinition;
  entry: FormEntry;
  project: Project;
  clientName: string;
  /** JPEG quality of photos and images, 1..100. */
  imageQuality: number;
  readFile(fileUrl: string): Promise<Uint8Array | undefined>;
  printedOn: Date;
  timeZone?: string;
}

/** A register PDF's input (the contract of api/pdf/register-pdf.ts). */
export interface RegisterPdfInput {
  form: FormDefinition;
  title: string;
  columns: { id: string; header: string }[];
  filters: { label: string; value: string }[];
  rows: AsyncIterable<FormEntry> | Iterable<FormEntry>;
  total: number;
  projectName: string;
  clientName: string;
  printedOn: Date;
  timeZone?: string;
}

/** Options of a render: the signal that stops it and where it tells its progress (`done` of `total` steps). */
export interface PdfRenderOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** The two renderers: each writes one PDF to `out` and resolves when it is written. */
export interface PdfRenderers {
  entry(input: EntryPdfInput, out: NodeJS.WritableStream, options?: PdfRenderOptions): Promise<void>;
  register(input: RegisterPdfInput, out: NodeJS.WritableStream, options?: PdfRenderOptions): Promise<void>;
}

// Until api/pdf/entry-pdf.ts and register-pdf.ts are merged, they are loaded by name when first used.
const load = (name: string) => import(/* @vite-ignore */ `./${name}`);

/** The platform's renderers (pdfmake, api/pdf). */
export const defaultPdfRenderers: PdfRenderers = {
  entry: async (input, out, options) => (await load('entry-pdf')).renderEntryPdf(input, out, options),
  register: async (input, out, options) => (await load('register-pdf')).renderRegisterPdf(input, out, options),
};
