/**
 * Named form validators (`validator` of a form document): what JSON Schema cannot say of a form's data
 * (a confirmation equal to another field, rules with texts of their own), as message ids by field. The
 * renderer shows them beside the fields and keeps a `disableWhileInvalid` submit disabled while any remain.
 */
import type { MessageId } from '../../../engine/messages/catalogue';
import { passwordProblems } from '../../../engine/rules/password';
import type { FormData } from '../SchemaForm';

/** A named validator: the problems of the form data, message ids by top-level field. */
export type FormValidator = (formData: FormData) => Partial<Record<string, MessageId[]>>;

/** Validators by name. */
export const validators: Readonly<Record<string, FormValidator>> = {
  /** The password change of shell-access-navigation.md §5 (engine/rules/password.ts). */
  passwordChange: (formData) =>
    passwordProblems({
      oldPassword: String(formData.oldPassword ?? ''),
      newPassword: String(formData.newPassword ?? ''),
      newPassword2: String(formData.newPassword2 ?? ''),
    }),
};
