/**
 * What every importer's tests check of a draft (issue 22 "Done when": each real form imports, passes the schema and
 * compiles; its conditions read questions of the draft): shared by the SurveyJS, Form.io and XLSForm tests, and the
 * place the real forms of ../shared/real-forms are found (a missing folder fails with its name, never a skip).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compileFormDefinition } from '../forms/compile';
import { questionsReadBy } from '../forms/conditions';
import { formDataToAnswers } from '../forms/entry-data';
import { sizeProblems } from '../forms/limits';
import { allQuestions } from '../forms/questions';
import { validateAnswers } from '../forms/validate-submission';
import type { ImportFormat } from '../import/types';
import { checkFormDefinition } from '../rules/form-definition';
import type { FormDefinition, FormDefinitionInput } from '../types/generated';
import { validateSchema } from '../validation/ajv';
import { REAL_FORMS } from './real-forms';

/** The folder of real third-party forms of one format, e.g. `realFormsDir('surveyjs')`. */
export function realFormsDir(format: ImportFormat): string {
  return join(REAL_FORMS, format);
}

/** The files of a real-forms folder; throws naming the folder when it is missing. */
export function realFormFiles(format: ImportFormat): string[] {
  const dir = realFormsDir(format);
  if (!existsSync(dir))
    throw new Error(
      `The real forms folder ${dir} (../shared/real-forms/${format}) is missing: the importer tests need it.`,
    );
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && name !== 'README.md')
    .sort()
    .map((name) => join(dir, name));
}

/** The draft as a stored definition (id, client, status, version filled) for the compiler and the rules. */
export function asDefinition(draft: FormDefinitionInput): FormDefinition {
  return { ...draft, id: 1, clientId: 1, status: 'Draft', version: 1 } as FormDefinition;
}

/**
 * The problems of a draft: the form-definition-input schema's details, the definition rules' (ids, conditions on
 * earlier questions, each type's own), the size limits, a compile error, and conditions reading a question the
 * draft does not have. Empty when the draft can be saved as it is.
 */
export function draftProblems(draft: FormDefinitionInput): string[] {
  const problems: string[] = [];
  const schema = validateSchema('form-definition-input', draft);
  if (!schema.ok) problems.push(...schema.details.map((d) => `${d.path}: ${d.message}`));
  const definition = asDefinition(draft);
  problems.push(...checkFormDefinition(definition).map((d) => `${d.path}: ${d.message}`));
  problems.push(...sizeProblems(definition).map((d) => `${d.path}: ${d.message}`));
  try {
    compileFormDefinition(definition);
  } catch (error) {
    problems.push(`compile: ${(error as Error).message}`);
  }
  const ids = new Set(allQuestions(definition).map((q) => q.id));
  for (const page of definition.pages) {
    const conditions = [page.visibleWhen, ...page.questions.map((q) => q.visibleWhen)];
    for (const condition of conditions)
      for (const id of condition ? questionsReadBy(condition) : [])
        if (!ids.has(id)) problems.push(`condition reads question ${id}, not in the draft`);
  }
  return problems;
}

/**
 * A sample answer for each question a person can answer without a file (issue 22 "Done when": each real form
 * accepts a sample submission): text, a number within the question's range, a date, a colour, the first option,
 * a tick, a table row. Files, signatures and grids are left unanswered (a required one would need a stored file or
 * a grid row: the importers never make them required unless the source did).
 */
export function sampleFormData(definition: FormDefinition): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const question of allQuestions(definition)) {
    const q = question as unknown as Record<string, unknown>;
    const key = `q_${question.id}`;
    const first = (q.options as Array<{ value: string }> | undefined)?.[0]?.value;
    switch (question.type) {
      case 'Text':
        if (q.extendedType === 'Number')
          data[key] = typeof q.min === 'number' ? q.min : typeof q.max === 'number' ? q.max : 1;
        else if (q.extendedType === 'Hyperlink') data[key] = 'https://example.com/';
        else data[key] = 'Sample';
        break;
      case 'Date':
        data[key] = q.picker === 'month' ? '2026-01-01' : '2026-01-15';
        break;
      case 'Colour':
        data[key] = '#336699';
        break;
      case 'Dropdown':
        if (first) data[key] = first;
        break;
      case 'Checkbox':
        data[key] = first ? [first] : true;
        break;
      case 'MultiSelect':
        if (first) data[key] = [first];
        break;
      case 'Toggle':
        data[key] = true;
        break;
      case 'RichText':
        data[key] = '<p>Sample</p>';
        break;
      case 'Temperature':
        data[key] = typeof q.min === 'number' ? q.min : 20;
        break;
      case 'TableLight': {
        const columns = (q.columns as Array<{ id: number }> | undefined) ?? [];
        if (columns[0]) data[key] = [{ [`c${columns[0].id}`]: 'Sample' }];
        break;
      }
      default:
        break;
    }
  }
  return data;
}

/** The problems the server finds in the draft's sample submission (empty when it is accepted). */
export function sampleSubmissionProblems(draft: FormDefinitionInput): string[] {
  const definition = asDefinition(draft);
  const answers = formDataToAnswers(definition, sampleFormData(definition));
  const answerable = allQuestions(definition).some((q) => !['Note', 'Image', 'Grid'].includes(q.type));
  if (answerable && answers.length === 0) return ['the sample submission holds no answer'];
  return validateAnswers(definition, answers).map((d) => `${d.path}: ${d.message}`);
}
