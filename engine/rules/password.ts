/**
 * The password change rules (shell-access-navigation.md §5, §9): all three fields required ('All fields
 * are mandatory'); the new password at least 8 characters; with upper case, lower case, a digit and a
 * non-word symbol; no whitespace; the confirmation equal to the new password. The server sees only
 * SHA-512 digests, so these rules are the browser's (docs/decisions.md "Password rules").
 */
import type { MessageId } from '../messages/catalogue';

/** Minimum password length (§9). */
export const MIN_PASSWORD_LENGTH = 8;

/** The fields of the password change form; newPassword2 is the confirmation, never sent. */
export interface PasswordChangeFields {
  oldPassword?: string;
  newPassword?: string;
  newPassword2?: string;
}

/** The rules of §5 in the order the form lists them, each with its message. */
export const PASSWORD_RULES: ReadonlyArray<{ id: MessageId; holds: (password: string) => boolean }> = [
  { id: 'password.minLength', holds: (p) => p.length >= MIN_PASSWORD_LENGTH },
  {
    id: 'password.complexity',
    holds: (p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p) && /[^\w\s]|_/.test(p),
  },
  { id: 'password.noSpaces', holds: (p) => !/\s/.test(p) },
];

/**
 * The problems of a password change, by field: message ids, none when the field is fine.
 * @example passwordProblems({ oldPassword: 'a', newPassword: 'short', newPassword2: 'short' })
 *   → { newPassword: ['password.minLength', 'password.complexity'] }
 */
export function passwordProblems(
  fields: PasswordChangeFields,
): Partial<Record<keyof PasswordChangeFields, MessageId[]>> {
  const problems: Partial<Record<keyof PasswordChangeFields, MessageId[]>> = {};
  const add = (field: keyof PasswordChangeFields, id: MessageId) => {
    problems[field] = [...(problems[field] ?? []), id];
  };
  for (const field of ['oldPassword', 'newPassword', 'newPassword2'] as const) {
    if (!fields[field]) add(field, 'password.mandatory');
  }
  const next = fields.newPassword ?? '';
  if (next) for (const rule of PASSWORD_RULES) if (!rule.holds(next)) add('newPassword', rule.id);
  if (fields.newPassword2 && fields.newPassword2 !== next) add('newPassword2', 'password.mismatch');
  return problems;
}
