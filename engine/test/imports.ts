/**
 * What every importer's tests check of a draft (issue 22 "Done when": each real form imports, passes the schema and
 * compiles; its conditions read questions of the draft): shared by the SurveyJS, Form.io and XLSForm tests, and the
 * place the real forms of ../shared/real-forms are found (a missing folder fails with its name, never a skip).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileFormDefinition } from '../forms/compile';
import { questionsReadBy } from '../forms/conditions';
import { sizeProblems } from '../forms/limits';
import { allQuestions } from '../forms/questions';
import { checkFormDefinition } from '../rules/form-definition';
import type { FormDefinition, FormDefinitionInput } from '../types/generated';
import { validateSchema } from '../validation/ajv';

/** The folder of real third-party forms of one format, e.g. `realFormsDir('surveyjs')`. */
export function realFormsDir(format: 'surveyjs' | 'formio' | 'xlsform'): string {
  return resolve(process.cwd(), '..', 'shared', 'real-forms', format);
}

/** The files of a real-forms folder; throws naming the folder when it is missing. */
export function realFormFiles(format: 'surveyjs' | 'formio' | 'xlsform'): string[] {
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
