/**
 * DOMPurify's `sanitize` for the server's render of a page (runtime/entry-server.tsx): DOMPurify needs a DOM, so
 * the server build takes this module in its place (vite.server.config.ts), with sanitize-html (the server's own
 * sanitiser, api/operations/rich-text.ts) doing the same: only ALLOWED_TAGS kept, with ALLOWED_ATTR, the text of
 * every other tag kept and the tag dropped, scripts and styles with their text dropped.
 */
import sanitizeHtml from 'sanitize-html';

/** The options the runtime passes to DOMPurify (runtime/renderer/host/sanitize.ts, widgets). */
interface Config {
  ALLOWED_TAGS?: string[];
  ALLOWED_ATTR?: string[];
}

/** The HTML `dirty` with only the tags and attributes `config` allows. */
function sanitize(dirty: string, config: Config = {}): string {
  const attributes = config.ALLOWED_ATTR ?? [];
  return sanitizeHtml(dirty, {
    allowedTags: config.ALLOWED_TAGS ?? sanitizeHtml.defaults.allowedTags,
    allowedAttributes: { '*': attributes },
    disallowedTagsMode: 'discard',
  });
}

export default { sanitize };
