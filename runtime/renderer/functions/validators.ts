/**
 * Named form validators (`validator` of a form document): what JSON Schema cannot say of a form's data
 * (a confirmation equal to another field, rules with texts of their own), as message ids by field. The
 * renderer shows them beside the fields and keeps a `disableWhileInvalid` submit disabled while any remain.
 */
import type { MessageId } from '../../../engine/messages/catalogue';
import { passwordProblems } from '../../../engine/rules/password';
import { projectProblems } from '../../../engine/rules/project';
import { qrNameProblem } from '../../../engine/rules/qr-code-setup';
import type { FormData } from '../SchemaForm';

/** What a validator reads besides the form data: the answer of the document's validationData call, the item. */
export interface ValidatorContext {
  data?: unknown;
  item?: Record<string, unknown>;
}

/** A named validator: the problems of the form data, message ids by top-level field. */
export type FormValidator = (formData: FormData, context?: ValidatorContext) => Partial<Record<string, MessageId[]>>;

/** Validators by name. */
export const validators: Readonly<Record<string, FormValidator>> = {
  /**
   * A project's dates and week hours (engine/rules/project.ts, which the API runs too): the end date not
   * before the start date, week hours with at most 2 decimals.
   */
  projectDates: (formData) => {
    const problems: Partial<Record<string, MessageId[]>> = {};
    const input = {
      startDate: typeof formData.startDate === 'string' ? formData.startDate : undefined,
      endDate: typeof formData.endDate === 'string' ? formData.endDate : undefined,
      weekHours: typeof formData.weekHours === 'number' ? formData.weekHours : undefined,
    };
    for (const problem of projectProblems(input)) {
      const field = problem.path.slice(1);
      problems[field] = [...(problems[field] ?? []), problem.messageId];
    }
    return problems;
  },
  /** The password change of shell-access-navigation.md §5 (engine/rules/password.ts). */
  passwordChange: (formData) =>
    passwordProblems({
      oldPassword: String(formData.oldPassword ?? ''),
      newPassword: String(formData.newPassword ?? ''),
      newPassword2: String(formData.newPassword2 ?? ''),
    }),
  /**
   * A QR code setup's name as typed (form-configuration.md §5): required, 25 characters, letters, digits and
   * spaces, unique among the form's other setups (validationData: qrCodes.getall) ignoring spaces, not itself.
   */
  qrCodeSetup: (formData, context) => {
    const others = Array.isArray(context?.data) ? (context.data as { id: number; name: string }[]) : [];
    const selfId = typeof context?.item?.id === 'number' ? context.item.id : undefined;
    const problem = qrNameProblem(String(formData.name ?? ''), others, selfId);
    return problem ? { name: [problem] } : {};
  },
  /**
   * A first password set with an invitation's link: the rules of shell-access-navigation.md §5 for the new
   * password and its confirmation (there is no old password).
   */
  setPassword: (formData) => {
    const { oldPassword: _none, ...problems } = passwordProblems({
      oldPassword: '-',
      newPassword: String(formData.newPassword ?? ''),
      newPassword2: String(formData.newPassword2 ?? ''),
    });
    return problems;
  },
  /** A label preparation setup's name (form-configuration.md §5): required, at most 25 characters. */
  labelSetup: (formData) => {
    const name = String(formData.name ?? '');
    if (name.trim() === '') return { name: ['labelPreparation.nameRequired'] };
    return name.length > 25 ? { name: ['labelPreparation.nameTooLong'] } : {};
  },
};
