/**
 * The design check of a form definition (issue 21 §7 "A design check that gates Publish"; docs/forms.md "Design
 * check"): what is wrong with a working copy before it is published. Pure; the API refuses to publish a copy with
 * errors (api/operations/named/forms.ts `publish`), and the form creator shows the same list live, each problem
 * linking to its question (`questionId`) or page (`pageId`).
 *
 * `designCheck(definition, { published?, entryCount? })` returns the problems, in page order per check:
 * - error `designCheck.conditionUnknownQuestion`: a condition (a question's or a page's `visibleWhen`, at any
 *   depth of its groups) reads a question that is not in the form;
 * - error `designCheck.conditionLaterQuestion`: it reads a question that does not come before the question (or,
 *   for a page's condition, before the page);
 * - warning `designCheck.requiredCanBeHidden`: a required question with its own condition that can hide it, and
 *   no other question on its page is required and always shown there;
 * - error `designCheck.pageNeverShown`: a page whose condition can never hold. Decided only in these simple cases:
 *   an `all` group (nested `all` groups flattened) holding, for one single-valued question (not a Checkbox or
 *   MultiSelect, whose `equals` reads each chosen value), `equals a` and `equals b` with a ≠ b, `equals v` and
 *   `notEquals v`, `equals v`/`oneOf` and `notAnswered`, `answered` and `notAnswered`, or a `oneOf` that no
 *   `equals` of the group is in; and a condition that reads only questions always hidden (on a page that never
 *   shows, or whose own condition never holds): their answer is always empty, so such a comparison is decided
 *   (answered: never; notEquals, none: always) and groups combine the decided verdicts. Anything else is taken as
 *   able to show;
 * - error `designCheck.gridWithoutRows`: a Grid question whose grid has no rows (or no grid);
 * - error `designCheck.ratingBandInverted` / `designCheck.ratingBandsOverlap` / `designCheck.ratingBandsGap`: a
 *   rating band whose min is above its max; two bands that share a percentage (bands hold min ≤ p ≤ max,
 *   engine/forms/grid.ts ratingLabelOf); a gap between one band's max and the next band's min wider than the
 *   0.01 step of a rating percentage (percentages are rounded to 2 decimals, so 0-49.99 and 50-100 meet);
 * - error `designCheck.duplicateOptionValue`: one value twice among a question's options (or a grid Dropdown
 *   cell's options);
 * - warning `designCheck.emailTextWithoutRecipients`: questions put their text into the notification e-mail
 *   (`emailText`) but no question `notify`s anyone (recipients are picked by the site user on a `notify`
 *   question, engine/forms/field-types/common.ts `notifyFields`), so the e-mail has no one to go to;
 * - warning `designCheck.choiceValuesChanged`: with `published` and `entryCount > 0`, a question of the published
 *   version that is still in the form no longer offers one of its option values (changed or removed): stored
 *   answers hold option values, which the migration after publishing maps (issue 22 §3, engine/forms/migration.ts).
 *
 * A problem: `{ severity: 'error' | 'warning', messageId, params, questionId?, pageId? }`; `params` fill the
 * catalogue text (schemas/messages/en.json `designCheck.*`). `designErrors` keeps the errors.
 */
import { detail, type ErrorDetail } from '../errors';
import { type MessageId, type MessageParams, message } from '../messages/catalogue';
import type { FormDefinition, GridRating, Page, Question, VisibleWhen } from '../types/generated';
import { type Condition, conditionHolds, questionsReadBy, readCondition } from './conditions';
import { allQuestions, type QuestionProperties } from './questions';

/** One finding of the design check. */
export interface DesignProblem {
  severity: 'error' | 'warning';
  messageId: MessageId;
  params: MessageParams;
  /** The question the problem is about (the creator links to it). */
  questionId?: number;
  /** The page the problem is about, or the page of its question. */
  pageId?: number;
}

/** What the check compares the definition with: the latest published version and how many entries it has. */
export interface DesignCheckContext {
  published?: Pick<FormDefinition, 'pages'>;
  entryCount?: number;
}

