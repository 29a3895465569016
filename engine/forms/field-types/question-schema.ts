/**
 * The form-definition meta-schema of a question, assembled from the field types' property schemas (issue 20
 * "Self-describing field types"; DESIGN.md "the form-definition meta-schema is assembled from them"). `npm run gen`
 * writes it to schemas/entities/question.schema.json, which the form definition's pages refer to, the API checks
 * every created or updated definition against, and json-schema-to-typescript turns into the `Question` union.
 *
 * Shape: `type` is one of the question types; for each, `if` the question is of that type `then` it must be valid
 * against `$defs/<type>Question`, which lists exactly the keywords such a question takes (common.ts plus the
 * types' own) and refuses any other (`unevaluatedProperties: false`, whose error names the keyword: `x-messages`
 * gives it the catalogue's forms.foreignKeyword, engine/validation/ajv.ts). A question type served by several field
 * types told apart by a keyword (Text by extendedType) takes the keyword with their values, and a keyword that only
 * some of them take only when the keyword has one of theirs (min and max on a Number, not on a plain Text).
 */
import { answerProperties, commonDefinitions, questionProperties } from './common';
import type { FieldType, JSONSchema, PropertySchema } from './types';

/** The `$id` of the generated question meta-schema. */
export const QUESTION_SCHEMA_ID = 'https://site-forms.dev/schemas/entities/question.schema.json';

/** The name of a question type's `$defs` entry: 'Text' -> 'textQuestion'. */
export function questionDefName(questionType: string): string {
  return `${questionType.charAt(0).toLowerCase()}${questionType.slice(1)}Question`;
}

/** The field types of each question type, in the order the types are first met. */
function byQuestionType(types: readonly FieldType[]): Map<string, FieldType[]> {
  const out = new Map<string, FieldType[]>();
  for (const type of types) out.set(type.questionType, [...(out.get(type.questionType) ?? []), type]);
  return out;
}

/** Adds `properties` to `into`, refusing a keyword two field types of one question type declare differently. */
function mergeProperties(
  into: Record<string, PropertySchema>,
  from: Readonly<Record<string, PropertySchema>>,
  who: string,
) {
  for (const [keyword, schema] of Object.entries(from)) {
    const known = into[keyword];
    if (known && JSON.stringify(known) !== JSON.stringify(schema))
      throw new Error(
        `${who}: the keyword ${keyword} differs from the one another field type of its question declares`,
      );
    into[keyword] = schema;
  }
}

/** A schema that holds when a question's `keyword` has one of `values` (absent counting as the default's). */
function variantIs(keyword: string, values: string[], includesDefault: boolean): JSONSchema {
  const given: JSONSchema = { required: [keyword], properties: { [keyword]: { enum: values } } };
  return includesDefault ? { anyOf: [given, { not: { required: [keyword] } }] } : given;
}

/**
 * The `$defs` entry of one question type: its keywords (common ones first, so the property panel lists them in
 * a stable order), those of some variants only under an `if` on the variant keyword.
 * @throws Error when the field types of the question type cannot be told apart as declared (two variant
 *   keywords, a keyword only some of them take with no variant to tell them apart)
 */
