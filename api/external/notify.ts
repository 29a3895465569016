/**
 * The sender's notification of an external reply (issue 25 §2 "the sender is notified"): a minimal message builder
 * from catalogue texts, used until the mail engineer's `externalReplyMail` (api/mail/templates.ts) takes its place.
 * The message goes to the user who issued the link (`createdById`); a link issued by no user (or by one without an
 * e-mail address) notifies nobody.
 */
import { message } from '../../engine/messages/catalogue';
import { formRegisterPath } from '../../engine/rules/form-sections';
import type { FormEntry, SecureLink } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { queueMail } from '../mail/outbox';
import type { Store } from '../store/port';

/** What the notification names. */
export interface ExternalReplyNotice {
  link: SecureLink;
  entry: FormEntry;
  formTitle: string;
  clientName: string;
  /** `{origin}` of the platform (publicOrigin). */
  origin: string;
}

/** The plain text and subject of the notification (catalogue texts `externalForms.replyMail*`). */
export function externalReplyMessage(notice: ExternalReplyNotice): { subject: string; text: string; html: string } {
  const { link, entry, formTitle, clientName, origin } = notice;
  const recipient = link.recipientName ?? message('externalForms.publicSubmitter');
  const url = `${origin}${formRegisterPath(entry.projectId, entry.formArea, entry.formId)}/entry/${entry.entryNumber}`;
  const values = {
    recipient,
    who: link.recipientOrganisation ? `${recipient} (${link.recipientOrganisation})` : recipient,
    form: formTitle,
    project: entry.projectName ?? '',
    entryNumber: entry.entryNumber,
    client: clientName,
  };
  const subject = message('externalForms.replyMailSubject', values);
  const body = message('externalForms.replyMailText', values);
  const escaped = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
    );
  return {
    subject,
    text: `${body}\n\n${url}\n`,
    html: `<p>${escaped(body)}</p><p><a href="${escaped(url)}">${escaped(url)}</a></p>`,
  };
}

/**
 * Queues the notification of `notice` to the link's sender (in the caller's transaction).
 * @returns true when a message was queued
 */
export async function notifySender(store: Store, notice: ExternalReplyNotice, now: Date): Promise<boolean> {
  if (notice.link.createdById === undefined) return false;
  const sender = await store.collection<UserDoc>('users').findOne({ id: notice.link.createdById });
  if (!sender?.email) return false;
  const { subject, text, html } = externalReplyMessage(notice);
  await queueMail(
    store,
    {
      clientId: notice.link.clientId,
      kind: 'external-reply',
      to: [{ name: sender.fullName, address: sender.email }],
      subject,
      text,
      html,
    },
    now,
  );
  return true;
}
