import { adminLoginBody, forgotBody, loginBody, passwordForm, renewBody, resetBody } from '@domain/contract/auth';
import { AUTH_LIMITS, emailField, fieldErrors, MSG, passwordField } from '@domain/validation';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

const firstError = (password: string) => {
  const result = passwordField.safeParse(password);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('password rules (spec 1, section 5)', () => {
  it('accepts a password meeting every rule', () => {
    expect(firstError('Demo!pass2026')).toBeNull();
  });

  it.each([
    ['', MSG.required],
    ['Ab1!', MSG.passwordMin],
    ['Abcdefghij!', MSG.passwordNumber],
    ['1234567890!', MSG.passwordLetter],
    ['Abcdefghij1', MSG.passwordSpecial],
    ['Abcdefg 1!x', MSG.passwordForbidden],
    ['Abcdefgñ1!x', MSG.passwordForbidden],
    ['Abcdefgç1!x', MSG.passwordForbidden],
    ['Abcdefg´1!x', MSG.passwordForbidden],
  ])('refuses %j with %s', (password, message) => {
    const result = passwordField.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain(message);
  });

  it('requires the confirmation to match, reported on the confirmation field', () => {
    const result = passwordForm.safeParse({ password: 'Demo!pass2026', confirmPassword: 'Demo!pass2027' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ confirmPassword: MSG.passwordsMatch });
  });
});

describe('bounds of the sign-in and password fields', () => {
  const emailOfLength = (length: number) => `${'a'.repeat(length - '@acme.example'.length)}@acme.example`;
  const errorsOf = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? {} : fieldErrors(result.error);
  };

  it('takes e-mails up to 254 characters, the longest SMTP carries', () => {
    expect(emailField.safeParse(emailOfLength(254)).success).toBe(true);
    const result = emailField.safeParse(emailOfLength(255));
    expect(result.success ? null : result.error.issues[0]!.message).toBe('Maximum 254 characters');
  });

  it('says a new password is too long before listing the rules it misses', () => {
    expect(passwordField.safeParse(`Aa1-${'b'.repeat(AUTH_LIMITS.password - 4)}`).success).toBe(true);
    const result = passwordField.safeParse('b'.repeat(AUTH_LIMITS.password + 1));
    expect(result.success ? null : result.error.issues[0]!.message).toBe('Maximum 256 characters');
  });

  it('bounds every field of the sign-in and password calls, each with its own message', () => {
    const long = 'x'.repeat(300);
    expect(errorsOf(loginBody, { username: emailOfLength(300), password: long, accountId: long })).toEqual({
      username: 'Maximum 254 characters',
      password: 'Maximum 256 characters',
      accountId: 'Maximum 64 characters',
    });
    expect(errorsOf(adminLoginBody, { username: 'a@b.example', password: long })).toEqual({
      password: 'Maximum 256 characters',
    });
    expect(errorsOf(forgotBody, { email: 'a@b.example', accountId: long })).toEqual({
      accountId: 'Maximum 64 characters',
    });
    expect(errorsOf(renewBody, { refreshToken: long })).toEqual({ refreshToken: 'Maximum 128 characters' });
    expect(errorsOf(resetBody, { token: long, password: 'Demo!pass2026' })).toEqual({
      token: 'Maximum 128 characters',
    });
    expect(errorsOf(passwordForm, { password: 'Demo!pass2026', confirmPassword: long })).toEqual({
      confirmPassword: 'Maximum 256 characters',
    });
  });
});
