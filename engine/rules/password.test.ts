import { message } from '../messages/catalogue';
import { passwordProblems } from './password';

describe('password change rules (shell-access-navigation.md §5)', () => {
  it('needs every field', () => {
    expect(passwordProblems({})).toEqual({
      oldPassword: ['password.mandatory'],
      newPassword: ['password.mandatory'],
      newPassword2: ['password.mandatory'],
    });
    expect(message('password.mandatory')).toBe('All fields are mandatory');
  });
  it('checks length, character classes and spaces of the new password', () => {
    expect(passwordProblems({ oldPassword: 'x', newPassword: 'Ab1!', newPassword2: 'Ab1!' }).newPassword).toEqual([
      'password.minLength',
    ]);
    expect(
      passwordProblems({ oldPassword: 'x', newPassword: 'abcdefgh', newPassword2: 'abcdefgh' }).newPassword,
    ).toEqual(['password.complexity']);
    expect(
      passwordProblems({ oldPassword: 'x', newPassword: 'Ab1! efgh', newPassword2: 'Ab1! efgh' }).newPassword,
    ).toEqual(['password.noSpaces']);
    expect(passwordProblems({ oldPassword: 'x', newPassword: 'Abcdef1_', newPassword2: 'Abcdef1_' })).toEqual({});
  });
  it('needs the confirmation to match', () => {
    expect(passwordProblems({ oldPassword: 'x', newPassword: 'Abcdef1!', newPassword2: 'Abcdef1?' })).toEqual({
      newPassword2: ['password.mismatch'],
    });
    expect(message('password.mismatch')).toBe("Passwords don't match");
  });
});
