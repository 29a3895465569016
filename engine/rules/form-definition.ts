/**
 * Rules a form definition must keep beyond its JSON Schema (form-configuration.md §3 "Form"):
 * page ids, question ids and each question's option ids are unique; a Dropdown has options;
 * a Number question's min is not above its max; a Grid question has a grid whose cells and headers lie
 * within its rows and columns, one cell per place, with unique cell ids; a visibility condition reads a
 * question that comes before it; a TableLight question has columns and an Image question its file. Used by the API on create/update and, later,
 * by the form creator before saving.
 */
import { detail, type ErrorDetail } from '../errors';
import { conditionProblems } from '../forms/visibility';
import type { FormDefinitionInput, Grid } from '../types/generated';

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
      if (question.type === 'Grid' && !gridIsSound(question.grid))
        problems.push(detail(`${path}/grid`, 'forms.gridInvalid', { field: question.label }));
      if (question.type === 'TableLight' && (question.columns ?? []).length === 0)
        problems.push(detail(`${path}/columns`, 'forms.tableNeedsColumns', { field: question.label }));
      if (question.type === 'Image' && !question.imageFile)
        problems.push(detail(`${path}/imageFile`, 'forms.imageNeedsFile', { field: question.label }));
    });
  });
  for (const problem of conditionProblems(def)) {
    problems.push(
      detail('/pages', 'forms.conditionInvalid', { questionId: problem.questionId, refersTo: problem.refersTo }),
    );
  }
  return problems;
}

/** A grid whose headers and cells lie within its size, one cell per place, cell ids unique. */
function gridIsSound(grid: Grid | undefined): boolean {
  if (!grid) return false;
  const places = new Set<string>();
  const ids = new Set<number>();
  for (const cell of grid.cells) {
    const place = `${cell.rowIndex}:${cell.columnIndex}`;
    if (cell.rowIndex >= grid.totalRows || cell.columnIndex >= grid.totalColumns) return false;
    if (places.has(place) || ids.has(cell.id)) return false;
    places.add(place);
    ids.add(cell.id);
  }
  return grid.headers.every((header) => header.index < grid.totalColumns);
}
