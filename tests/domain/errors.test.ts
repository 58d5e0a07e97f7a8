import { effectOfStatus, messageFor } from '@domain/errors';
import { isIdentifier } from '@domain/ids';
import { describe, expect, it } from 'vitest';

describe('error catalogue', () => {
  it('maps known keys to their spec text', () => {
    expect(messageFor('invalid-login-credentials')).toMatchObject({
      header: 'Invalid login credentials',
      content: 'Please check that everything is correct and try again.',
      type: 'error',
    });
    expect(messageFor('session-expired').header).toBe('Your session has expired');
    expect(messageFor('export-email-requested').header).toBe('Export email requested');
    expect(messageFor('without-changes').header).toBe("You haven't made any changes");
  });

  it('turns unknown or missing keys into unexpected-error', () => {
    for (const key of ['nope', '', undefined, null, 42, 'toString', '__proto__']) {
      expect(messageFor(key)).toMatchObject({ key: 'unexpected-error', header: 'Oops! Something went wrong' });
    }
  });

  it('derives the console effect from the HTTP status', () => {
    expect(effectOfStatus(401)).toBe('end-session');
    expect(effectOfStatus(410)).toBe('end-session');
    expect(effectOfStatus(403)).toBe('resource-not-found');
    expect(effectOfStatus(404)).toBe('resource-not-found');
    expect(effectOfStatus(500)).toBe('server-error');
    expect(effectOfStatus(511)).toBe('server-error');
    expect(effectOfStatus(512)).toBe('show-message');
    expect(effectOfStatus(400)).toBe('show-message');
  });
});

describe('identifiers', () => {
  it('accepts only 8-4-4-4-12 hexadecimal groups', () => {
    expect(isIdentifier('4f1c2a9e-0b7d-4c55-9a3e-2d1f6b8c7e90')).toBe(true);
    expect(isIdentifier('4F1C2A9E-0B7D-4C55-9A3E-2D1F6B8C7E90')).toBe(true);
    expect(isIdentifier('4f1c2a9e0b7d4c559a3e2d1f6b8c7e90')).toBe(false);
    expect(isIdentifier('4f1c2a9e-0b7d-4c55-9a3e-2d1f6b8c7e9g')).toBe(false);
    expect(isIdentifier('new')).toBe(false);
    expect(isIdentifier(undefined)).toBe(false);
  });
});
