import type { AccountSummary, SessionResponse } from '@domain/contract/auth';
import type { Grants } from '@domain/permissions';
import {
  type LogoutInput,
  needsRenewal,
  type SessionEndReason,
  type SessionMachine,
  type SessionStatus,
  sessionMachine,
  signInPathOf,
  statusOfSnapshot,
} from '@machines/session.machine';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { fromPromise } from 'xstate';
import { type ApiClient, createApiClient } from '../api/client';
import type { ApiError } from '../api/errors';
import { useRuntimeConfig } from '../app/runtime-config';
import { createRenewal } from './renewal';
import {
  type ConsoleStorage,
  clearSession,
  createConsoleStorage,
  readEndReason,
  readSession,
  sessionValues,
} from './storage';
import { getValidToken } from './token-gate';

// Owns the session actor, the one API client and their link to browser storage. Screens read the session through
// the narrow hooks below and call the API through useApi(); nothing else touches tokens.

interface SessionServices {
  actor: Actor<SessionMachine>;
  api: ApiClient;
}

const SessionContext = createContext<SessionServices | null>(null);

export interface SessionProviderProps {
  children?: ReactNode;
  /** 403/404 on a call: show the resource-not-found screen. Defaults to a full navigation to /!. */
  onResourceNotFound?: () => void;
  /** 500-511 on a call: show the 'server-error' message (the shell's toasts). */
  onServerError?: (error: ApiError) => void;
  storage?: ConsoleStorage;
  fetch?: typeof fetch;
}

function goToResourceNotFound() {
  // Without a router callback the history API is enough: wouter listens to pushState.
  globalThis.history?.pushState(null, '', '/!');
  globalThis.dispatchEvent?.(new PopStateEvent('popstate'));
}

export function SessionProvider({
  children,
  onResourceNotFound,
  onServerError,
  storage: givenStorage,
  fetch: fetchImpl,
}: SessionProviderProps) {
  const config = useRuntimeConfig();
  const [storage] = useState(() => givenStorage ?? createConsoleStorage());

  // Callers' callbacks and the config may change between renders; the client and actors read the latest ones.
  const latest = useRef({ config, onResourceNotFound, onServerError });
  latest.current = { config, onResourceNotFound, onServerError };
  const actorRef = useRef<Actor<SessionMachine> | null>(null);

  // The client and the machine's actors are made together so the actors call through this very client.
  const [{ api, logic }] = useState(() => {
    const api = createApiClient({
      getConfig: () => latest.current.config,
      getToken: (options) => {
        const actor = actorRef.current;
        if (!actor) return Promise.reject(new Error('The session is not ready'));
        return getValidToken(actor, options);
      },
      onSessionEnded: (key) => actorRef.current?.send({ type: 'SESSION_ENDED', reason: key }),
      onResourceNotFound: () => (latest.current.onResourceNotFound ?? goToResourceNotFound)(),
      onServerError: (error) => latest.current.onServerError?.(error),
      fetch: fetchImpl,
    });
    const renew = createRenewal({ api, storage });
    const logic = sessionMachine.provide({
      actors: {
        renewToken: fromPromise<SessionResponse, { refreshToken: string }>(({ input }) => renew(input)),
        logout: fromPromise<void, LogoutInput>(async ({ input }) => {
          let token = input.token;
          // The server ends a session only for a valid token; an expired one would leave its refresh token alive.
          if (needsRenewal(input, Date.now())) {
            token = await renew({ refreshToken: input.refreshToken }).then(
              (session) => session.token,
              () => token,
            );
          }
          await api.post('/user/logout', { token, quiet: true }).catch(() => undefined);
        }),
      },
    });
    return { api, logic };
  });
  const [input] = useState(() => ({ restored: readSession(storage) }));
  const actor = useActorRef(logic, { input });
  actorRef.current = actor;

  // Keep storage in step with the session, writing only when something changed so other tabs are not woken for nothing.
  useEffect(() => {
    const persist = () => {
      const snapshot = actor.getSnapshot();
      if (snapshot.matches('signedIn')) {
        const next = JSON.stringify(sessionValues(snapshot.context));
        if (storage.raw() !== next) storage.replace(sessionValues(snapshot.context));
      } else if (snapshot.matches('signedOut') && snapshot.context.endReason !== null) {
        if (readSession(storage) !== null || readEndReason(storage) !== snapshot.context.endReason) {
          clearSession(storage, snapshot.context.endReason);
        }
      }
    };
    const subscription = actor.subscribe(persist);
    return () => subscription.unsubscribe();
  }, [actor, storage]);

  // Another tab renewed, signed in or signed out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storage.name && event.key !== null) return;
      const stored = readSession(storage);
      const snapshot = actor.getSnapshot();
      if (stored) {
        if (stored.token !== snapshot.context.token) actor.send({ type: 'RESTORED', credentials: stored });
        return;
      }
      if (snapshot.matches('signedIn')) {
        actor.send({ type: 'SESSION_ENDED', reason: readEndReason(storage) ?? 'logout' });
      }
    };
    globalThis.addEventListener?.('storage', onStorage);
    return () => globalThis.removeEventListener?.('storage', onStorage);
  }, [actor, storage]);

  const services = useMemo(() => ({ actor, api }), [actor, api]);
  return <SessionContext.Provider value={services}>{children}</SessionContext.Provider>;
}

