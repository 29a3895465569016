/**
 * Test support of the form creator's model: a small draft, a deep freeze (a command that changed its input would
 * throw) and the check every edited definition must pass (the form-definition schema, the compiler, unique ids).
 */
import { compileFormDefinition } from '../forms/compile';
import { checkFormDefinition } from '../rules/form-definition';
import type { FormDefinition } from '../types/generated';
import { validateSchema } from '../validation/ajv';
import { testDefinition } from './definitions';

/** `value` frozen all the way down (returned as it is). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A frozen draft of form 7: page 1 'Site' (1 Text, 2 Dropdown Yes/No, 3 Long shown when 2 is Yes), page 2 'Checks'
 * (4 Number, 5 Note shown when 1 is answered) shown when 2 is Yes.
 */
export function sampleDraft(): FormDefinition {
  return deepFreeze(
    testDefinition({ id: 7, title: 'Inspection' }, [
      {
        id: 1,
        label: 'Site',
        questions: [
          { id: 1, label: 'Area', type: 'Text' },
          {
            id: 2,
            label: 'Hot works?',
            type: 'Dropdown',
            options: [
              { id: 1, value: 'Yes' },
              { id: 2, value: 'No' },
            ],
          },
          { id: 3, label: 'Permit', type: 'Text', extendedType: 'Long', visibleWhen: { questionId: 2, equals: 'Yes' } },
        ],
      },
      {
        id: 2,
        label: 'Checks',
        visibleWhen: { questionId: 2, equals: 'Yes' },
        questions: [
          { id: 4, label: 'Extinguishers', type: 'Text', extendedType: 'Number', min: 0 },
          { id: 5, label: 'Thanks', type: 'Note', visibleWhen: { questionId: 1 } },
        ],
      },
    ]),
  );
}

/**
 * The problems of a definition the form creator produced: schema errors, a compiler error, duplicate ids. Empty
 * when it is sound. (Conditions on later or deleted questions are the design check's, not a command's, concern.)
 */
export function definitionFaults(def: FormDefinition): string[] {
  const faults: string[] = [];
  const valid = validateSchema('form-definition', def);
  if (!valid.ok) faults.push(...valid.details.map((d) => `${d.path} ${d.message}`));
  try {
    compileFormDefinition(def);
  } catch (error) {
    faults.push(`compile: ${String(error)}`);
  }
  for (const problem of checkFormDefinition(def))
    if (problem.messageId === 'forms.duplicateId') faults.push(`${problem.path} duplicate id`);
  return faults;
}

/** Question ids of each page, in order (what a test compares). */
export function layout(def: FormDefinition): Record<number, number[]> {
  return Object.fromEntries(def.pages.map((page) => [page.id, page.questions.map((question) => question.id)]));
}