/** The errors among the problems (what blocks Publish). */
export function designErrors(problems: readonly DesignProblem[]): DesignProblem[] {
  return problems.filter((p) => p.severity === 'error');
}

/** The design problems of a definition (see the module's docstring for each check). */
export function designCheck(
  definition: Pick<FormDefinition, 'pages'>,
  context: DesignCheckContext = {},
): DesignProblem[] {
  const pageName = pageNamer(definition);
  return [
    ...conditionReferenceProblems(definition, pageName),
    ...requiredHideableProblems(definition),
    ...neverShownPageProblems(definition, pageName),
    ...gridProblemsOf(definition),
    ...duplicateOptionProblems(definition),
    ...recipientProblems(definition),
    ...choiceChangeProblems(definition, context),
  ];
}

function labelOf(question: Pick<Question, 'label' | 'id'>): string {
  return question.label?.trim() ? question.label : `#${question.id}`;
}

/** A page's name in messages: its label, else 'Page N' (the page links' default). */
function pageNamer(definition: Pick<FormDefinition, 'pages'>): (page: Page) => string {
  return (page) => (page.label?.trim() ? page.label : message('form.page', { n: definition.pages.indexOf(page) + 1 }));
}

function conditionReferenceProblems(
  definition: Pick<FormDefinition, 'pages'>,
  pageName: (page: Page) => string,
): DesignProblem[] {
  const known = new Set(allQuestions(definition).map((q) => q.id));
  const seen = new Set<number>();
  const problems: DesignProblem[] = [];
  const check = (condition: VisibleWhen | undefined, label: string, where: { questionId?: number; pageId: number }) => {
    if (!condition) return;
    for (const refersTo of questionsReadBy(condition)) {
      if (seen.has(refersTo)) continue;
      const messageId = known.has(refersTo)
        ? 'designCheck.conditionLaterQuestion'
        : 'designCheck.conditionUnknownQuestion';
      problems.push({ severity: 'error', messageId, params: { label, refersTo }, ...where });
    }
  };
  for (const page of definition.pages) {
    check(page.visibleWhen, pageName(page), { pageId: page.id });
    for (const question of page.questions) {
      check(question.visibleWhen, labelOf(question), { questionId: question.id, pageId: page.id });
      seen.add(question.id);
    }
  }
  return problems;
}

/** A condition's verdict where it can be decided without the answers: true, false, or undefined (depends). */
type Verdict = boolean | undefined;

const MULTI_VALUED = new Set(['Checkbox', 'MultiSelect']);

/**
 * The verdict of a condition given the questions whose answers are always empty (`empty`) and the types of the
 * questions (`types`, for the contradiction rules, which hold for single-valued answers only).
 */
function decide(condition: Condition, empty: ReadonlySet<number>, types: ReadonlyMap<number, string>): Verdict {
  const read = readCondition(condition);
  if (!('kind' in read)) return empty.has(read.questionId) ? conditionHolds(condition, {}) : undefined;
  const verdicts = read.conditions.map((c) => decide(c, empty, types));
  if (read.kind === 'all') {
    if (verdicts.includes(false) || contradicts(read.conditions, types)) return false;
    return verdicts.every((v) => v === true) ? true : undefined;
  }
  if (read.kind === 'any') {
    if (verdicts.includes(true)) return true;
    return verdicts.every((v) => v === false) ? false : undefined;
  }
  if (verdicts.includes(true)) return false;
  return verdicts.every((v) => v === false) ? true : undefined;
}

