/**
 * Rules a form definition must keep beyond its JSON Schema (form-configuration.md §3 "Form"):
 * page ids, question ids and each question's option ids are unique; a Dropdown has options;
 * a Number question's min is not above its max. Used by the API on create/update and, later,
 * by the form creator before saving.
 */
import { detail, type ErrorDetail } from '../errors';
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
      for (const [o, option] of (question.options ?? []).entries()) {
        if (optionIds.has(option.id))
          problems.push(detail(`${path}/options/${o}/id`, 'forms.duplicateId', { id: option.id }));
        optionIds.add(option.id);
      }
      if (question.type === 'Dropdown' && (question.options ?? []).length === 0)
        problems.push(detail(`${path}/options`, 'forms.dropdownNeedsOptions', { field: question.label }));
      if (question.min !== undefined && question.max !== undefined && question.min > question.max)
        problems.push(detail(`${path}/min`, 'forms.minAboveMax', { field: question.label }));
    });
  });
  return problems;
}