function useServices(): SessionServices {
  const services = useContext(SessionContext);
  if (!services) throw new Error('Session hooks need a SessionProvider above them');
  return services;
}

export interface SessionView {
  status: SessionStatus;
  signedIn: boolean;
  grants: Grants;
  isProviderStaff: boolean;
  email: string;
  fullName: string;
  userId: string;
  accounts: readonly AccountSummary[];
  /** Why the user is signed out; the sign-in screen shows its message (none for 'logout'). */
  endReason: SessionEndReason | null;
  /** The last renewal could not reach the server: show the 'connection-error' message. */
  connectionError: boolean;
  /** Where to sign in again: the admin sign-in for provider staff. */
  signInPath: '/login' | '/login/admin';
}

// Renewals hand over equal but new arrays; comparing contents keeps consumers from re-rendering.
function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function sameAccounts(a: readonly AccountSummary[], b: readonly AccountSummary[]): boolean {
  return (
    a.length === b.length &&
    a.every((account, index) => {
      const other = b[index]!;
      return (
        account.accountId === other.accountId &&
        account.shortId === other.shortId &&
        account.prettyName === other.prettyName
      );
    })
  );
}

/** The session as screens need it; each part is selected on its own, so a token renewal re-renders nothing. */
export function useSession(): SessionView {
  const { actor } = useServices();
  const status = useSelector(actor, statusOfSnapshot);
  const permissions = useSelector(actor, (snapshot) => snapshot.context.permissions, sameStrings);
  const allAllowed = useSelector(actor, (snapshot) => snapshot.context.allAllowed);
  const isProviderStaff = useSelector(actor, (snapshot) => snapshot.context.isProviderStaff);
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const fullName = useSelector(actor, (snapshot) => snapshot.context.fullName);
  const userId = useSelector(actor, (snapshot) => snapshot.context.userId);
  const accounts = useSelector(actor, (snapshot) => snapshot.context.accounts, sameAccounts);
  const endReason = useSelector(actor, (snapshot) => snapshot.context.endReason);
  const connectionError = useSelector(actor, (snapshot) => snapshot.context.connectionError);
  const signInPath = useSelector(actor, (snapshot) => signInPathOf(snapshot.context));
  const grants = useMemo(() => ({ permissions, allAllowed }), [permissions, allAllowed]);
  return useMemo(
    () => ({
      status,
      signedIn: status === 'signedIn' || status === 'renewing',
      grants,
      isProviderStaff,
      email,
      fullName,
      userId,
      accounts,
      endReason,
      connectionError,
      signInPath,
    }),
    [status, grants, isProviderStaff, email, fullName, userId, accounts, endReason, connectionError, signInPath],
  );
}

export interface SessionActions {
  /** Starts the session with the answer of POST /user/login or /user/admin/login. */
  signIn: (session: SessionResponse) => void;
  /** POST /user/logout, then back to sign-in whatever the answer. */
  logout: () => void;
  dismissConnectionError: () => void;
}

export function useSessionActions(): SessionActions {
  const { actor } = useServices();
  return useMemo(
    () => ({
      signIn: (session) => actor.send({ type: 'SIGNED_IN', session }),
      logout: () => actor.send({ type: 'LOGOUT' }),
      dismissConnectionError: () => actor.send({ type: 'DISMISS_CONNECTION_ERROR' }),
    }),
    [actor],
  );
}

/** The one API client, carrying this session's token. */
export function useApi(): ApiClient {
  return useServices().api;
}

/** For the rare reader that needs the actor itself (devtools, tests); screens use useSession. */
export function useSessionActor(): Actor<SessionMachine> {
  return useServices().actor;
}
