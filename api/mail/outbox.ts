/**
 * The mail queue (issue 25 §5 "Sending is queued in the store and retried with backoff, so a mail server outage
 * loses nothing"; docs/links-and-mail.md): `queueMail` stores a message (collection `outgoingMails`,
 * schemas/entities/outgoing-mail.schema.json) in state 'queued'; the delivery worker of the mail port
 * (api/mail/) sends it through SMTP or writes it to the file outbox, and records 'sent', a retry, or 'failed'.
 * Anything that e-mails (invitations, secure links, package returns, notifications, password resets) queues
 * here, inside the transaction of what it tells about when there is one, so a message is sent for what was kept
 * and never for what was rolled back.
 *
 * Header injection: names and the subject are single lines (CR, LF and other control characters become a space),
 * and an address must be one plain address, so no caller's text can add a header or a recipient.
 */
import type { OutgoingMail } from '../../engine/types/generated';
import { nextSequence } from '../ids';
import type { Store } from '../store/port';

/** One recipient. */
export interface MailAddress {
  name?: string;
  address: string;
}

/** What a caller queues. */
export interface MailMessage {
  clientId?: number;
  kind: OutgoingMail['kind'];
  to: MailAddress[];
  subject: string;
  text: string;
  html?: string;
}

// One plain address: no spaces, commas, angle brackets, quotes or control characters (RFC 5321's common subset).
const PLAIN_ADDRESS = /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/;

/** A header field's text as one line (control characters, CR and LF included, become spaces; trimmed). */
export function headerText(text: string, max = 300): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .trim()
      .slice(0, max)
  );
}

/**
 * Queues `message` for delivery now.
 * @throws RangeError when an address is not one plain address or there is no recipient
 */
export async function queueMail(store: Store, message: MailMessage, now: Date = new Date()): Promise<OutgoingMail> {
  if (message.to.length === 0) throw new RangeError('a message needs a recipient');
  const to = message.to.map((r) => {
    const address = r.address.trim();
    if (!PLAIN_ADDRESS.test(address) || address.length > 254) throw new RangeError(`not an e-mail address: ${address}`);
    const name = r.name === undefined ? '' : headerText(r.name, 200);
    return name === '' ? { address } : { name, address };
  });
  const mail: OutgoingMail = {
    id: await nextSequence(store, 'outgoingMails'),
    ...(message.clientId === undefined ? {} : { clientId: message.clientId }),
    kind: message.kind,
    to,
    subject: headerText(message.subject),
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    state: 'queued',
    attempts: 0,
    nextAttemptAt: now.toISOString(),
    created: now.toISOString(),
    modified: now.toISOString(),
  };
  await store.collection<OutgoingMail & { [key: string]: unknown }>('outgoingMails').insertOne({ ...mail });
  return mail;
}