/** True when the comparisons of an `all` group (nested `all`s flattened) cannot hold together for one question. */
function contradicts(conditions: readonly Condition[], types: ReadonlyMap<number, string>): boolean {
  const flat: Condition[] = [];
  const walk = (c: Condition) => {
    const read = readCondition(c);
    if ('kind' in read) {
      if (read.kind === 'all') read.conditions.forEach(walk);
    } else flat.push(c);
  };
  conditions.forEach(walk);
  const byQuestion = new Map<number, Array<{ operator: string; operand?: unknown }>>();
  for (const c of flat) {
    const read = readCondition(c);
    if ('kind' in read || MULTI_VALUED.has(types.get(read.questionId) ?? '')) continue;
    const list = byQuestion.get(read.questionId) ?? [];
    list.push(read);
    byQuestion.set(read.questionId, list);
  }
  for (const comparisons of byQuestion.values()) {
    const has = (operator: string) => comparisons.some((c) => c.operator === operator);
    const equals = comparisons.filter((c) => c.operator === 'equals').map((c) => c.operand);
    const notEquals = comparisons.filter((c) => c.operator === 'notEquals').map((c) => c.operand);
    const oneOfs = comparisons.filter((c) => c.operator === 'oneOf').map((c) => c.operand as unknown[]);
    // Operands compared as text: 5 and '5' are not taken as a contradiction, whatever the evaluation makes of them.
    if (new Set(equals.map(String)).size > 1) return true;
    if (equals.some((v) => notEquals.includes(v))) return true;
    if (has('notAnswered') && (has('answered') || equals.length > 0 || oneOfs.length > 0)) return true;
    if (
      equals.length > 0 &&
      oneOfs.some((list) => Array.isArray(list) && !list.map(String).includes(String(equals[0])))
    )
      return true;
  }
  return false;
}

/** The questions whose answers are always empty: on a page that never shows, or under a condition that never holds. */
function alwaysHidden(definition: Pick<FormDefinition, 'pages'>): { questions: Set<number>; pages: Set<number> } {
  const types = new Map(allQuestions(definition).map((q) => [q.id, q.type as string]));
  const questions = new Set<number>();
  const pages = new Set<number>();
  // Conditions read earlier questions (conditionReferenceProblems), so one pass in page order decides them.
  for (const page of definition.pages) {
    const pageNever = page.visibleWhen !== undefined && decide(page.visibleWhen, questions, types) === false;
    if (pageNever) pages.add(page.id);
    for (const question of page.questions)
      if (pageNever || (question.visibleWhen && decide(question.visibleWhen, questions, types) === false))
        questions.add(question.id);
  }
  return { questions, pages };
}

function neverShownPageProblems(
  definition: Pick<FormDefinition, 'pages'>,
  pageName: (page: Page) => string,
): DesignProblem[] {
  const { pages } = alwaysHidden(definition);
  return definition.pages
    .filter((page) => pages.has(page.id))
    .map((page) => ({
      severity: 'error' as const,
      messageId: 'designCheck.pageNeverShown' as const,
      params: { page: pageName(page) },
      pageId: page.id,
    }));
}

function requiredHideableProblems(definition: Pick<FormDefinition, 'pages'>): DesignProblem[] {
  const types = new Map(allQuestions(definition).map((q) => [q.id, q.type as string]));
  const problems: DesignProblem[] = [];
  for (const page of definition.pages) {
    const required = page.questions.filter((q) => (q as QuestionProperties).required === true);
    const canHide = (q: Question) => q.visibleWhen !== undefined && decide(q.visibleWhen, new Set(), types) !== true;
    if (required.some((q) => !canHide(q))) continue;
    for (const question of required)
      if (canHide(question))
        problems.push({
          severity: 'warning',
          messageId: 'designCheck.requiredCanBeHidden',
          params: { label: labelOf(question) },
          questionId: question.id,
          pageId: page.id,
        });
  }
  return problems;
}

function placed(definition: Pick<FormDefinition, 'pages'>): Array<{ question: QuestionProperties; pageId: number }> {
  return definition.pages.flatMap((page) => page.questions.map((question) => ({ question, pageId: page.id })));
}

function ratingProblems(ratings: readonly GridRating[]): Array<{ messageId: MessageId; params: MessageParams }> {
  const out: Array<{ messageId: MessageId; params: MessageParams }> = [];
  for (const band of ratings)
    if (band.min > band.max) out.push({ messageId: 'designCheck.ratingBandInverted', params: { band: band.label } });
  const sorted = ratings.filter((b) => b.min <= b.max).sort((a, b) => a.min - b.min || a.max - b.max);
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1], sorted[i]];
    if (after.min <= before.max)
      out.push({ messageId: 'designCheck.ratingBandsOverlap', params: { first: before.label, second: after.label } });
    else if (after.min - before.max > 0.01 + 1e-9)
      out.push({
        messageId: 'designCheck.ratingBandsGap',
        params: { first: before.label, second: after.label, from: before.max, to: after.min },
      });
  }
  return out;
}

