/**
 * The e-mail templates (issue 25 §5 "Each message is plain text plus simple HTML from catalogue texts, with the
 * client's name and logo"; docs/links-and-mail.md "E-mail"). One builder per kind of message; each returns a
 * `MailMessage` for `queueMail` (api/mail/outbox.ts): the body as plain text and as simple HTML (every value
 * escaped, inline styles only, no images but the client's logo), every sentence a catalogue text (the `mail.*`
 * block of schemas/messages/en.json).
 *
 * The builders are pure and synchronous so a caller builds and queues in its own transaction. The letterhead (the
 * client's logo and name, or the product's name for a message of no client) is added when the message is composed
 * for delivery (`letterhead`, used by api/mail/compose.ts), from the client of the queued message's `clientId`:
 * the stored message is its body, and a client's new logo shows in what is still waiting to be sent.
 *
 * Header injection: the subject and names are made single lines by `queueMail`; here every value put in HTML is
 * escaped and a link must be an http(s) URL (RangeError otherwise) so no caller's text becomes markup or a
 * `javascript:` link.
 */

import { type MessageId, message } from '../../engine/messages/catalogue';
import type { SecureLink } from '../../engine/types/generated';
import type { MailAddress, MailMessage } from './outbox';

/** The recipient(s) of a builder: one address or several. */
export type MailTo = MailAddress | MailAddress[];

/** One block of a message body. */
type Block =
  | { p: string }
  | { button: { label: string; href: string } }
  | { fields: Array<{ label: string; text: string }> }
  | { small: string };

/** `&`, `<`, `>`, `"` and `'` as HTML entities. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** `link` when it is an absolute http(s) URL. @throws RangeError otherwise */
function httpLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new RangeError(`not a link: ${link}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`not an http(s) link: ${link}`);
  return url.href;
}

/** An ISO date-time as the messages print it: '26 Nov 2026 13:05 UTC' (the server does not know the reader's zone). */
export function mailDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()} ${hh}:${mm} UTC`;
}

const TEXT_STYLE = 'font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222';

/** The plain text and HTML of a body's blocks. */
function render(blocks: Block[]): { text: string; html: string } {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if ('p' in block) {
      text.push(block.p);
      html.push(`<p style="margin:0 0 12px">${escapeHtml(block.p)}</p>`);
    } else if ('small' in block) {
      text.push(block.small);
      html.push(`<p style="margin:0 0 12px;font-size:12px;color:#666">${escapeHtml(block.small)}</p>`);
    } else if ('button' in block) {
      const href = httpLink(block.button.href);
      text.push(`${block.button.label}: ${href}`);
      html.push(
        `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(block.button.label)}</a></p>` +
          `<p style="margin:0 0 12px;font-size:12px;color:#666">${escapeHtml(href)}</p>`,
      );
    } else {
      text.push(block.fields.map((f) => `${f.label}: ${f.text}`).join('\n'));
      html.push(
        `<table style="border-collapse:collapse;margin:0 0 12px">${block.fields
          .map(
            (f) =>
              `<tr><td style="padding:2px 12px 2px 0;color:#666;vertical-align:top">${escapeHtml(f.label)}</td><td style="padding:2px 0;white-space:pre-wrap">${escapeHtml(f.text)}</td></tr>`,
          )
          .join('')}</table>`,
      );
    }
  }
  return { text: `${text.join('\n\n')}\n`, html: `<div style="${TEXT_STYLE}">${html.join('')}</div>` };
}

function recipients(to: MailTo): MailAddress[] {
  return Array.isArray(to) ? to : [to];
}

function build(
  kind: MailMessage['kind'],
  clientId: number | undefined,
  to: MailTo,
  subject: string,
  blocks: Block[],
): MailMessage {
  return { ...(clientId === undefined ? {} : { clientId }), kind, to: recipients(to), subject, ...render(blocks) };
}

/** The catalogue's name of a link kind ('RFI', 'Daywork', 'Public form'...). */
export function linkKindName(kind: SecureLink['kind']): string {
  const camel = kind.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  return message(`mail.kind.${camel}` as MessageId);
}

/** What the invitation builder needs (api/operations/named/employees.ts invite). */
export interface InvitationMailInput {
  clientId: number;
  /** The invited employee. */
  to: MailAddress;
  clientName: string;
  /** The one-time set-password link (absolute URL). */
  link: string;
  /** When the link stops working (ISO date-time). */
  expiresAt: string;
}

