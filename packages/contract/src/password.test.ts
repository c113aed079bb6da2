import { describe, expect, it } from 'vitest';
import { RegisterBody } from './auth';
import { ChangePasswordBody, ResetPasswordBody } from './account';
import { MIN_PASSWORD_LENGTH } from './constants';
import { AuthMessages } from './messages';
import { isGuessablePassword, newPasswordProblem } from './password';

// Decision 180: at least 8 characters, and not one of the first passwords anyone would try.
describe('a new password', () => {
  it('is at least 8 characters long', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(newPasswordProblem('tulip-7')).toBe(AuthMessages.passwordTooShort);
    expect(AuthMessages.passwordTooShort).toBe('Password must be at least 8 characters');
    expect(newPasswordProblem('tulip-78')).toBeNull();
  });

  it('is not one of the first anyone would try', () => {
    for (const guessed of [
      'password',
      'Password123!',
      'P@ssw0rd2026',
      'sunshine2026',
      'iloveyou!!',
      'monkey12',
      'lumiskin1',
      'aaaaaaaa',
      'abababab',
      '12345678',
      '87654321',
      'abcdefgh',
      'qwertyuiop',
      'poiuytrewq',
      'asdfghjk',
      '1234567890',
      '7890123456',
    ])
      expect(isGuessablePassword(guessed), guessed).toBe(true);
    for (const fine of [
      'Sup3r-secret-pass',
      'glow-demo-2026',
      'correct horse battery',
      'tulip-78',
      'password-manager-made-this-7Gq',
      'qwerty-is-not-all-of-it',
    ])
      expect(isGuessablePassword(fine), fine).toBe(false);
  });

  it('is not the account’s own email address or its name part', () => {
    expect(isGuessablePassword('grace.hopper', 'Grace.Hopper@example.com')).toBe(true);
    expect(isGuessablePassword('grace.hopper1984', 'grace.hopper@example.com')).toBe(true);
    expect(isGuessablePassword('grace.hopper@example.com', 'grace.hopper@example.com')).toBe(true);
    expect(isGuessablePassword('grace.hopper', 'ada@example.com')).toBe(false);
  });

  it('is held to this wherever one is chosen: registration, a change, a reset', () => {
    const register = RegisterBody.safeParse({
      name: 'Grace',
      email: 'grace@example.com',
      password: 'grace2026',
      confirmPassword: 'grace2026',
    });
    expect(register.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: AuthMessages.passwordTooEasy,
    });
    const change = ChangePasswordBody.safeParse({
      currentPassword: 'old-one',
      password: 'football99',
      confirmPassword: 'football99',
    });
    expect(change.error?.issues[0]?.message).toBe(AuthMessages.passwordTooEasy);
    const reset = ResetPasswordBody.safeParse({
      token: 't',
      password: 'short1',
      confirmPassword: 'short1',
    });
    expect(reset.error?.issues[0]?.message).toBe(AuthMessages.passwordTooShort);
    expect(
      RegisterBody.safeParse({
        name: 'Grace',
        email: 'grace@example.com',
        password: 'tulip-78',
        confirmPassword: 'tulip-78',
      }).success,
    ).toBe(true);
  });
});
