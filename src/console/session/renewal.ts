import { type SessionResponse, sessionResponse } from '@domain/contract/auth';
import { credentialsFromResponse, RENEWAL_MARGIN_MS, type SessionCredentials } from '@machines/session.machine';
import type { ApiClient } from '../api/client';
import { type ConsoleStorage, readSession, writeSession } from './storage';

// Renewal across tabs. Tabs share the stored tokens, and the server revokes the whole session when a refresh token is
// used twice, so renewals are serialised with a Web Lock (when the browser has them) and, inside the lock, storage is
// read again: if another tab has already rotated the refresh token, its fresh token is adopted without a call.

export const RENEW_LOCK_NAME = 'opsConsole.renew';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | undefined {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : undefined;
}

function responseFromCredentials(credentials: SessionCredentials, now: number): SessionResponse {
  return {
    token: credentials.token,
    refreshToken: credentials.refreshToken,
    expiresIn: Math.max(0, Math.floor((credentials.expiresAt - now) / 1000)),
    permissions: credentials.permissions,
    allAllowed: credentials.allAllowed,
    isProviderStaff: credentials.isProviderStaff,
    email: credentials.email,
    fullName: credentials.fullName,
    userId: credentials.userId,
    accounts: credentials.accounts,
  };
}

export interface RenewDeps {
  api: Pick<ApiClient, 'post'>;
  storage: ConsoleStorage;
  now?: () => number;
  locks?: LockManagerLike | undefined;
}

/** The session machine's renewToken actor: POST /user/renew, unless another tab already renewed. */
export function createRenewal(deps: RenewDeps) {
  const now = deps.now ?? Date.now;
  return async ({ refreshToken }: { refreshToken: string }): Promise<SessionResponse> => {
    const renew = async (): Promise<SessionResponse> => {
      const stored = readSession(deps.storage);
      if (stored && stored.refreshToken !== refreshToken && stored.expiresAt - now() > RENEWAL_MARGIN_MS) {
        return responseFromCredentials(stored, now());
      }
      // The stored refresh token is the newest one any tab holds; ours may already be spent.
      const latest = stored && stored.refreshToken !== refreshToken ? stored.refreshToken : refreshToken;
      const session = await deps.api.post('/user/renew', {
        auth: false,
        // The session machine turns the outcome into sign-out or the connection-error message.
        quiet: true,
        body: { refreshToken: latest },
        schema: sessionResponse,
      });
      // Written inside the lock so the next tab to take it sees the rotated refresh token.
      writeSession(deps.storage, credentialsFromResponse(session, now()));
      return session;
    };
    const locks = 'locks' in deps ? deps.locks : lockManager();
    return locks ? locks.request(RENEW_LOCK_NAME, renew) : renew();
  };
}
