/**
 * Errors as values (STYLE.md): a message id from the catalogue, an HTTP status, and parameters.
 * The API turns an AppError into `{ messageId, message, details? }` with its status.
 */
import { type MessageId, type MessageParams, message } from './messages/catalogue';

export interface ErrorDetail {
  /** JSON pointer-ish path of the offending value, e.g. '/answers/3/answers/0' or 'q_12'. */
  path: string;
  messageId: MessageId;
  message: string;
}

export class AppError extends Error {
  readonly messageId: MessageId;
  readonly status: number;
  readonly params: MessageParams;
  readonly details: ErrorDetail[];
  /** HTTP headers the answer carries (e.g. Retry-After of a 429). */
  readonly headers: Record<string, string> = {};

  constructor(status: number, messageId: MessageId, params: MessageParams = {}, details: ErrorDetail[] = []) {
    super(message(messageId, params));
    this.name = 'AppError';
    this.status = status;
    this.messageId = messageId;
    this.params = params;
    this.details = details;
  }

  /** Adds a header to the error's answer; returns the error (for `throw new AppError(...).withHeader(...)`). */
  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }

  /** The JSON body the API sends for this error. */
  toBody(): { messageId: MessageId; message: string; details?: ErrorDetail[] } {
    return this.details.length > 0
      ? { messageId: this.messageId, message: this.message, details: this.details }
      : { messageId: this.messageId, message: this.message };
  }
}

/** Builds one ErrorDetail with its catalogue text. */
export function detail(path: string, messageId: MessageId, params: MessageParams = {}): ErrorDetail {
  return { path, messageId, message: message(messageId, params) };
}

/**
 * The error of a rule check that found `problems` (non-empty): the first problem's message id and text
 * (with its values), every problem as details.
 */
export function problemsError(status: number, problems: readonly ErrorDetail[]): AppError {
  const [first] = problems;
  const error = new AppError(status, first.messageId, {}, [...problems]);
  error.message = first.message;
  return error;
}
