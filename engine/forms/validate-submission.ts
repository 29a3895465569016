/**
 * Server-side validation of submitted answers against the published form (docs/api.md "Project form
 * entries", PUT .../submit; administration-data.md §3 "Form entry"; form-configuration.md §5 "Form
 * fields"). The server enforces every rule the client checks: the answers are converted to form data and
 * validated by the shared Ajv against the very schema the renderer uses (compile.ts).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { detail, type ErrorDetail } from '../errors';
import type { MessageId } from '../messages/catalogue';
import type { Answer, FormDefinition, Question } from '../types/generated';
import { ajv } from '../validation/ajv';
import { answerKey } from './answer-keys';
import { compileFormDefinition, extraFieldsOf } from './compile';
import { answersToFormData, isEmptyValue } from './entry-data';
import { fieldTypeOf } from './field-types';
import type { AnyQuestion } from './field-types/types';
import { allQuestions, isHiddenQuestion } from './questions';
import { hiddenQuestionIds } from './visibility';

/** Most compiled published forms kept; the least recently used is dropped (and removed from Ajv). */
export const COMPILED_FORM_CACHE_SIZE = 200;

/** Compiled validators of published versions by (clientId, id, version), with the definition they were compiled from. */
const cache = new Map<string, { definition: string; validate: ValidateFunction }>();

/**
 * What a page save (partial) excuses: an answer missing where one is required, for a question or for a cell
 * of a grid row that is answered.
 */
const UNANSWERED: ReadonlySet<MessageId> = new Set(['validation.required', 'validation.gridRowIncomplete']);

/**
 * The Ajv validator of a definition's compiled schema. Published definitions are immutable per version,
 * so their validators are cached by (clientId, id, version); a Draft working copy changes without a new
 * version and is compiled afresh each time. A hit is taken only when the definition is the one compiled
 * (its JSON text compared): a version rewritten in place, or another store's form of the same client, id and
 * version in the same process (the test suite runs files in one module graph), is compiled again, never
 * validated against another definition's schema.
 */
function validatorFor(def: FormDefinition): ValidateFunction {
  const cacheable = def.status === 'Published';
  if (!cacheable) {
    const schema = compileFormDefinition(def).schema;
    const validate = ajv.compile(schema);
    ajv.removeSchema(schema);
    return validate;
  }
  const key = `${def.clientId}:${def.id}:${def.version}`;
  const definition = JSON.stringify(def);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    if (hit.definition === definition) {
      cache.set(key, hit);
      return hit.validate;
    }
    ajv.removeSchema(hit.validate.schema);
  }
  const validate = ajv.compile(compileFormDefinition(def).schema);
  cache.set(key, { definition, validate });
  if (cache.size > COMPILED_FORM_CACHE_SIZE) {
    const [oldestKey, oldest] = cache.entries().next().value as [string, { validate: ValidateFunction }];
    cache.delete(oldestKey);
    ajv.removeSchema(oldest.validate.schema);
  }
  return validate;
}

/** Number of cached compiled forms (for tests and metrics). */
export function compiledFormCacheSize(): number {
  return cache.size;
}

