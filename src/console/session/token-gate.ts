import { needsRenewal, type SessionMachine } from '@machines/session.machine';
import type { Actor } from 'xstate';
import { ApiError } from '../api/errors';

// The one way calls get a token (spec 1, section 4): a token within 5 s of expiry is renewed first; calls arriving
// during a renewal wait for that one renewal (at most 10 s) instead of starting their own, and a renewal that does
// not finish in time is treated as an expired session (410).

export const RENEWAL_WAIT_MS = 10_000;

export interface TokenGateOptions {
  now?: () => number;
  waitMs?: number;
  /** The token the server refused as expired: renew unless another call has already replaced it. */
  rejectedToken?: string;
}

type SessionActor = Pick<Actor<SessionMachine>, 'getSnapshot' | 'send' | 'subscribe'>;
type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

const isRenewing = (snapshot: SessionSnapshot) => snapshot.matches({ signedIn: 'renewing' });

function missingToken(): ApiError {
  return new ApiError({ status: 401, key: 'missing-token' });
}

/** What a caller gets once the renewal it waited for is over. */
function outcomeOf(snapshot: SessionSnapshot): string | ApiError {
  if (snapshot.matches('signedOut')) {
    const reason = snapshot.context.endReason;
    if (reason === null || reason === 'logout') return missingToken();
    return new ApiError({ status: 401, key: reason });
  }
  if (!snapshot.matches({ signedIn: 'active' })) return missingToken();
  if (snapshot.context.connectionError) return new ApiError({ status: 0, key: 'connection-error' });
  return snapshot.context.token;
}

/** Waits for the ongoing renewal; `requestedFrom` is the snapshot RENEW was sent from, which is not its outcome. */
function waitForRenewal(actor: SessionActor, waitMs: number, requestedFrom?: SessionSnapshot): Promise<string> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let subscription: { unsubscribe(): void } | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (snapshot: SessionSnapshot) => {
      // An actor that is not started yet queues RENEW, so its snapshot stays the one the request was made from.
      if (settled || isRenewing(snapshot) || snapshot === requestedFrom) return;
      settled = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      const outcome = outcomeOf(snapshot);
      if (typeof outcome === 'string') resolve(outcome);
      else reject(outcome);
    };
    timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      subscription?.unsubscribe();
      reject(new ApiError({ status: 410, key: 'session-expired' }));
    }, waitMs);
    subscription = actor.subscribe({
      next: settle,
      error: () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(missingToken());
      },
    });
    // The renewal may have finished between the caller's check and the subscription.
    settle(actor.getSnapshot());
  });
}

/**
 * A token that is valid now, renewing first when needed. Rejects with an ApiError: 401 'missing-token' when signed
 * out (go to sign-in), 401 with the end reason when the renewal ended the session, 410 'session-expired' when the
 * renewal took longer than the wait, 0 'connection-error' when the renewal could not reach the server.
 */
export async function getValidToken(actor: SessionActor, options: TokenGateOptions = {}): Promise<string> {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? RENEWAL_WAIT_MS;
  const snapshot = actor.getSnapshot();
  if (!snapshot.matches('signedIn') || snapshot.context.token === '') throw missingToken();
  if (isRenewing(snapshot)) return waitForRenewal(actor, waitMs);
  const stale =
    options.rejectedToken !== undefined
      ? options.rejectedToken === snapshot.context.token
      : needsRenewal(snapshot.context, now());
  if (!stale) return snapshot.context.token;
  actor.send({ type: 'RENEW' });
  return waitForRenewal(actor, waitMs, snapshot);
}
