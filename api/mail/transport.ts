/**
 * The mail port (issue 25 §5 "a mail port with an SMTP adapter ... and, by default without SMTP, a file outbox
 * under DATA_DIR/outbox (one .eml per message)"; docs/links-and-mail.md "E-mail"). The delivery worker
 * (api/mail/delivery.ts) composes each queued message (`ComposedMail`) and hands it to a `MailTransport`:
 * - `smtpTransport(url, from)`: nodemailer over SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS);
 * - `fileTransport(dir, from)`: one RFC 822 file per message, `{dir}/{messageId's local part}.eml`, written by
 *   nodemailer's stream transport (never by hand) through a temporary file and a rename, so a reader never sees
 *   half a message and a retry overwrites rather than adds.
 * A failed send throws `MailSendError`, whose `permanent` says whether retrying can help (an SMTP 5xx answer:
 * no; a 4xx, a refused or broken connection, a timeout: yes).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { headerText } from './outbox';

/** A message ready to send: the delivery worker makes it of an `outgoingMails` document. */
export interface ComposedMail {
  /** The stable Message-ID, with angle brackets: '<42.1764151200000@example.com>'. */
  messageId: string;
  to: Array<{ name?: string; address: string }>;
  subject: string;
  text: string;
  html: string;
  /** The Date header. */
  date: Date;
}

/** Sends composed messages. */
export interface MailTransport {
  /** 'smtp' or 'file' (the sent list and logs say which). */
  readonly kind: string;
  /** The From of every message (MAIL_FROM). */
  readonly from: string;
  /**
   * Sends `mail` from the transport's From.
   * @returns the Message-ID the message went out with
   * @throws MailSendError (permanent or temporary)
   */
  send(mail: ComposedMail): Promise<{ messageId: string }>;
  /** Releases connections. */
  close(): void;
}

/** A failed send: `permanent` when retrying cannot help (an SMTP 5xx). */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailSendError';
  }
}

/** The default From when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Site Forms <no-reply@site-forms.invalid>';

/** The domain of a From ('Site Forms <no-reply@example.com>' -> 'example.com'), for Message-IDs. */
export function fromDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'site-forms.invalid';
}

/** Nodemailer's options of a composed message: names and the subject on one line again (defence in depth). */
function mailOptions(from: string, mail: ComposedMail): Mail.Options {
  return {
    from,
    to: mail.to.map((r) => (r.name ? { name: headerText(r.name, 200), address: r.address } : r.address)),
    subject: headerText(mail.subject),
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    date: mail.date,
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/** Whether an error of nodemailer is permanent: an SMTP 5xx answer. */
function classify(error: unknown): MailSendError {
  const err = error as { message?: string; responseCode?: number; code?: string; response?: string };
  const code = typeof err.responseCode === 'number' ? err.responseCode : undefined;
  const text = (err.response || err.message || String(error)).slice(0, 900);
  // An authentication failure is the server's configuration, not the message's: retried until it is fixed.
  const permanent = code !== undefined && code >= 500 && code < 600 && err.code !== 'EAUTH';
  return new MailSendError(code ? `${code} ${text.replace(/^\d{3}\s*/, '')}` : text, permanent, code);
}

/**
 * The SMTP adapter: nodemailer with `url` (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://host:465).
 * Timeouts are short enough that a hung server does not stall the queue (10 s to connect and greet, 60 s idle).
 */
export function smtpTransport(url: string, from: string): MailTransport {
  const parsed = new URL(url);
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : parsed.protocol === 'smtps:' ? 465 : 587,
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username
      ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    from,
    async send(mail) {
      try {
        const info = await transporter.sendMail(mailOptions(from, mail));
        return { messageId: info.messageId || mail.messageId };
      } catch (error) {
        throw classify(error);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** The file outbox adapter: `{dir}/{local part of the Message-ID}.eml`, CRLF line ends (RFC 5322). */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    from,
    async send(mail) {
      let raw: Buffer;
      try {
        raw = (await transporter.sendMail(mailOptions(from, mail))).message as Buffer;
      } catch (error) {
        // A message nodemailer cannot build will not build next time either.
        throw new MailSendError(String((error as Error).message ?? error), true);
      }
      const name = `${mail.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9._-]/g, '_')}.eml`;
      try {
        await mkdir(dir, { recursive: true });
        const temporary = path.join(dir, `.${name}.tmp`);
        await writeFile(temporary, raw);
        await rename(temporary, path.join(dir, name));
      } catch (error) {
        throw new MailSendError(`cannot write the outbox: ${(error as Error).message}`, false);
      }
      return { messageId: mail.messageId };
    },
    close() {},
  };
}

/** The transport of the configuration: SMTP when SMTP_URL is set, else the file outbox under DATA_DIR/outbox. */
export function transportOf(config: { smtpUrl?: string; mailFrom: string; dataDir: string }): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : fileTransport(path.join(config.dataDir, 'outbox'), config.mailFrom);
}
