/**
 * The size limits of a form definition (issue 21 "Bad input": "a draft of 2,000 questions and 200 pages is
 * accepted, more is refused with a message"), in one place for the form creator's model (engine/designer), which
 * refuses an edit beyond them, and the API, which refuses a definition beyond them. The form-definition schema
 * states the page and per-page limits as `maxItems` (schemas/entities/form-definition.schema.json; a test keeps
 * them equal); the form-wide question limit is beyond what JSON Schema can say.
 */

/** Most questions a form definition holds, over all its pages (grid cells not counted). */
export const MAX_QUESTIONS = 2000;

/** Most pages a form definition holds (the schema's `pages.maxItems`). */
export const MAX_PAGES = 200;

/** Most questions one page holds (the schema's `page.questions.maxItems`). */
export const MAX_QUESTIONS_PER_PAGE = 500;
