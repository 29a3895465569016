/**
 * Action kind `call`: call an operation with path parameters and body values from the scope (plus the
 * register's query with `withQuery`, its visible columns with `withColumns`, `rows` values over the selected rows,
 * the ticked rows' fields with `withSelection`), then: 'download' saves the answer as a file (the progress overlay
 * telling the size received so far), 'refresh' reloads the screen, 'close' hands the answer to the host, 'job'
 * follows the job the call started (issue 24 §2: its status polled into a progress bar with Stop, then its file
 * downloaded), 'none' (default) does nothing more. `then.navigate` opens a route afterwards, its template read from
 * the answer first (issue 24: Copy opens the entry it made).
 */

import { message } from '../../../engine/messages/catalogue';
import { ApiError, callOperation, downloadOperation, saveFile } from '../../api/client';
import type { ActionSpec } from '../documents';
import type { ScreenHostApi } from '../host/ScreenHost';
import { fillTemplate, knownParams, resolveCall } from '../templates';
import type { ActionKind, ActionOutcome } from './kind';

/** How often a job's status is asked, ms. */
export const JOB_POLL_MS = 500;

/** A job's status as the job calls answer it (schemas/api/pdf-job-status.schema.json). */
interface JobStatus {
  jobId: string;
  state: 'queued' | 'running' | 'complete' | 'stopped' | 'failed';
  percent: number;
  complete: boolean;
  fileName: string;
  message?: string;
}

type JobSpec = NonNullable<Extract<ActionSpec, { call: unknown }>['job']>;

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Follows the job `started`: polls `job.status` while the host shows its percentage with Stop; Stop calls
 * `job.stop` and downloads nothing; a complete job's `job.file` is downloaded.
 * @throws ApiError when a call fails, or the job fails (its message)
 */
async function followJob(
  job: JobSpec,
  params: Record<string, string>,
  started: JobStatus,
  host: ScreenHostApi | null,
): Promise<ActionOutcome> {
  const query = { jobId: started.jobId };
  const stop = new AbortController();
  let status = started;
  const show = () =>
    host?.jobProgress({
      text:
        status.state === 'queued'
          ? message('pdfJobs.queued')
          : message('pdfJobs.progress', { fileName: status.fileName, percent: String(status.percent) }),
      percent: status.percent,
      stopLabel: message('pdfJobs.stop'),
      onStop: () => {
        stop.abort();
        host?.jobProgress(null);
      },
    });
  try {
    while (!status.complete) {
      if (status.state === 'failed' || status.state === 'stopped')
        throw new ApiError(409, 'pdfJobs.failed', status.message ?? message('pdfJobs.failed'));
      show();
      await pause(JOB_POLL_MS, stop.signal);
      if (stop.signal.aborted) break;
      status = await callOperation<JobStatus>(job.status, { params, query });
    }
    if (stop.signal.aborted) {
      await callOperation(job.stop, { params, query });
      return { kind: 'done' };
    }
    // Complete: nothing is left to stop; the file comes (from this server, at once).
    host?.jobProgress(null);
    saveFile(await downloadOperation(job.file, { params, query }, status.fileName));
    return { kind: 'done', answer: status };
  } finally {
    host?.jobProgress(null);
  }
}

/**
 * The ticked rows as `withSelection` sends them: `{ [field]: [{ ...the row's fields `pick` }] }`, or nothing when
 * no row is ticked (the call then acts on the register's query: e.g. every filtered entry).
 */
export function pickSelection(
  spec: { field: string; pick: string[] },
  selection: Record<string, unknown>[] | undefined,
): Record<string, unknown> | undefined {
  if (!selection || selection.length === 0) return undefined;
  return { [spec.field]: selection.map((row) => Object.fromEntries(spec.pick.map((name) => [name, row[name]]))) };
}

export const callAction: ActionKind = {
  name: 'call',
  matches: (action) => 'call' in action,
  operations: (action) =>
    'call' in action
      ? [action.call.operation, ...(action.job ? [action.job.status, action.job.stop, action.job.file] : [])]
      : [],
  questions: (action, scope) =>
    'call' in action ? [{ operation: action.call.operation, params: knownParams(action.call, scope) }] : [],
  async run(action, { scope, query, host, navigate, selection, columns }) {
    if (!('call' in action)) throw new Error('not a call action');
    const { params, body, query: callQuery } = resolveCall(action.call, scope, selection);
    const ticked = action.withSelection ? pickSelection(action.withSelection, selection) : undefined;
    const fullBody = {
      ...(action.withQuery ? query : {}),
      ...(action.withColumns ? { columns: columns ?? [] } : {}),
      ...body,
      ...ticked,
    };
    const sent = action.withQuery || action.withColumns || ticked ? fullBody : body;
    if (action.result === 'download') {
      // The progress overlay tells the size received so far; it goes when the file is there (or the call failed).
      const progress = (bytes: number) =>
        host?.progress(message('download.progress', { size: `${(bytes / 1024).toFixed(0)} KB` }));
      try {
        saveFile(
          await downloadOperation(
            action.call.operation,
            { params, body: sent, query: callQuery },
            'download',
            progress,
          ),
        );
      } finally {
        host?.progress(null);
      }
      return { kind: 'done' };
    }
    const answer = await callOperation<unknown>(action.call.operation, { params, body: sent, query: callQuery });
    if (action.result === 'job') {
      if (!action.job) throw new Error(`${action.call.operation}: result 'job' without job calls`);
      return followJob(action.job, params, answer as JobStatus, host);
    }
    if (action.then) {
      const values = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
      navigate(fillTemplate(action.then.navigate, [values, ...scope]));
      return { kind: 'done', answer };
    }
    if (action.result === 'refresh') return { kind: 'refresh', answer };
    if (action.result === 'close') return { kind: 'close', answer };
    return { kind: 'done', answer };
  },
};
