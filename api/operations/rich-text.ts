/**
 * The server's sanitising of rich-text answers (form-configuration.md §2 'wysiwygInput'; docs/security.md):
 * whatever a client sends, a RichText answer is stored with only the formatting tags of RICH_TEXT_TAGS,
 * no attributes, no scripts, styles or links (sanitize-html). The browser sanitises too (DOMPurify); the
 * server's pass is the one that counts.
 */
import sanitizeHtml from 'sanitize-html';
import { fieldTypeOf } from '../../engine/forms/field-types';
import { RICH_TEXT_TAGS, trimRichText } from '../../engine/forms/field-types/rich-text';
import { allQuestions } from '../../engine/forms/questions';
import type { Answer, FormDefinition } from '../../engine/types/generated';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

/** Sanitised HTML of one rich-text answer value. */
export function sanitizeRichText(html: string): string {
  return trimRichText(sanitizeHtml(html, OPTIONS));
}

/** The answers with every rich-text value sanitised; other answers unchanged. */
export function withSanitizedRichText(def: FormDefinition, answers: readonly Answer[]): Answer[] {
  const rich = new Set(
    allQuestions(def)
      .filter((q) => fieldTypeOf(q).richText)
      .map((q) => q.id),
  );
  return answers.map((answer) =>
    rich.has(answer.questionId)
      ? { ...answer, answers: answer.answers.map((v) => (typeof v === 'string' ? sanitizeRichText(v) : v)) }
      : answer,
  );
}
