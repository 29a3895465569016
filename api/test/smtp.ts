/**
 * The SMTP test server of the suite (issue 25 §6 "Tests talk SMTP: the test suite starts an in-process SMTP
 * server (smtp-server, with mailparser to read what arrived) and checks the messages that arrive, their links, and
 * that each link works once"). `startSmtpServer()` listens on a free port of 127.0.0.1 (no authentication, no
 * TLS), parses each message that arrives and keeps it in `messages`; `refuse(421)` makes it answer every MAIL FROM
 * with a temporary refusal, `refuse(550)` with a permanent one, `refuse(null)` accepts again. Point SMTP_URL (or
 * `smtpTransport(url, from)`) at `url`.
 */
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message that arrived. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  envelopeTo: string[];
  /** The To header's addresses and names. */
  to: Array<{ address: string; name: string }>;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every http(s) link of the text part, in order. */
  links: string[];
  /** The raw headers, lower-case names. */
  headers: Map<string, unknown>;
}

/** The running server. */
export interface TestSmtpServer {
  /** smtp://127.0.0.1:{port} */
  url: string;
  /** The messages that arrived, in order. */
  messages: ReceivedMail[];
  /** The first message (already arrived or arriving within `timeoutMs`, default 10 s) that satisfies `predicate`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuse every message with 421 (temporary) or 550 (permanent), or accept again with null. */
  refuse(code: 421 | 550 | null): void;
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): Array<{ address: string; name: string }> {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((group) => group.value.map((a) => ({ address: a.address ?? '', name: a.name })));
}

/** Starts the server; resolves once it listens. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusal: 421 | 550 | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusal === null) return callback();
      const error = new Error(refusal === 421 ? 'Service not available, try later' : 'Mailbox unavailable');
      (error as Error & { responseCode: number }).responseCode = refusal;
      callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            to: addresses(parsed.to),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            links: text.match(/https?:\/\/[^\s<>"']+/g) ?? [],
            headers: parsed.headers,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(code) {
      refusal = code;
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message arrived within ${timeoutMs} ms (${messages.length} arrived)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
