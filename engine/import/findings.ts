/**
 * The bookkeeping every importer shares (issue 22 §1 "The report says how many source elements mapped fully,
 * lossily and not at all"): each source element read is registered once (`element(path)`), findings are attached
 * to it, and the summary counts each element by its worst finding (none or `info`: exact; `lossy`; `dropped`).
 * Findings about the source as a whole (other languages, layout settings) are reported without being counted.
 */
import type { MessageParams } from '../messages/catalogue';
import { type MessageId, message } from '../messages/catalogue';
import type { FindingSeverity, ImportFinding, ImportSummary } from './types';

const rank: Record<FindingSeverity, number> = { info: 0, lossy: 1, dropped: 2 };

/** One source element: its path and the worst severity of its findings so far (undefined: exact). */
export interface SourceElement {
  readonly path: string;
  worst?: FindingSeverity;
}

/** Collects the findings and elements of one import. */
export class Report {
  readonly findings: ImportFinding[] = [];
  private readonly elements: SourceElement[] = [];

  /** Registers a source element (counted once in the summary). */
  element(path: string): SourceElement {
    const element: SourceElement = { path };
    this.elements.push(element);
    return element;
  }

  /** A finding on an element (raising the element's severity) or, with a path string, on the source as a whole. */
  add(on: SourceElement | string, severity: FindingSeverity, messageId: MessageId, params: MessageParams = {}): void {
    const path = typeof on === 'string' ? on : on.path;
    if (typeof on !== 'string' && (on.worst === undefined || rank[severity] > rank[on.worst])) on.worst = severity;
    this.findings.push({ path, severity, messageId, message: message(messageId, params) });
  }

  /** How many elements mapped exactly (no finding or info only), lossily, and not at all. */
  summary(): ImportSummary {
    const summary: ImportSummary = { exact: 0, lossy: 0, dropped: 0 };
    for (const element of this.elements) {
      if (element.worst === 'lossy') summary.lossy++;
      else if (element.worst === 'dropped') summary.dropped++;
      else summary.exact++;
    }
    return summary;
  }

  /** The number of elements read (the summary's counts add up to it). */
  get elementCount(): number {
    return this.elements.length;
  }
}
