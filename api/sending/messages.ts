/**
 * The e-mails of issue 25 §3 "Sending" (docs/links-and-mail.md "Sending"): a secure link to a form for an external
 * party (rfi, cvi, submittal, daywork) and a subcontractor package's return link. Each is plain text plus simple
 * HTML, every sentence a catalogue text (schemas/messages/en.json sending.mail.*, sending.package.mail.*), with
 * the client's name and logo. The mail engineer's shared builders (api/mail/templates.ts secureLinkMail,
 * packageReturnMail) were not on main when this was written; these keep the same inputs so the callers can
 * switch to them.
 */
import { message } from '../../engine/messages/catalogue';
import type { MailMessage } from '../mail/outbox';

/** What both e-mails tell: who sends, for which client and project. */
interface Common {
  clientId: number;
  clientName: string;
  /** The client's logo (an https or data: URL); left out of the HTML when it is neither. */
  logoUrl?: string;
  projectName: string;
  /** The sending user's full name. */
  sender: string;
  recipientName: string;
  recipientEmail: string;
  /** The sender's optional message (plain text; shown as it is, escaped in the HTML). */
  note?: string;
}

const KIND_LABELS = {
  rfi: 'sending.kind.rfi',
  cvi: 'sending.kind.cvi',
  submittal: 'sending.kind.submittal',
  daywork: 'sending.kind.daywork',
} as const;

/** The document kinds a form can be sent for. */
export type SendKind = keyof typeof KIND_LABELS;

/** The catalogue label of a kind (RFI, CVI, Submittal, Daywork). */
export function kindLabel(kind: SendKind): string {
  return message(KIND_LABELS[kind]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A link's expiry as the e-mail shows it: 'yyyy-MM-dd HH:mm UTC'. */
function expiryText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Plain text and HTML of paragraphs, a button-like link and a closing line, headed by the client's logo. */
function compose(common: Common, paragraphs: string[], link: { label: string; url: string }, after: string[]) {
  const greeting = message('sending.mail.greeting', { name: common.recipientName });
  const note = common.note?.trim()
    ? [message('sending.mail.message', { sender: common.sender }), common.note.trim()]
    : [];
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(note.length ? [note[0], note[1], ''] : []),
    `${link.label}: ${link.url}`,
    '',
    ...after.flatMap((p) => [p, '']),
    common.clientName,
  ].join('\n');
  const logo =
    common.logoUrl && /^(https:|data:image\/)/.test(common.logoUrl)
      ? `<p><img src="${escapeHtml(common.logoUrl)}" alt="${escapeHtml(common.clientName)}" style="max-height:48px"></p>`
      : '';
  const para = (t: string) => `<p>${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">',
    logo,
    para(greeting),
    ...paragraphs.map(para),
    ...(note.length ? [para(note[0]), `<blockquote>${para(note[1])}</blockquote>`] : []),
    `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:8px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:12px;color:#555">${escapeHtml(link.url)}</p>`,
    ...after.map(para),
    para(common.clientName),
    '</body></html>',
  ].join('');
  return { text, html };
}

/**
 * The e-mail of a form's secure link (issue 25 §3 'Send to...').
 * @param link the absolute URL {origin}/external/{token}
 * @param expiresAt ISO date-time the link stops working
 */
export function sendFormMail(
  input: Common & { kind: SendKind; formTitle: string; entryNumber?: number; link: string; expiresAt: string },
): MailMessage {
  const paragraphs = [
    message('sending.mail.intro', {
      sender: input.sender,
      clientName: input.clientName,
      kind: kindLabel(input.kind),
      formTitle: input.formTitle,
      projectName: input.projectName,
    }),
    ...(input.entryNumber === undefined ? [] : [message('sending.mail.reply', { entryNumber: input.entryNumber })]),
  ];
  const body = compose(input, paragraphs, { label: message('sending.mail.open'), url: input.link }, [
    message('sending.mail.expires', { expiresAt: expiryText(input.expiresAt) }),
    message('sending.mail.ignore'),
  ]);
  return {
    clientId: input.clientId,
    kind: 'secure-link',
    to: [{ name: input.recipientName, address: input.recipientEmail }],
    subject: message('sending.mail.subject', {
      clientName: input.clientName,
      formTitle: input.formTitle,
      projectName: input.projectName,
    }),
    ...body,
  };
}

/**
 * The e-mail of a package return's link (issue 25 §3 'subcontractor packages send their return link').
 * @param link the absolute URL {origin}/package-return/{securityCode}
 */
export function packageReturnMailOf(input: Common & { packageName: string; link: string }): MailMessage {
  const body = compose(
    input,
    [
      message('sending.package.mail.intro', {
        sender: input.sender,
        clientName: input.clientName,
        packageName: input.packageName,
        projectName: input.projectName,
      }),
    ],
    { label: message('sending.package.mail.open'), url: input.link },
    [message('sending.package.mail.expires'), message('sending.mail.ignore')],
  );
  return {
    clientId: input.clientId,
    kind: 'package-return',
    to: [{ name: input.recipientName, address: input.recipientEmail }],
    subject: message('sending.package.mail.subject', {
      clientName: input.clientName,
      packageName: input.packageName,
      projectName: input.projectName,
    }),
    ...body,
  };
}