function isScalar(value: unknown): boolean {
  return (
    typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * Checks submitted answers against a form definition.
 * @param def the definition the entry is filled against (for a submit: the latest published version)
 * @param answers the submission's answers (form-entry.schema.json `$defs/answer`), normally already
 *   checked against the submission schema, but any shape is handled
 * @returns an empty array when the answers are acceptable, else ErrorDetails, in this order:
 *   1. per answer, with path `/answers/<index>[/field]`: `validation.invalidBody` for a malformed answer,
 *      `validation.unknownQuestion` `{questionId}` for a question not on the form, and
 *      `validation.duplicateAnswer` `{questionId}` for a second answer to one question;
 *   2. per question in page order, with path `q_<questionId>` and `{field}` = the question label:
 *      `validation.required`, `validation.number`, `validation.date`, `validation.url`,
 *      `validation.option` (not a listed option, or any answer to a hidden select),
 *      `validation.min` / `validation.max` / `validation.tooLong` `{limit}`, `validation.singleValue`
 *      (several values for a single-valued question), `validation.type` (e.g. a number for a text question),
 *      `validation.gridRowIncomplete` (a required cell left empty in an answered grid row; engine/forms/grid.ts).
 *   At most one detail per question.
 * @param options.partial a page save (leaving a page, isFromPaging): unanswered required questions (and
 *   required cells of answered grid rows, and a required table's missing row) are not reported; every other
 *   problem is
 */
export function validateAnswers(
  def: FormDefinition,
  answers: Answer[],
  options: { partial?: boolean } = {},
): ErrorDetail[] {
  if (!Array.isArray(answers))
    return [detail('/answers', 'validation.invalidBody', { details: 'answers must be a list' })];
  const questions = new Map(allQuestions(def).map((q) => [q.id, q]));
  const structural: ErrorDetail[] = [];
  const perQuestion = new Map<number, ErrorDetail>();
  const accepted: Answer[] = [];
  const answered = new Set<number>();
  /** Questions whose answer is already reported as malformed: no further detail for them. */
  const reported = new Set<number>();

  answers.forEach((answer: unknown, index) => {
    const path = `/answers/${index}`;
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      structural.push(detail(path, 'validation.invalidBody', { details: `answers[${index}] must be an object` }));
      return;
    }
    const { questionId, formId, answers: values } = answer as Partial<Answer>;
    if (typeof questionId !== 'number' || !Number.isInteger(questionId)) {
      structural.push(
        detail(`${path}/questionId`, 'validation.invalidBody', {
          details: `answers[${index}].questionId must be an integer`,
        }),
      );
      return;
    }
    const question = questions.get(questionId);
    if (!question) {
      structural.push(detail(`${path}/questionId`, 'validation.unknownQuestion', { questionId }));
      return;
    }
    if (answered.has(questionId)) {
      structural.push(detail(`${path}/questionId`, 'validation.duplicateAnswer', { questionId }));
      return;
    }
    answered.add(questionId);
    if (formId !== undefined && formId !== def.id) {
      reported.add(questionId);
      structural.push(
        detail(`${path}/formId`, 'validation.invalidBody', { details: `answers[${index}].formId must be ${def.id}` }),
      );
      return;
    }
    if (!Array.isArray(values) || !values.every(isScalar)) {
      reported.add(questionId);
      structural.push(
        detail(`${path}/answers`, 'validation.invalidBody', {
          details: `answers[${index}].answers must be a list of values`,
        }),
      );
      return;
    }
    const present = values.filter((v) => v !== '');
    const field = { field: question.label };
    const extra = (fieldTypeOf(question).problems?.(question, answer as Answer) ?? []).filter(
      (id) => !options.partial || !UNANSWERED.has(id),
    );
    if (extra.length > 0) {
      perQuestion.set(questionId, detail(answerKey(questionId), extra[0], field));
      accepted.push(answer as Answer);
      return;
    }
    if (present.length > 0 && isHiddenQuestion(question)) {
      perQuestion.set(questionId, detail(answerKey(questionId), 'validation.option', field));
      return;
    }
    if (present.length > 1 && !fieldTypeOf(question).multiValued) {
      perQuestion.set(questionId, detail(answerKey(questionId), 'validation.singleValue', field));
      return;
    }
    accepted.push(answer as Answer);
  });

  const validate = validatorFor(def);
  const data = answersToFormData(def, accepted);
  for (const key of Object.keys(data)) if (isEmptyValue(data[key])) delete data[key];
  // The schema's `if`/`then` reads the data as the renderer and hiddenQuestionIds do: without the answers of
  // hidden questions (not saved either: withComputedValues), so a condition reads a hidden question as not
  // answered, and a hidden question's answer raises nothing.
  for (const id of hiddenQuestionIds(def, data))
    for (const key of Object.keys(data))
      if (key === answerKey(id) || key.startsWith(`${answerKey(id)}_`)) delete data[key];
  if (!validate(data)) {
    for (const error of validate.errors ?? []) {
      // What an item failed inside `contains` is a try, not a problem: the `contains` error itself says it.
      if (error.schemaPath.includes('/contains/')) continue;
      // A partial save (leaving a page) may leave required questions unanswered; nothing else is excused.
      if (
        options.partial &&
        (error.keyword === 'required' || error.keyword === 'minItems' || error.keyword === 'contains')
      )
        continue;
      const mapped = mapFormError(error, questions);
      // …nor a required tick box left unticked (a `const: true` the form reports as required).
      if (options.partial && mapped?.detail.messageId === 'validation.required') continue;
      if (mapped && !perQuestion.has(mapped.questionId) && !reported.has(mapped.questionId))
        perQuestion.set(mapped.questionId, mapped.detail);
    }
  }
  const order = [...questions.keys()];
  const questionDetails = order.filter((id) => perQuestion.has(id)).map((id) => perQuestion.get(id)!);
  return [...structural, ...questionDetails];
}

/** One Ajv error of a compiled form → the question it concerns and its catalogue detail. */
function mapFormError(
  error: ErrorObject,
  questions: Map<number, Question>,
): { questionId: number; detail: ErrorDetail } | null {
  const params = error.params as Record<string, unknown>;
  const key =
    error.keyword === 'required' && error.instancePath === ''
      ? String(params.missingProperty)
      : (error.instancePath.split('/')[1] ?? '');
  // A question's own answer, or a field it adds (its other text q_<id>_other, ...), counts as the question's.
  const match = /^q_(\d+)(?:_([A-Za-z]+))?$/.exec(key);
  const question = match ? questions.get(Number(match[1])) : undefined;
  if (!question) return null;
  if (match?.[2] && !extraFieldsOf(question).some((field) => field.suffix === match[2])) return null;
  const type = fieldTypeOf(question);
  const field = question.label;
  let messageId: MessageId;
  const extra: Record<string, number> = {};
  switch (error.keyword) {
    case 'required':
    case 'minItems':
    // A required table needs a row with an answer in it (engine/forms/field-types/table.ts).
    case 'contains':
      messageId = 'validation.required';
      break;
    case 'const':
      messageId = type.constMessageId;
      break;
    case 'type':
      messageId = type.typeMessageId;
      break;
    case 'maxLength':
      messageId = 'validation.tooLong';
      extra.limit = Number(params.limit);
      break;
    case 'minimum':
    case 'exclusiveMinimum':
      messageId = 'validation.min';
      extra.limit = Number(params.limit);
      break;
    case 'maximum':
    case 'exclusiveMaximum':
      messageId = 'validation.max';
      extra.limit = Number(params.limit);
      break;
    case 'pattern':
      messageId = type.patternMessageId;
      break;
    case 'format':
      messageId = 'validation.date';
      break;
    case 'oneOf':
    case 'enum':
    case 'not':
    case 'uniqueItems':
      messageId = 'validation.option';
      break;
    default:
      messageId = 'validation.invalidBody';
      return {
        questionId: question.id,
        detail: detail(key, messageId, { details: `${field} ${error.message ?? 'is not valid'}` }),
      };
  }
  return { questionId: question.id, detail: detail(key, messageId, { field, ...extra }) };
}

/**
 * The answers as the server stores them: what the server computes replaces what a client sent (a grid's
 * totalScore and maxScore, from its cells; engine/forms/grid.ts; `isSigned`, true exactly when a Signature
 * holds a signature; `isEmailText`, true exactly when the question's answer goes into the notification
 * e-mail, its `emailText` flag), and the answers of questions hidden by their conditions are dropped.
 * Other answers are unchanged.
 * @param def the published form the answers belong to
 * @param answers answers that passed validateAnswers
 */
export function withComputedValues(def: FormDefinition, answers: readonly Answer[]): Answer[] {
  const questions = new Map(allQuestions(def).map((q) => [q.id, q]));
  // A question its condition hides is not saved, whatever the client sent (engine/forms/visibility.ts).
  const hidden = hiddenQuestionIds(def, answersToFormData(def, answers));
  return answers
    .filter((answer) => !hidden.has(answer.questionId))
    .map((answer) => {
      const question = questions.get(answer.questionId);
      const type = question ? fieldTypeOf(question) : undefined;
      if (!question || !type) return answer;
      const { isSigned: _s, isEmailText: _e, ...flagless } = answer;
      const answered = (answer.answers ?? []).length > 0;
      const flags = {
        ...(type.signed && answered ? { isSigned: true } : {}),
        ...((question as AnyQuestion).emailText === true && answered ? { isEmailText: true } : {}),
      };
      if (!type.answerOf) return { ...flagless, ...flags };
      const { totalScore: _t, maxScore: _m, ...rest } = flagless;
      const computed = type.answerOf(question, type.formValueOf?.(question, answer));
      return computed ? { ...rest, ...computed, ...flags } : { ...rest, ...flags };
    });
}
