/**
 * RichText: formatted text (form-configuration.md §2 'wysiwygInput'): the answer is HTML, sanitised in the
 * browser (DOMPurify, runtime/renderer/widgets/WysiwygWidget.tsx) and again by the server before it is
 * stored (sanitize-html, api/operations/rich-text.ts), so only the formatting tags of RICH_TEXT_TAGS remain.
 * Registers and the CSV show its text without markup.
 */
import type { FieldType } from './types';

/** The tags a rich-text answer may keep (the editor's formatting); everything else is removed. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'u',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h3',
  'h4',
  'code',
  'pre',
];

/** The longest rich-text answer, in characters of HTML. */
export const RICH_TEXT_MAX_LENGTH = 100_000;

/** Drops empty paragraphs at the end of a rich-text answer (an editor leaves one after a list). */
export function trimRichText(html: string): string {
  return html.replace(/(<p>(\s|<br\s*\/?>)*<\/p>)+$/i, '');
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The text of a sanitised rich-text answer: block ends become spaces, tags go, entities are decoded. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<\/(p|li|h3|h4|blockquote|pre)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export const richText: FieldType = {
  name: 'richText',
  widget: 'wysiwygInput',
  schema: (q) => ({ type: 'string', title: q.label, maxLength: RICH_TEXT_MAX_LENGTH }),
  uiSchema: () => ({ 'ui:widget': 'wysiwygInput' }),
  multiValued: false,
  richText: true,
  typeMessageId: 'validation.invalid',
  patternMessageId: 'validation.invalid',
  constMessageId: 'validation.invalid',
  columnType: 'Textarea',
  displayText: richTextToPlain,
};
