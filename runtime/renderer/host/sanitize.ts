/**
 * Catalogue texts with markup (e.g. 'Are you sure you want to delete <b>{name}</b> QR Code Setup?'):
 * placeholders are filled with HTML-escaped values, then the result is sanitised with DOMPurify,
 * allowing only <b>, <strong>, <i>, <em> and <br>.
 */
import DOMPurify from 'dompurify';
import { type MessageId, message } from '../../../engine/messages/catalogue';

const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'br'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The message as sanitised HTML.
 * @param values placeholder values; each is escaped, so a value never adds markup
 */
export function messageHtml(id: MessageId, values: Record<string, unknown>): string {
  const params = Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
      .map(([k, v]) => [k, escapeHtml(String(v))]),
  );
  return DOMPurify.sanitize(message(id, params), { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}

/** Any HTML text reduced to the same few tags (the progress overlay's message). */
export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] });
}