/** An employee's invitation: set a password through the one-time link (issue 9 invite, issue 25 §5). */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const params = { clientName: input.clientName, name: input.to.name ?? input.to.address };
  return build('invitation', input.clientId, input.to, message('mail.invitation.subject', params), [
    { p: message('mail.greeting', params) },
    { p: message('mail.invitation.body', params) },
    { button: { label: message('mail.invitation.action'), href: input.link } },
    { small: message('mail.expires', { date: mailDate(input.expiresAt) }) },
    { small: message('mail.invitation.notExpected') },
  ]);
}

/** What a secure link's message needs (the sending part's 'Send to...'). */
export interface SecureLinkMailInput {
  clientId: number;
  /** The contact, or the organisation's address(es). */
  to: MailTo;
  /** The employee who sends it. */
  senderName: string;
  formTitle: string;
  projectName: string;
  kind: SecureLink['kind'];
  /** `{origin}/external/{token}`. */
  link: string;
  /** When the link stops working (ISO date-time); absent: no expiry line. */
  expiresAt?: string;
  /** The entry the reply answers, when the form was sent from an entry. */
  entryNumber?: number;
  /** The sender's own message (plain text), quoted under their name. */
  note?: string;
}

/** The sender's message as blocks: '{senderName} wrote:' and the text; none for an empty one. */
function noteBlocks(senderName: string, note: string | undefined): Block[] {
  const text = note?.trim();
  return text ? [{ p: message('mail.note', { senderName }) }, { p: text }] : [];
}

/** A form sent to an external party through a secure link (issue 25 §3). */
export function secureLinkMail(input: SecureLinkMailInput): MailMessage {
  const params = {
    senderName: input.senderName,
    formTitle: input.formTitle,
    projectName: input.projectName,
    kind: linkKindName(input.kind),
    name: firstName(input.to),
  };
  return build('secure-link', input.clientId, input.to, message('mail.secureLink.subject', params), [
    { p: message('mail.greeting', params) },
    { p: message('mail.secureLink.body', params) },
    ...(input.entryNumber === undefined
      ? []
      : [{ p: message('mail.secureLink.reply', { entryNumber: input.entryNumber }) }]),
    ...noteBlocks(input.senderName, input.note),
    { button: { label: message('mail.secureLink.action'), href: input.link } },
    ...(input.expiresAt ? [{ small: message('mail.expires', { date: mailDate(input.expiresAt) }) }] : []),
    { small: message('mail.secureLink.noAccount') },
  ]);
}

/** What a subcontractor package's return message needs. */
export interface PackageReturnMailInput {
  clientId: number;
  to: MailTo;
  senderName: string;
  /** The package's name or number as the subcontractor knows it. */
  packageName: string;
  projectName: string;
  /** `{origin}/package-return/{securityCode}`. */
  link: string;
  expiresAt?: string;
  /** The sender's own message (plain text), quoted under their name. */
  note?: string;
}

/** A subcontractor package's return link (issue 25 §3). */
export function packageReturnMail(input: PackageReturnMailInput): MailMessage {
  const params = {
    senderName: input.senderName,
    packageName: input.packageName,
    projectName: input.projectName,
    name: firstName(input.to),
  };
  return build('package-return', input.clientId, input.to, message('mail.packageReturn.subject', params), [
    { p: message('mail.greeting', params) },
    { p: message('mail.packageReturn.body', params) },
    ...noteBlocks(input.senderName, input.note),
    { button: { label: message('mail.packageReturn.action'), href: input.link } },
    ...(input.expiresAt ? [{ small: message('mail.expires', { date: mailDate(input.expiresAt) }) }] : []),
    { small: message('mail.secureLink.noAccount') },
  ]);
}

/** What a notify question's message needs (form-configuration.md §3 notificationUsers, isEmailText). */
export interface NotificationMailInput {
  clientId: number;
  /** The chosen users. */
  to: MailTo;
  formTitle: string;
  projectName: string;
  entryNumber: number | string;
  /** Who submitted the entry. */
  submittedBy: string;
  /** The answers flagged as e-mail text: the question's label and the answer's text. */
  emailTexts: Array<{ label: string; text: string }>;
  /** The entry's page. */
  link: string;
}