function questionDef(questionType: string, kinds: FieldType[]): JSONSchema {
  const variants = kinds.filter((kind) => kind.variant);
  const variantKeywords = [...new Set(variants.map((kind) => kind.variant?.keyword))];
  if (variantKeywords.length > 1) throw new Error(`${questionType}: field types vary by several keywords`);
  const variantKeyword = variantKeywords[0];
  const answered = kinds.some((kind) => !kind.answerless);
  if (kinds.some((kind) => !kind.answerless !== answered))
    throw new Error(`${questionType}: its field types must all take an answer or all not`);

  const properties: Record<string, JSONSchema> = {
    id: questionProperties.id,
    type: {
      const: questionType,
      'x-title': 'question.type',
      description: `The question's type: ${questionType}.`,
      'x-editor': 'none',
    },
    label: questionProperties.label,
  };
  if (variantKeyword) {
    const byDefault = variants.find((kind) => kind.variant?.isDefault)?.variant?.value;
    properties[variantKeyword] = {
      enum: variants.map((kind) => kind.variant?.value),
      ...(byDefault ? { default: byDefault } : {}),
      'x-title': `question.${variantKeyword}` as PropertySchema['x-title'],
      description: `Which ${questionType} question it is: ${variants.map((kind) => `${kind.variant?.value} (${kind.description})`).join(', ')}.`,
      'x-editor': 'select',
    };
  }
  // Keywords every field type of the question type takes, and those of some variants.
  const shared: Record<string, PropertySchema> = {};
  const some = new Map<string, { schema: PropertySchema; values: string[]; includesDefault: boolean }>();
  for (const kind of kinds) {
    for (const [keyword, schema] of Object.entries(kind.properties)) {
      const takenByAll = kinds.every((other) => Object.hasOwn(other.properties, keyword));
      if (takenByAll) {
        mergeProperties(shared, { [keyword]: schema }, kind.name);
        continue;
      }
      if (!kind.variant || kinds.some((other) => !other.variant))
        throw new Error(
          `${kind.name}: ${keyword} is taken by only some field types of ${questionType}, not told apart by a keyword`,
        );
      const known = some.get(keyword);
      if (known && JSON.stringify(known.schema) !== JSON.stringify(schema))
        throw new Error(`${kind.name}: the keyword ${keyword} differs from the one another variant declares`);
      some.set(keyword, {
        schema,
        values: [...(known?.values ?? []), kind.variant.value],
        includesDefault: (known?.includesDefault ?? false) || kind.variant.isDefault === true,
      });
    }
  }
  if (answered) {
    properties.required = answerProperties.required;
    properties.requiredOnPageChange = answerProperties.requiredOnPageChange;
  }
  properties.helpText = questionProperties.helpText;
  Object.assign(properties, shared);
  if (answered) {
    const { required: _r, requiredOnPageChange: _p, ...rest } = answerProperties;
    Object.assign(properties, rest);
  }
  properties.wrapper = questionProperties.wrapper;
  properties.visibleWhen = questionProperties.visibleWhen;
  properties.libraryLink = questionProperties.libraryLink;

  // Keywords of some variants only: one `if` per set of variants taking them.
  const conditional = new Map<
    string,
    { values: string[]; includesDefault: boolean; properties: Record<string, JSONSchema> }
  >();
  for (const [keyword, { schema, values, includesDefault }] of some) {
    const key = JSON.stringify(values);
    const entry = conditional.get(key) ?? { values, includesDefault, properties: {} };
    entry.properties[keyword] = schema;
    conditional.set(key, entry);
  }
  const def: JSONSchema = {
    title: `${questionType}Question`,
    description: kinds.map((kind) => kind.description).join(' '),
    'x-kinds': kinds.map((kind) => ({
      name: kind.name,
      'x-title': kind.titleId,
      ...(kind.variant ? { [kind.variant.keyword]: kind.variant.value } : {}),
    })),
    type: 'object',
    required: ['id', 'label', 'type'],
    properties,
  };
  if (conditional.size > 0 && variantKeyword) {
    def.allOf = [...conditional.values()].map((entry) => ({
      if: variantIs(variantKeyword, entry.values, entry.includesDefault),
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise
      then: { properties: entry.properties },
    }));
  }
  def.unevaluatedProperties = false;
  def['x-messages'] = { unevaluatedProperties: 'forms.foreignKeyword' };
  return def;
}

/**
 * The question meta-schema of the given field types (schemas/entities/question.schema.json).
 * @param types every registered field type, in registration order (the order of the question types in `type`)
 * @returns a JSON Schema 2020-12 document with `$id` {@link QUESTION_SCHEMA_ID}
 * @throws Error for field types whose declarations contradict (see questionDef), or a shared definition declared
 *   twice differently
 */
export function questionMetaSchema(types: readonly FieldType[]): JSONSchema {
  const groups = byQuestionType(types);
  const definitions: Record<string, JSONSchema> = { ...commonDefinitions };
  for (const type of types) {
    for (const [name, schema] of Object.entries(type.definitions ?? {})) {
      if (definitions[name] && JSON.stringify(definitions[name]) !== JSON.stringify(schema))
        throw new Error(`${type.name}: the definition ${name} is declared differently elsewhere`);
      definitions[name] = schema;
    }
  }
  const questionDefs: Record<string, JSONSchema> = {};
  for (const [questionType, kinds] of groups)
    questionDefs[questionDefName(questionType)] = questionDef(questionType, kinds);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: QUESTION_SCHEMA_ID,
    $comment:
      'Generated by generators/types.ts from the field types of engine/forms/field-types (their property schemas) — do not edit; run `npm run gen`.',
    title: 'Question',
    description:
      "A question of a form definition (form-configuration.md §3 'Form', §2 'Form field types'): the keywords it takes depend on its type; a keyword its type does not take is refused.",
    type: 'object',
    required: ['id', 'label', 'type'],
    properties: {
      type: {
        enum: [...groups.keys()],
        description: "The question's type (form-configuration.md §2 'Form field types').",
      },
    },
    allOf: [...groups.keys()].map((questionType) => ({
      if: { required: ['type'], properties: { type: { const: questionType } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, not a promise
      then: { $ref: `#/$defs/${questionDefName(questionType)}` },
    })),
    $defs: { ...definitions, ...questionDefs },
  };
}
