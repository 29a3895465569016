/**
 * The delivery worker (issue 25 §5 "Sending is queued in the store and retried with backoff, so a mail server
 * outage loses nothing"; "Bad input and faults": "a mail server down for an hour: every message delivered after it
 * is back, none twice"; docs/links-and-mail.md "E-mail").
 *
 * `deliverDue` sends the queued messages of `outgoingMails` whose nextAttemptAt is due, one claim at a time: a
 * message is claimed with one atomic findOneAndUpdate that adds 1 to attempts and pushes nextAttemptAt forward
 * BEFORE it is sent, so two workers or two ticks never send it at once, and a crash mid-send leaves it to be
 * retried later (with the same Message-ID, so a copy after an unknown outcome is recognisable) rather than lost.
 * Outcomes: sent (sentAt, messageId); a temporary failure (an SMTP 4xx, a refused or broken connection) waits
 * `backoffMs(attempts)` (1, 2, 4, 8... minutes, at most 60) and is retried until the message is 24 hours old,
 * then failed; a permanent failure (an SMTP 5xx) is failed at once; lastError keeps the server's answer.
 */
import type { Client, OutgoingMail } from '../../engine/types/generated';
import type { Store } from '../store/port';
import { letterhead, type MailBrand } from './templates';
import { type ComposedMail, fromDomain, MailSendError, type MailTransport } from './transport';

/** How long a message is retried after it was queued: 24 hours. */
export const RETRY_FOR_MS = 24 * 3600_000;
/** The longest wait between two attempts: 60 minutes. */
export const MAX_BACKOFF_MS = 60 * 60_000;
/** How long a claimed message is left alone while it is being sent (a crash mid-send retries after it). */
export const CLAIM_MS = 5 * 60_000;
/** How often the server's worker looks for due messages. */
export const DELIVERY_INTERVAL_MS = 5_000;

/** The wait after the `attempts`-th failed attempt: 1, 2, 4, 8... minutes, at most 60. */
export function backoffMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1) * 60_000, MAX_BACKOFF_MS);
}

type MailDoc = OutgoingMail & { [key: string]: unknown };

/** The stable Message-ID of a queued message: its id and creation time at the From's domain. */
export function messageIdOf(mail: Pick<OutgoingMail, 'id' | 'created'>, from: string): string {
  const created = mail.created ? Date.parse(mail.created) : 0;
  return `<site-forms.${mail.id}.${Number.isNaN(created) ? 0 : created}@${fromDomain(from)}>`;
}

/** The message to send of a queued document: the body under the client's letterhead. */
export function composeMail(mail: OutgoingMail, brand: MailBrand | null, from: string, now: Date): ComposedMail {
  const body = letterhead(brand, { text: mail.text, ...(mail.html === undefined ? {} : { html: mail.html }) });
  return {
    messageId: messageIdOf(mail, from),
    to: mail.to,
    subject: mail.subject,
    text: body.text,
    html: body.html,
    date: mail.created ? new Date(mail.created) : now,
  };
}

/** What one `deliverDue` did. */
export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Sends every queued message due at `now` (nextAttemptAt <= now), at most `limit` (default 100) in one call. */
export async function deliverDue(
  store: Store,
  transport: MailTransport,
  now: Date = new Date(),
  limit = 100,
): Promise<DeliveryReport> {
  const mails = store.collection<MailDoc>('outgoingMails');
  const { from } = transport;
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const brands = new Map<number, MailBrand | null>();
  const nowIso = now.toISOString();
  for (let i = 0; i < limit; i++) {
    const claimed = await mails.findOneAndUpdate(
      { state: 'queued', nextAttemptAt: { $lte: nowIso } },
      { $inc: { attempts: 1 }, $set: { nextAttemptAt: new Date(now.getTime() + CLAIM_MS).toISOString() } },
      { returnDocument: 'after' },
    );
    if (!claimed) break;
    const brand = claimed.clientId === undefined ? null : await brandOf(store, claimed.clientId, brands);
    try {
      const { messageId } = await transport.send(composeMail(claimed, brand, from, now));
      await mails.updateOne(
        { _id: claimed._id },
        { $set: { state: 'sent', sentAt: nowIso, messageId, modified: nowIso }, $unset: { lastError: '' } },
      );
      report.sent++;
    } catch (error) {
      const failure = error instanceof MailSendError ? error : new MailSendError(String(error), false);
      const expired = now.getTime() - Date.parse(claimed.created ?? nowIso) >= RETRY_FOR_MS;
      const lastError = failure.message.slice(0, 1000);
      if (failure.permanent || expired) {
        await mails.updateOne({ _id: claimed._id }, { $set: { state: 'failed', lastError, modified: nowIso } });
        report.failed++;
      } else {
        const next = new Date(now.getTime() + backoffMs(claimed.attempts)).toISOString();
        await mails.updateOne({ _id: claimed._id }, { $set: { nextAttemptAt: next, lastError, modified: nowIso } });
        report.retried++;
      }
    }
  }
  return report;
}

async function brandOf(
  store: Store,
  clientId: number,
  cache: Map<number, MailBrand | null>,
): Promise<MailBrand | null> {
  if (!cache.has(clientId)) {
    const client = await store.collection<Client & { [key: string]: unknown }>('clients').findOne({ id: clientId });
    cache.set(clientId, client ? { name: client.name, logoUrl: client.logoUrl } : null);
  }
  return cache.get(clientId) ?? null;
}

/**
 * The server's worker: `deliverDue` every `intervalMs` (never two ticks at once); `stop` waits for the tick in
 * progress. A failing tick (the store closed) is logged and the next one tries again.
 */
export function startDelivery(
  store: Store,
  transport: MailTransport,
  intervalMs = DELIVERY_INTERVAL_MS,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = deliverDue(store, transport, new Date())
      .catch((error) => console.error('[mail] delivery failed:', error))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
