/**
 * The PDF renderers a PDF job runs (issue 24 §1, §2): the entry PDF and the register PDF of api/pdf/entry-pdf.ts
 * and api/pdf/register-pdf.ts. The app takes them as an option (AppOptions.pdfRenderers) so that tests can run
 * the job machinery with work of their own (a render held half way to stop it); the platform uses these.
 */
import { type EntryPdfInput, type PdfRenderOptions, renderEntryPdf } from './entry-pdf';
import { type RegisterPdfInput, renderRegisterPdf } from './register-pdf';

export type { EntryPdfInput, PdfRenderOptions, RegisterPdfInput };

/** The two renderers: each writes one PDF to `out` and resolves when it is written. */
export interface PdfRenderers {
  entry(input: EntryPdfInput, out: NodeJS.WritableStream, options?: PdfRenderOptions): Promise<void>;
  register(input: RegisterPdfInput, out: NodeJS.WritableStream, options?: PdfRenderOptions): Promise<void>;
}

/** The platform's renderers (pdfmake). */
export const defaultPdfRenderers: PdfRenderers = { entry: renderEntryPdf, register: renderRegisterPdf };
