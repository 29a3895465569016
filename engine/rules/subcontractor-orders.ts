/**
 * A subcontract order's checklist (administration-data.md §3 Subcontractor order: answers, answersToDisplay;
 * "Order answer: subContractorOrderId, questionId, answer, other, signatureByThirdParty"). The questions are
 * not shown by the specification: the four documents a contractor collects before a subcontractor starts
 * (docs/decisions.md "Subcontracting"). Each is answered Yes, No or Other (with the other text).
 */
import { message } from '../messages/catalogue';

/** The checklist questions by id, with their catalogue texts. */
export const ORDER_QUESTIONS = [
  { id: 1, messageId: 'subcontractorOrders.question.1' },
  { id: 2, messageId: 'subcontractorOrders.question.2' },
  { id: 3, messageId: 'subcontractorOrders.question.3' },
  { id: 4, messageId: 'subcontractorOrders.question.4' },
] as const;

/** One order answer as stored. */
export interface OrderAnswer {
  subContractorOrderId?: number;
  questionId: number;
  answer: 'Yes' | 'No' | 'Other';
  other?: string;
  signatureByThirdParty?: boolean;
}

/** The id of a question answered twice, or undefined. */
export function questionAnsweredTwice(answers: readonly OrderAnswer[]): number | undefined {
  const seen = new Set<number>();
  for (const a of answers) {
    if (seen.has(a.questionId)) return a.questionId;
    seen.add(a.questionId);
  }
  return undefined;
}

/**
 * The answers as the order's register and print show them: `{ questionId, question, answer }` in question
 * order, an Other answer as its text.
 */
export function answersToDisplay(answers: readonly OrderAnswer[]) {
  return ORDER_QUESTIONS.flatMap((q) => {
    const a = answers.find((x) => x.questionId === q.id);
    if (!a) return [];
    return [
      { questionId: q.id, question: message(q.messageId), answer: a.answer === 'Other' ? (a.other ?? '') : a.answer },
    ];
  });
}