function gridProblemsOf(definition: Pick<FormDefinition, 'pages'>): DesignProblem[] {
  const problems: DesignProblem[] = [];
  for (const { question, pageId } of placed(definition)) {
    if (question.type !== 'Grid') continue;
    const where = { questionId: question.id, pageId };
    if (!question.grid || question.grid.totalRows < 1)
      problems.push({
        severity: 'error',
        messageId: 'designCheck.gridWithoutRows',
        params: { label: labelOf(question) },
        ...where,
      });
    for (const found of ratingProblems(question.ratings ?? []))
      problems.push({ severity: 'error', ...found, params: { label: labelOf(question), ...found.params }, ...where });
  }
  return problems;
}

function duplicatesIn(options: readonly { value: string }[] | undefined): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { value } of options ?? []) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

function duplicateOptionProblems(definition: Pick<FormDefinition, 'pages'>): DesignProblem[] {
  const problems: DesignProblem[] = [];
  for (const { question, pageId } of placed(definition)) {
    const twice = [
      ...duplicatesIn(question.options),
      ...(question.grid?.cells ?? []).flatMap((cell) => duplicatesIn(cell.cellQuestion.options)),
    ];
    for (const value of new Set(twice))
      problems.push({
        severity: 'error',
        messageId: 'designCheck.duplicateOptionValue',
        params: { label: labelOf(question), value },
        questionId: question.id,
        pageId,
      });
  }
  return problems;
}

function recipientProblems(definition: Pick<FormDefinition, 'pages'>): DesignProblem[] {
  const all = placed(definition);
  if (all.some(({ question }) => question.notify === true)) return [];
  const first = all.find(({ question }) => question.emailText === true);
  if (!first) return [];
  return [
    {
      severity: 'warning',
      messageId: 'designCheck.emailTextWithoutRecipients',
      params: { label: labelOf(first.question) },
      questionId: first.question.id,
      pageId: first.pageId,
    },
  ];
}

function choiceChangeProblems(definition: Pick<FormDefinition, 'pages'>, context: DesignCheckContext): DesignProblem[] {
  if (!context.published || !((context.entryCount ?? 0) > 0)) return [];
  const now = new Map(placed(definition).map((p) => [p.question.id, p]));
  const problems: DesignProblem[] = [];
  for (const { question: before } of placed(context.published)) {
    const current = now.get(before.id);
    if (!current || !before.options?.length) continue;
    const offered = new Set((current.question.options ?? []).map((o) => o.value));
    const gone = [...new Set(before.options.map((o) => o.value))].filter((value) => !offered.has(value));
    if (gone.length === 0) continue;
    problems.push({
      severity: 'warning',
      messageId: 'designCheck.choiceValuesChanged',
      params: { label: labelOf(current.question), values: gone.join(', '), entries: context.entryCount ?? 0 },
      questionId: before.id,
      pageId: current.pageId,
    });
  }
  return problems;
}

/**
 * The problems as error details of the API (engine/errors.ts `ErrorDetail`), each at the path of its question
 * (`/pages/{i}/questions/{j}`) or page (`/pages/{i}`), with its catalogue text: the same messages the form
 * creator shows.
 */
export function designProblemDetails(
  definition: Pick<FormDefinition, 'pages'>,
  problems: readonly DesignProblem[],
): ErrorDetail[] {
  return problems.map((problem) => {
    const pageIndex = definition.pages.findIndex((page) => page.id === problem.pageId);
    const page = definition.pages[pageIndex];
    const questionIndex = page?.questions.findIndex((question) => question.id === problem.questionId) ?? -1;
    const path =
      pageIndex < 0
        ? '/pages'
        : questionIndex < 0
          ? `/pages/${pageIndex}`
          : `/pages/${pageIndex}/questions/${questionIndex}`;
    return detail(path, problem.messageId, problem.params);
  });
}
