/**
 * How large a form definition may be (issue 21 "Bad input": "a draft of 2,000 questions and 200 pages is accepted,
 * more is refused with a message"). The API checks a definition's size on create, update and publish before any
 * other rule (docs/api.md "Form definitions"); the form creator (engine/designer/) reads the same constants to stop
 * an administrator before the server would. The figures are twice the largest forms the field's tools still handle
 * (Kobo advises a spreadsheet beyond ~1,000 questions) and keep a definition's JSON well under the body limit.
 */
import { detail, type ErrorDetail } from '../errors';

/** The most questions a definition may hold, over all of its pages. */
export const MAX_QUESTIONS = 2000;

/** The most pages a definition may hold. */
export const MAX_PAGES = 200;

/**
 * What makes a definition too large: `forms.tooManyPages` at `/pages`, `forms.tooManyQuestions` at `/pages`, each
 * naming the limit and the count; empty when it is within both limits. Pure.
 */
export function sizeProblems(def: { pages: readonly { questions: readonly unknown[] }[] }): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (def.pages.length > MAX_PAGES)
    problems.push(
      detail('/pages', 'forms.tooManyPages', {
        limit: MAX_PAGES.toLocaleString('en'),
        count: def.pages.length.toLocaleString('en'),
      }),
    );
  const questions = def.pages.reduce((sum, page) => sum + page.questions.length, 0);
  if (questions > MAX_QUESTIONS)
    problems.push(
      detail('/pages', 'forms.tooManyQuestions', {
        limit: MAX_QUESTIONS.toLocaleString('en'),
        count: questions.toLocaleString('en'),
      }),
    );
  return problems;
}
