import { randomUUID } from 'node:crypto';
import type { MailboxList } from '@domain/contract/mailbox';
import { expect } from 'vitest';
import { authHeader, createUser, signIn, type TestApp } from './test-app';

/**
 * Reads the development mailbox as provider staff of its own (staff read every message; README, E-mail), the way a
 * developer follows a reset or invitation link. The reader signs in again when a test moved the clock past its
 * session.
 */
export function createMailboxReader(t: TestApp): (to?: string) => Promise<MailboxList> {
  let reader: { email: string } | undefined;
  let token: string | undefined;
  const signInReader = async () => {
    reader ??= await createUser(t.db, {
      role: 'PROVIDER_SUPPORT',
      type: 'INTERNAL',
      email: `mail-reader-${randomUUID().slice(0, 8)}@ops.example`,
    });
    token = (await signIn(t.app, { email: reader.email })).token;
    return token;
  };
  const get = (bearer: string, to?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/mailbox${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`,
      headers: authHeader(bearer),
    });
  return async (to) => {
    let response = await get(token ?? (await signInReader()), to);
    if (response.statusCode === 401) response = await get(await signInReader(), to);
    expect(response.statusCode).toBe(200);
    return response.json() as MailboxList;
  };
}
