/**
 * The sender's notification of an external reply (issue 25 §2 "the sender is notified"), built by
 * api/mail/templates.ts `externalReplyMail` (with the client's letterhead added at delivery). The message goes to the user who issued the link (`createdById`); a link issued by no user (or by one without an
 * e-mail address) notifies nobody.
 */
import { message } from '../../engine/messages/catalogue';
import { formRegisterPath } from '../../engine/rules/form-sections';
import type { FormEntry, SecureLink } from '../../engine/types/generated';
import type { UserDoc } from '../auth/types';
import { queueMail } from '../mail/outbox';
import { externalReplyMail } from '../mail/templates';
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

/** The page of the reply's entry for the project's users. */
export function replyEntryUrl(origin: string, entry: FormEntry): string {
  return `${origin}${formRegisterPath(entry.projectId, entry.formArea, entry.formId)}/entry/${entry.entryNumber}`;
}

/**
 * Queues the notification of `notice` to the link's sender (in the caller's transaction).
 * @returns true when a message was queued
 */
export async function notifySender(store: Store, notice: ExternalReplyNotice, now: Date): Promise<boolean> {
  if (notice.link.createdById === undefined) return false;
  const sender = await store.collection<UserDoc>('users').findOne({ id: notice.link.createdById });
  if (!sender?.email) return false;
  const { link, entry } = notice;
  const mail = externalReplyMail({
    clientId: link.clientId,
    to: { name: sender.fullName, address: sender.email },
    recipientName: link.recipientName ?? message('externalForms.publicSubmitter'),
    ...(link.recipientOrganisation ? { organisationName: link.recipientOrganisation } : {}),
    formTitle: notice.formTitle,
    projectName: entry.projectName ?? '',
    entryNumber: entry.entryNumber,
    link: replyEntryUrl(notice.origin, entry),
  });
  await queueMail(store, mail, now);
  return true;
}
