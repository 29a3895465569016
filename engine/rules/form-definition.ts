/**
 * Rules a form definition must keep beyond its JSON Schema (form-configuration.md §3 "Form"):
 * page ids, question ids and each question's option ids are unique; a visibility condition reads a question
 * that comes before it; and each question's type's own rules (its `definitionProblems`: a Dropdown has options, a
 * Number's or a Temperature's min is not above its max, a Grid's cells and headers lie within its rows and
 * columns, a TableLight has columns, an Image its file). The keywords a question may hold are its type's property
 * schema's (schemas/entities/question.schema.json, checked with the body). Used by the API on create/update and,
 * later, by the form creator before saving.
 */
import { detail, type ErrorDetail } from '../errors';
import { fieldTypeOf } from '../forms/field-types';
import type { QuestionProperties } from '../forms/questions';
import { conditionProblems } from '../forms/visibility';
import type { FormDefinitionInput } from '../types/generated';

/** The rule violations of a definition; empty when it is sound. */
export function checkFormDefinition(def: Pick<FormDefinitionInput, 'pages'>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const pageIds = new Set<number>();
  const questionIds = new Set<number>();
  def.pages.forEach((page, p) => {
    if (pageIds.has(page.id)) problems.push(detail(`/pages/${p}/id`, 'forms.duplicateId', { id: page.id }));
    pageIds.add(page.id);
    page.questions.forEach((question, q) => {
      const path = `/pages/${p}/questions/${q}`;
      if (questionIds.has(question.id)) problems.push(detail(`${path}/id`, 'forms.duplicateId', { id: question.id }));
      questionIds.add(question.id);
      const optionIds = new Set<number>();
      for (const [o, option] of ((question as QuestionProperties).options ?? []).entries()) {
        if (optionIds.has(option.id))
          problems.push(detail(`${path}/options/${o}/id`, 'forms.duplicateId', { id: option.id }));
        optionIds.add(option.id);
      }
      for (const problem of fieldTypeOf(question).definitionProblems?.(question) ?? [])
        problems.push(detail(`${path}/${problem.keyword}`, problem.messageId, { field: question.label }));
    });
  });
  for (const problem of conditionProblems(def)) {
    problems.push(
      detail('/pages', 'forms.conditionInvalid', { questionId: problem.questionId, refersTo: problem.refersTo }),
    );
  }
  return problems;
}