/** A notify question's notification to the chosen users. */
export function notificationMail(input: NotificationMailInput): MailMessage {
  const params = {
    formTitle: input.formTitle,
    projectName: input.projectName,
    entryNumber: String(input.entryNumber),
    submittedBy: input.submittedBy,
  };
  return build('notification', input.clientId, input.to, message('mail.notification.subject', params), [
    { p: message('mail.notification.body', params) },
    ...(input.emailTexts.length > 0 ? [{ fields: input.emailTexts }] : []),
    { button: { label: message('mail.notification.action'), href: input.link } },
    { small: message('mail.notification.why') },
  ]);
}

/** What a password reset's message needs. */
export interface PasswordResetMailInput {
  to: MailAddress;
  /** `{origin}/reset-password/{token}`. */
  link: string;
  expiresAt: string;
}

/** A password reset link (the login page's 'Forgot password?'); of no client. */
export function passwordResetMail(input: PasswordResetMailInput): MailMessage {
  const params = { name: firstName(input.to) };
  return build('password-reset', undefined, input.to, message('mail.passwordReset.subject'), [
    { p: message('mail.greeting', params) },
    { p: message('mail.passwordReset.body') },
    { button: { label: message('mail.passwordReset.action'), href: input.link } },
    { small: message('mail.expires', { date: mailDate(input.expiresAt) }) },
    { small: message('mail.passwordReset.notYou') },
  ]);
}

/** What the sender's "a reply arrived" message needs (the external-forms part). */
export interface ExternalReplyMailInput {
  clientId: number;
  /** The employee who sent the link. */
  to: MailTo;
  /** Who replied, and their organisation when known. */
  recipientName: string;
  organisationName?: string;
  formTitle: string;
  projectName: string;
  /** The stored entry's number, when there is one. */
  entryNumber?: number | string;
  /** The entry's page. */
  link: string;
}

/** The sender told that an external party's reply arrived (issue 25 §2 "the sender is notified"). */
export function externalReplyMail(input: ExternalReplyMailInput): MailMessage {
  const who = input.organisationName
    ? message('mail.externalReply.whoOf', { name: input.recipientName, organisationName: input.organisationName })
    : input.recipientName;
  const params = {
    who,
    formTitle: input.formTitle,
    projectName: input.projectName,
    entryNumber: input.entryNumber === undefined ? '' : String(input.entryNumber),
  };
  return build('external-reply', input.clientId, input.to, message('mail.externalReply.subject', params), [
    { p: message('mail.externalReply.body', params) },
    { button: { label: message('mail.externalReply.action'), href: input.link } },
  ]);
}

function firstName(to: MailTo): string {
  const list = recipients(to);
  return list.length === 1 ? (list[0]?.name ?? '') || (list[0]?.address ?? '') : message('mail.everyone');
}

/** Who a message is from, for the letterhead: the client's name and logo URL, or none (the product's name). */
export interface MailBrand {
  name: string;
  logoUrl?: string;
}

/**
 * The full message for delivery: the letterhead (logo and name) above the body, and the footer. `html` absent:
 * the plain text in a `pre-wrap` paragraph (escaped). A logo is shown only when it is an http(s) URL (mail
 * readers block data: images).
 */
export function letterhead(
  brand: MailBrand | null,
  body: { text: string; html?: string },
): { text: string; html: string } {
  const name = brand?.name || message('mail.productName');
  const footer = message('mail.footer', { name });
  const logo = brand?.logoUrl && /^https?:\/\//i.test(brand.logoUrl) ? brand.logoUrl : undefined;
  const bodyHtml = body.html ?? `<div style="${TEXT_STYLE};white-space:pre-wrap">${escapeHtml(body.text)}</div>`;
  const html =
    '<!doctype html><html><body style="margin:0;padding:0;background:#f4f4f4">' +
    '<div style="max-width:600px;margin:0 auto;padding:24px;background:#fff">' +
    `<div style="${TEXT_STYLE};font-size:18px;font-weight:bold;margin:0 0 16px">` +
    (logo
      ? `<img src="${escapeHtml(logo)}" alt="" style="max-height:48px;vertical-align:middle;margin-right:12px">`
      : '') +
    `${escapeHtml(name)}</div>${bodyHtml}` +
    `<p style="${TEXT_STYLE};font-size:12px;color:#666;margin:24px 0 0">${escapeHtml(footer)}</p></div></body></html>`;
  return { text: `${name}\n\n${body.text.trimEnd()}\n\n-- \n${footer}\n`, html };
}
