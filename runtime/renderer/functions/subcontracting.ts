/**
 * The subcontracting forms' data (administration-data.md §3 Subcontractor order, Subcontractor payment,
 * Subcontractor package): the body builder `subcontracting` and the converter `subcontracting` of
 * schemas/screens/subcontracting/*-form.json.
 * - An order's checklist (engine/rules/subcontractor-orders.ts) is four pairs of fields on the form,
 *   `answer<n>` (Yes, No, Other) and `other<n>`, and the `answers` list in the API.
 * - A payment's lines are the rows of a table field (text cells `description`, `amount`) on the form, and
 *   `{ description, amount: number }` in the API.
 * - The API saves new and changed records with one POST: editing sends the loaded item's `id`.
 * - The `documents` field (subcontracting-files) is `{ id }` of the saved record; it is never sent.
 */
import { ORDER_QUESTIONS } from '../../../engine/rules/subcontractor-orders';
import type { FormData } from '../SchemaForm';

type Row = Record<string, unknown>;

/** The body of a subcontracting form: `fields` (the schema's, empty ones left out) turned into the API's. */
export function subcontractingBody(fields: Row, item: Row | undefined): Row {
  const body: Row = { ...fields };
  // The files field shows the saved record's files; they are saved by their own calls.
  delete body.documents;
  if (typeof item?.id === 'number') body.id = item.id;
  const answers: Row[] = [];
  for (const { id } of ORDER_QUESTIONS) {
    const answer = body[`answer${id}`];
    const other = body[`other${id}`];
    delete body[`answer${id}`];
    delete body[`other${id}`];
    if (typeof answer !== 'string' || answer === '') continue;
    answers.push({ questionId: id, answer, ...(answer === 'Other' && typeof other === 'string' ? { other } : {}) });
  }
  if (ORDER_QUESTIONS.some(({ id }) => `answer${id}` in fields) || answers.length > 0) body.answers = answers;
  if (Array.isArray(body.lines))
    body.lines = (body.lines as Row[]).map((line) => ({
      description: String(line.description ?? '').trim(),
      amount: Number(String(line.amount ?? '').trim()),
    }));
  return body;
}

/** A stored order, payment or package as its form's data: answers as answer<n>/other<n>, amounts as text. */
export function subcontractingFormData(item: unknown): FormData {
  const data: FormData = { ...(item as FormData) };
  if (typeof data.id === 'number') data.documents = { id: data.id };
  const answers = Array.isArray(data.answers) ? (data.answers as Row[]) : [];
  for (const a of answers) {
    data[`answer${a.questionId}`] = a.answer;
    if (typeof a.other === 'string') data[`other${a.questionId}`] = a.other;
  }
  if (Array.isArray(data.lines))
    data.lines = (data.lines as Row[]).map((line) => ({
      description: String(line.description ?? ''),
      amount: typeof line.amount === 'number' ? line.amount.toFixed(2) : String(line.amount ?? ''),
    }));
  return data;
}
