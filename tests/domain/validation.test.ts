import { passwordForm } from '@domain/contract/auth';
import { fieldErrors, MSG, passwordField } from '@domain/validation';
import { describe, expect, it } from 'vitest';

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
