import type { AccountSummary, SessionResponse } from '@domain/contract/auth';
import { effectOfStatus } from '@domain/errors';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

// The session of spec 1, section 4: sign-in, token renewal and the ways a session ends. Effects (the renew and
// logout calls) live in invoked actors so tests and the console provide their own with `machine.provide`.

/** Why the user is back at sign-in; the sign-in screen shows the matching catalogue message (none for logout). */
export type SessionEndReason = 'session-expired' | 'session-opened-another-device' | 'logout';

/** Everything a signed-in session knows; also what storage keeps and what other tabs hand over. */
export interface SessionCredentials {
  token: string;
  refreshToken: string;
  /** When the access token expires, in epoch milliseconds. */
  expiresAt: number;
  permissions: string[];
  allAllowed: boolean;
  isProviderStaff: boolean;
  email: string;
  fullName: string;
  userId: string;
  accounts: AccountSummary[];
}

export interface SessionContext extends SessionCredentials {
  endReason: SessionEndReason | null;
  /** The last renewal failed for a reason other than an ended session; the token may still be usable. */
  connectionError: boolean;
  /** Whether the last signed-in user was provider staff, so sign-out can send them to the admin sign-in. */
  lastWasProviderStaff: boolean;
}

export type SessionEvent =
  /** `at` is when the response arrived (defaults to now); expiresIn counts from then. */
  | { type: 'SIGNED_IN'; session: SessionResponse; at?: number }
  /** Credentials read back from storage on load, or written there by another tab. */
  | { type: 'RESTORED'; credentials: SessionCredentials }
  | { type: 'RENEW' }
  /** A call was answered 401/410 (reason: the catalogue key of the answer), or another tab signed out. */
  | { type: 'SESSION_ENDED'; reason: string }
  | { type: 'LOGOUT' }
  | { type: 'DISMISS_CONNECTION_ERROR' };

/** Renewal margin: a token this close to expiry is renewed before it is used (spec 1, section 9). */
/** An expired token cannot end its session on the server, so logout gets what it needs to renew first. */
export interface LogoutInput {
  token: string;
  refreshToken: string;
  expiresAt: number;
}

export interface SessionInput {
  /** What storage held when the page loaded. */
  restored?: SessionCredentials | null;
}

export const RENEWAL_MARGIN_MS = 5_000;

const EMPTY_CREDENTIALS: SessionCredentials = {
  token: '',
  refreshToken: '',
  expiresAt: 0,
  permissions: [],
  allAllowed: false,
  isProviderStaff: false,
  email: '',
  fullName: '',
  userId: '',
  accounts: [],
};

export function credentialsFromResponse(session: SessionResponse, at: number): SessionCredentials {
  return {
    token: session.token,
    refreshToken: session.refreshToken,
    expiresAt: at + session.expiresIn * 1000,
    permissions: [...session.permissions],
    allAllowed: session.allAllowed,
    isProviderStaff: session.isProviderStaff,
    email: session.email,
    fullName: session.fullName,
    userId: session.userId,
    accounts: [...session.accounts],
  };
}

/** Only two session messages exist; every other 401/410 key (token-expired, missing-token, ...) reads as expired. */
export function endReasonOf(key: string): SessionEndReason {
  if (key === 'session-opened-another-device' || key === 'logout') return key;
  return 'session-expired';
}

/** The HTTP status carried by a failed call, when it has one (the console's ApiError does). */
function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return undefined;
}

function keyOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'key' in error) {
    const key = (error as { key: unknown }).key;
    if (typeof key === 'string') return key;
  }
  return 'session-expired';
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** POST /user/renew with the refresh token; rejects with an error carrying `status` on failure. */
    renewToken: fromPromise<SessionResponse, { refreshToken: string }>(async () => {
      throw new Error('renewToken is provided by the console');
    }),
    /** POST /user/logout; its outcome does not matter, the console signs out either way. */
    logout: fromPromise<void, LogoutInput>(async () => {}),
  },
  guards: {
    /** A renewal answered 401 or 410: the refresh token is spent or the session was closed server-side. */
    renewalEndedSession: ({ event }) => {
      const status = statusOf((event as { error?: unknown }).error);
      return status !== undefined && effectOfStatus(status) === 'end-session';
    },
    hasUsableCredentials: ({ event }) =>
      event.type === 'RESTORED' && event.credentials.token !== '' && event.credentials.refreshToken !== '',
    hasCredentials: ({ context }) => context.token !== '' && context.refreshToken !== '',
  },
  actions: {
    signIn: assign(({ event }) => {
      if (event.type !== 'SIGNED_IN') return {};
      const credentials = credentialsFromResponse(event.session, event.at ?? Date.now());
      return {
        ...credentials,
        endReason: null,
        connectionError: false,
        lastWasProviderStaff: credentials.isProviderStaff,
      };
    }),
    restore: assign(({ event }) => {
      if (event.type !== 'RESTORED') return {};
      return {
        ...event.credentials,
        endReason: null,
        connectionError: false,
        lastWasProviderStaff: event.credentials.isProviderStaff,
      };
    }),
    storeRenewed: assign((_, session: SessionResponse) => ({
      ...credentialsFromResponse(session, Date.now()),
      connectionError: false,
    })),
    markConnectionError: assign({ connectionError: true }),
    clearConnectionError: assign({ connectionError: false }),
    clearCredentials: assign((_, reason: SessionEndReason) => ({
      ...EMPTY_CREDENTIALS,
      endReason: reason,
      connectionError: false,
    })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...EMPTY_CREDENTIALS,
    ...input?.restored,
    endReason: null,
    connectionError: false,
    lastWasProviderStaff: input?.restored?.isProviderStaff ?? false,
  }),
  initial: 'restoring',
  states: {
    // Credentials read from storage before the first render, so a reload never flashes the sign-in screen.
    restoring: {
      always: [{ guard: 'hasCredentials', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        SIGNED_IN: { target: 'signedIn', actions: 'signIn' },
        RESTORED: { guard: 'hasUsableCredentials', target: 'signedIn', actions: 'restore' },
      },
    },
    signedIn: {
      initial: 'active',
      on: {
        // A fresh sign-in (e.g. in another tab) replaces the current credentials.
        SIGNED_IN: { target: '.active', actions: 'signIn' },
        SESSION_ENDED: {
          target: 'signedOut',
          actions: { type: 'clearCredentials', params: ({ event }) => endReasonOf(event.reason) },
        },
        LOGOUT: 'loggingOut',
      },
      states: {
        active: {
          on: {
            RENEW: 'renewing',
            // Another tab renewed or signed in again: adopt its tokens.
            RESTORED: { guard: 'hasUsableCredentials', actions: 'restore' },
            DISMISS_CONNECTION_ERROR: { actions: 'clearConnectionError' },
          },
        },
        renewing: {
          invoke: {
            src: 'renewToken',
            input: ({ context }) => ({ refreshToken: context.refreshToken }),
            onDone: {
              target: 'active',
              actions: { type: 'storeRenewed', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: 'renewalEndedSession',
                target: '#session.signedOut',
                actions: {
                  type: 'clearCredentials',
                  params: ({ event }) =>
                    endReasonOf(keyOf(event.error)) === 'session-opened-another-device'
                      ? 'session-opened-another-device'
                      : 'session-expired',
                },
              },
              { target: 'active', actions: 'markConnectionError' },
            ],
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        src: 'logout',
        input: ({ context }) => ({
          token: context.token,
          refreshToken: context.refreshToken,
          expiresAt: context.expiresAt,
        }),
        onDone: { target: 'signedOut', actions: { type: 'clearCredentials', params: 'logout' } },
        onError: { target: 'signedOut', actions: { type: 'clearCredentials', params: 'logout' } },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

/** Narrow views for components, so none of them re-derives session rules. */
export type SessionStatus = 'signedOut' | 'signedIn' | 'renewing' | 'loggingOut';

export function statusOfSnapshot(snapshot: SnapshotFrom<SessionMachine>): SessionStatus {
  if (snapshot.matches({ signedIn: 'renewing' })) return 'renewing';
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('loggingOut')) return 'loggingOut';
  return 'signedOut';
}

/** Whether the token must be renewed before use: expired, or within the renewal margin. */
export function needsRenewal(context: Pick<SessionContext, 'expiresAt'>, now: number): boolean {
  return context.expiresAt - now <= RENEWAL_MARGIN_MS;
}

/** Where a signed-out user signs in again: provider staff at the admin sign-in (spec 1, section 4). */
export function signInPathOf(context: Pick<SessionContext, 'lastWasProviderStaff'>): '/login' | '/login/admin' {
  return context.lastWasProviderStaff ? '/login/admin' : '/login';
}
