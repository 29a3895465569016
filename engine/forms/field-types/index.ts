/**
 * The field-type index (issue 20 "Self-describing field types"): every question type, each registered by the file
 * that declares it. `npm run gen` lists the field types of this folder in engine/types/generated/field-types.ts,
 * so a new type is its file and nothing here; {@link registerFieldType} adds one at run time (a type shipped
 * outside this folder, e.g. tests/fixtures/question-type). The compiler, the answer conversion, the server
 * validation and the register/CSV display look a question's type up here ({@link fieldTypeOf}) by ranked testers,
 * never by switching on it.
 */
import { registeredFieldTypes } from '../../types/generated/field-types';
import { type AnyQuestion, type FieldType, NOT_APPLICABLE } from './types';

export type { FieldType, FieldUiSchema, JSONSchema } from './types';

/** A field type as the index holds it: for any question (each declares the shape of its own). */
export type AnyFieldType = FieldType<AnyQuestion>;

/** The name of a field type ('text', 'long', 'checkboxes', ...): a question's kind. */
export type QuestionKind = string;

const byName = new Map<string, AnyFieldType>();
const byQuestionType = new Map<string, AnyFieldType[]>();

/** Every field type by name, in registration order (read-only: register through {@link registerFieldType}). */
export const fieldTypes: Readonly<Record<string, AnyFieldType>> = {};

/**
 * Adds a field type to the index.
 * @throws Error for a name already taken, or a variant value another field type of its question type has
 */
export function registerFieldType(type: AnyFieldType): void {
  if (byName.has(type.name)) throw new Error(`Field type ${type.name} is registered twice`);
  const siblings = byQuestionType.get(type.questionType) ?? [];
  if (type.variant && siblings.some((other) => other.variant?.value === type.variant?.value))
    throw new Error(`${type.name}: another ${type.questionType} field type has the variant ${type.variant.value}`);
  byName.set(type.name, type);
  byQuestionType.set(type.questionType, [...siblings, type]);
  (fieldTypes as Record<string, AnyFieldType>)[type.name] = type;
}

for (const type of registeredFieldTypes as readonly AnyFieldType[]) registerFieldType(type);

/** Every registered field type, in registration order. */
export function allFieldTypes(): AnyFieldType[] {
  return [...byName.values()];
}

/**
 * How well a field type fits a question when it declares no tester: 1 for its question type; with a variant, 2
 * when the variant's keyword holds its value, 1 for the default variant otherwise (a question without the keyword,
 * or with a value no variant has: it reads as the default), not at all for another variant's question.
 */
function defaultRank(type: AnyFieldType, question: AnyQuestion): number {
  if (question.type !== type.questionType) return NOT_APPLICABLE;
  const { variant } = type;
  if (!variant) return 1;
  if ((question as unknown as Record<string, unknown>)[variant.keyword] === variant.value) return 2;
  return variant.isDefault ? 1 : NOT_APPLICABLE;
}

/**
 * The type of a question: of the field types of its question type, the one whose tester ranks it highest (the
 * first registered on a tie). A question of a type nothing serves (a definition from elsewhere) is read as a
 * one-line text, as the original did.
 * @throws Error when no field type serves the question and no 'text' type is registered
 */
export function fieldTypeOf(question: Pick<AnyQuestion, 'type'>): AnyFieldType {
  let best: AnyFieldType | undefined;
  let bestRank = NOT_APPLICABLE;
  for (const type of byQuestionType.get(question.type) ?? []) {
    const rank = type.tester ? type.tester(question as AnyQuestion) : defaultRank(type, question as AnyQuestion);
    if (rank > bestRank) {
      best = type;
      bestRank = rank;
    }
  }
  const found = best ?? byName.get('text');
  if (!found) throw new Error(`No field type serves a ${question.type} question`);
  return found;
}

/** The kind of a question: the name of its field type. */
export function questionKind(question: Pick<AnyQuestion, 'type'>): QuestionKind {
  return fieldTypeOf(question).name;
}

/**
 * True for a question the form never shows (its type's `hidden`: "Select and multi-select fields are hidden when
 * not required and without options", form-configuration.md §5 Form fields).
 */
export function isHiddenQuestion(question: AnyQuestion): boolean {
  return fieldTypeOf(question).hidden?.(question) ?? false;
}
