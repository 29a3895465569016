/**
 * Notify-question e-mails (issue 25 §5 "form notifications to the chosen users of a notify question (with its
 * e-mail text, honouring 'Do not send the notification')"; form-configuration.md §3 answer fields
 * notificationUsers, stopNotification, isEmailText). When an entry becomes submitted (a new entry or a draft's
 * final submit; not a page save, not a later change of a submitted entry), every answer to a question with
 * `notify` whose notificationUsers are chosen and whose stopNotification is not ticked names users to tell: one
 * notification message goes to all of them (Active users of the client, by their e-mail), with the form title,
 * project, entry number, who submitted, the answers of questions flagged `emailText` and a link to the entry.
 */
import { allQuestions } from '../../engine/forms/questions';
import { htmlToText } from '../../engine/import/surveyjs';
import { answerText } from '../../engine/registers/rows';
import { formRegisterPath } from '../../engine/rules/form-sections';
import type { Answer, FormDefinition, FormEntry, OutgoingMail, Project, User } from '../../engine/types/generated';
import type { Store } from '../store/port';
import { queueMail } from './outbox';
import { notificationMail } from './templates';

/** The ids of the users `answers` ask to notify: notify questions' chosen users, 'Do not send' unticked. */
export function usersToNotify(form: Pick<FormDefinition, 'pages'>, answers: readonly Answer[]): number[] {
  const notifying = new Set(
    allQuestions(form)
      .filter((q) => (q as { notify?: boolean }).notify === true)
      .map((q) => q.id),
  );
  const ids = new Set<number>();
  for (const answer of answers)
    if (notifying.has(answer.questionId) && answer.stopNotification !== true)
      for (const id of answer.notificationUsers ?? []) ids.add(id);
  return [...ids];
}

/** Whether a submission may notify anyone (cheap, before any read): an answer with users and not stopped. */
export function mayNotify(answers: readonly Pick<Answer, 'notificationUsers' | 'stopNotification'>[]): boolean {
  return answers.some((a) => a.stopNotification !== true && (a.notificationUsers?.length ?? 0) > 0);
}

/**
 * Queues the notification of `entry`, just submitted on `project`, when its answers ask for one.
 * @param origin the platform's public origin (publicOrigin), for the entry's link
 * @returns the queued message, or null when nobody is to be told
 */
export async function queueEntryNotification(
  store: Store,
  scope: { clientId: number; project: Pick<Project, 'id' | 'name'>; form: FormDefinition },
  entry: Pick<FormEntry, 'entryNumber' | 'answers' | 'enteredBy'>,
  origin: string,
  now: Date = new Date(),
): Promise<OutgoingMail | null> {
  const { clientId, project, form } = scope;
  const ids = usersToNotify(form, entry.answers);
  if (ids.length === 0) return null;
  const users = (await store.collection<User & { [key: string]: unknown }>('users').find({ id: { $in: ids } }))
    .filter((u) => u.status === 'Active' && u.clientIds.includes(clientId) && u.email)
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  if (users.length === 0) return null;
  const questions = new Map(allQuestions(form).map((q) => [q.id, q]));
  const emailTexts = entry.answers.flatMap((answer) => {
    const question = questions.get(answer.questionId);
    if (!question || ((question as { emailText?: boolean }).emailText !== true && answer.isEmailText !== true))
      return [];
    const text = answerText(question, answer);
    const plain = /<[a-z/][^>]*>/i.test(text) ? htmlToText(text).text : text;
    return plain.trim() === '' ? [] : [{ label: question.label || `#${question.id}`, text: plain.trim() }];
  });
  const link = `${origin}${formRegisterPath(project.id, form.formArea, form.id)}/entry/${entry.entryNumber}`;
  return queueMail(
    store,
    notificationMail({
      clientId,
      to: users.map((u) => ({ name: u.fullName, address: u.email })),
      formTitle: form.title,
      projectName: project.name,
      entryNumber: entry.entryNumber,
      submittedBy: entry.enteredBy ?? '',
      emailTexts,
      link,
    }),
    now,
  );
}
