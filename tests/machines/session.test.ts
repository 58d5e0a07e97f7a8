import { ApiError } from '@console/api/errors';
import { getValidToken } from '@console/session/token-gate';
import type { SessionResponse } from '@domain/contract/auth';
import { type LogoutInput, sessionMachine } from '@machines/session.machine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

const USER_ID = '5d0c0a4e-0000-4000-8000-000000000001';

function sessionResponse(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return {
    token: 'token-1',
    refreshToken: 'refresh-1',
    expiresIn: 900,
    permissions: ['merchant.read'],
    allAllowed: false,
    isProviderStaff: false,
    email: 'ana@example.com',
    userId: USER_ID,
    fullName: 'Ana Ruiz',
    accounts: [],
    ...overrides,
  };
}

/** A promise the test settles by hand, standing in for a call in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function startSession(
  renew: (input: { refreshToken: string }) => Promise<SessionResponse>,
  logout: (input: LogoutInput) => Promise<void> = async () => {},
) {
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        renewToken: fromPromise(({ input }: { input: { refreshToken: string } }) => renew(input)),
        logout: fromPromise(({ input }: { input: LogoutInput }) => logout(input)),
      },
    }),
    { input: {} },
  );
  actor.start();
  return actor;
}

const failure = (status: number, key: string) => new ApiError({ status, key });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session machine', () => {
  it('starts signed out and signs in with the login answer', () => {
    const actor = startSession(async () => sessionResponse());
    expect(actor.getSnapshot().value).toBe('signedOut');

    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ isProviderStaff: true, allAllowed: true }) });

    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(context.token).toBe('token-1');
    expect(context.refreshToken).toBe('refresh-1');
    expect(context.expiresAt).toBe(Date.now() + 900_000);
    expect(context.permissions).toEqual(['merchant.read']);
    expect(context.isProviderStaff).toBe(true);
    expect(context.allAllowed).toBe(true);
    expect(context.email).toBe('ana@example.com');
    expect(context.endReason).toBeNull();
  });

  it('comes up signed in when storage held a session', () => {
    const restored = {
      token: 'stored',
      refreshToken: 'stored-refresh',
      expiresAt: Date.now() + 60_000,
      permissions: ['account.read'],
      allAllowed: false,
      isProviderStaff: true,
      email: 'staff@example.com',
      fullName: 'Staff',
      userId: USER_ID,
      accounts: [],
    };
    const actor = createActor(sessionMachine, { input: { restored } }).start();
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('stored');

    const empty = createActor(sessionMachine, { input: { restored: null } }).start();
    expect(empty.getSnapshot().value).toBe('signedOut');
  });

  it('replaces the tokens when renewal succeeds and clears an earlier connection error', async () => {
    const renew = vi
      .fn<(input: { refreshToken: string }) => Promise<SessionResponse>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(sessionResponse({ token: 'token-2', refreshToken: 'refresh-2' }));
    const actor = startSession(renew);
    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });

    actor.send({ type: 'RENEW' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.connectionError).toBe(true));
    actor.send({ type: 'RENEW' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.token).toBe('token-2'));

    expect(renew).toHaveBeenLastCalledWith({ refreshToken: 'refresh-1' });
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.refreshToken).toBe('refresh-2');
    expect(actor.getSnapshot().context.connectionError).toBe(false);
  });

  it.each([401, 410])('ends the session as expired when renewal answers %i', async (status) => {
    const actor = startSession(async () => {
      throw failure(status, 'session-expired');
    });
    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });

    actor.send({ type: 'RENEW' });

    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(actor.getSnapshot().context.endReason).toBe('session-expired');
    expect(actor.getSnapshot().context.token).toBe('');
    expect(actor.getSnapshot().context.permissions).toEqual([]);
  });

  it('tells the user another device took over when renewal says so', async () => {
    const actor = startSession(async () => {
      throw failure(401, 'session-opened-another-device');
    });
    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });
    actor.send({ type: 'RENEW' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(actor.getSnapshot().context.endReason).toBe('session-opened-another-device');
  });

  it('stays signed in with a connection error when renewal fails otherwise', async () => {
    const actor = startSession(async () => {
      throw failure(503, 'server-error');
    });
    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });

    actor.send({ type: 'RENEW' });

    await vi.waitFor(() => expect(actor.getSnapshot().context.connectionError).toBe(true));
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('token-1');
  });

  it('ends the session with the reason a call reported', () => {
    const actor = startSession(async () => sessionResponse());
    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });

    actor.send({ type: 'SESSION_ENDED', reason: 'session-opened-another-device' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.endReason).toBe('session-opened-another-device');

    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });
    actor.send({ type: 'SESSION_ENDED', reason: 'token-expired' });
    expect(actor.getSnapshot().context.endReason).toBe('session-expired');
  });

  it('logs out through the logout call, and signs out even when that call fails', async () => {
    const logout = vi.fn<(input: LogoutInput) => Promise<void>>().mockRejectedValue(failure(500, 'server-error'));
    const actor = startSession(async () => sessionResponse(), logout);
    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ isProviderStaff: true }) });

    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('loggingOut');

    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedOut'));
    expect(logout).toHaveBeenCalledWith(expect.objectContaining({ token: 'token-1', refreshToken: 'refresh-1' }));
    expect(actor.getSnapshot().context.endReason).toBe('logout');
    expect(actor.getSnapshot().context.token).toBe('');
    // Provider staff go back to the admin sign-in.
    expect(actor.getSnapshot().context.lastWasProviderStaff).toBe(true);
  });
});

describe('getValidToken', () => {
  it('hands out the current token while it is more than 5 s from expiry, without renewing', async () => {
    const renew = vi.fn(async () => sessionResponse({ token: 'token-2' }));
    const actor = startSession(renew);
    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ expiresIn: 60 }) });

    vi.advanceTimersByTime(54_000);
    await expect(getValidToken(actor)).resolves.toBe('token-1');
    expect(renew).not.toHaveBeenCalled();
  });

  it('asks signed-out callers to sign in', async () => {
    const actor = startSession(async () => sessionResponse());
    await expect(getValidToken(actor)).rejects.toMatchObject({ status: 401, key: 'missing-token' });
  });

  it('lets concurrent callers near expiry share one renewal and all receive the new token', async () => {
    const call = deferred<SessionResponse>();
    const renew = vi.fn(() => call.promise);
    const actor = startSession(renew);
    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ expiresIn: 60 }) });
    vi.advanceTimersByTime(56_000);

    const callers = [getValidToken(actor), getValidToken(actor), getValidToken(actor)];
    expect(actor.getSnapshot().matches({ signedIn: 'renewing' })).toBe(true);
    call.resolve(sessionResponse({ token: 'token-2', refreshToken: 'refresh-2' }));

    await expect(Promise.all(callers)).resolves.toEqual(['token-2', 'token-2', 'token-2']);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(renew).toHaveBeenCalledWith({ refreshToken: 'refresh-1' });
    // The renewed token is far from expiry, so the next caller gets it straight away.
    await expect(getValidToken(actor)).resolves.toBe('token-2');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('fails waiting callers as expired (410) when the renewal hangs past 10 s', async () => {
    const renew = vi.fn(() => new Promise<SessionResponse>(() => {}));
    const actor = startSession(renew);
    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ expiresIn: 3 }) });

    const first = getValidToken(actor);
    const second = getValidToken(actor);
    const outcomes = Promise.allSettled([first, second]);

    await vi.advanceTimersByTimeAsync(9_900);
    expect(actor.getSnapshot().matches({ signedIn: 'renewing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(200);

    const [a, b] = await outcomes;
    expect(a).toMatchObject({ status: 'rejected', reason: { status: 410, key: 'session-expired' } });
    expect(b).toMatchObject({ status: 'rejected', reason: { status: 410, key: 'session-expired' } });
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('passes on why the session ended when the renewal it waited for ended it', async () => {
    const actor = startSession(async () => {
      throw failure(410, 'session-expired');
    });
    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ expiresIn: 1 }) });

    await expect(getValidToken(actor)).rejects.toMatchObject({ status: 401, key: 'session-expired' });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('reports a connection error when the renewal could not reach the server', async () => {
    const actor = startSession(async () => {
      throw new ApiError({ status: 0, key: 'connection-error' });
    });
    actor.send({ type: 'SIGNED_IN', session: sessionResponse({ expiresIn: 1 }) });

    await expect(getValidToken(actor)).rejects.toMatchObject({ status: 0, key: 'connection-error' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
  });

  it('renews a token the server refused as expired only if no other call replaced it already', async () => {
    const renew = vi.fn(async () => sessionResponse({ token: 'token-2', refreshToken: 'refresh-2' }));
    const actor = startSession(renew);
    actor.send({ type: 'SIGNED_IN', session: sessionResponse() });

    await expect(getValidToken(actor, { rejectedToken: 'token-1' })).resolves.toBe('token-2');
    await expect(getValidToken(actor, { rejectedToken: 'token-1' })).resolves.toBe('token-2');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('waits for a renewal requested before the actor started', async () => {
    const renew = vi.fn(async () => sessionResponse({ token: 'token-2' }));
    const restored = {
      token: 'stale',
      refreshToken: 'refresh-1',
      expiresAt: Date.now() + 1_000,
      permissions: [],
      allAllowed: false,
      isProviderStaff: false,
      email: 'ana@example.com',
      fullName: 'Ana Ruiz',
      userId: USER_ID,
      accounts: [],
    };
    const actor = createActor(sessionMachine.provide({ actors: { renewToken: fromPromise(() => renew()) } }), {
      input: { restored },
    });

    const token = getValidToken(actor);
    actor.start();

    await expect(token).resolves.toBe('token-2');
  });
});
