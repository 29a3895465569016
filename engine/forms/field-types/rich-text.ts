/**
 * RichText: formatted text (form-configuration.md §2 'wysiwygInput'): the answer is HTML, sanitised in the
 * browser (DOMPurify, runtime/renderer/widgets/WysiwygWidget.tsx) and again by the server before it is
 * stored (sanitize-html, api/operations/rich-text.ts), so only the formatting tags of RICH_TEXT_TAGS remain.
 * Registers and the CSV show its text without markup.
 */
import type { RichTextQuestion } from '../../types/generated';
import { answerColumn, valuesDisplayText } from './display';
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

/**
 * The text of a sanitised rich-text answer: tags go, entities are decoded, runs of spaces become one; block ends
 * (paragraphs, list items, headings, line breaks) become spaces, or with `lines` line ends (the CSV, whose cells
 * hold lines), empty lines dropped.
 */
export function richTextToPlain(html: string, lines = false): string {
  const text = html
    .replace(/<\/(p|li|h3|h4|blockquote|pre)>|<br\s*\/?>/gi, lines ? '\n' : ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
  if (!lines) return text.replace(/\s+/g, ' ').trim();
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const plainLines = (html: string) => richTextToPlain(html, true);

/** A rich-text answer's text: one line in the register, a line per paragraph or list item in the CSV. */
const answerText: FieldType['answerText'] = (_question, answer, format) =>
  valuesDisplayText(format.lines ? plainLines : richTextToPlain, answer.answers, format.number);

export const richText: FieldType<RichTextQuestion> = {
  name: 'richText',
  questionType: 'RichText',
  titleId: 'fieldType.richText',
  icon: 'TextFields',
  summaryId: 'fieldType.richText.summary',
  description: 'Formatted text, sanitised on the client and the server (wysiwygInput).',
  properties: {},
  example: {
    question: { id: 16, label: 'Method statement', type: 'RichText' },
    good: '<p>Lift <strong>slowly</strong></p>',
    bad: 7,
  },
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
  answerText,
  csvColumns: answerColumn(answerText),
};
