import { accountSummary } from '@domain/contract/auth';
import type { SessionCredentials, SessionEndReason } from '@machines/session.machine';
import { z } from 'zod';

// Browser storage (spec 1, section 3): one object under a default name, whose keys hold strings only: the token (t),
// the refresh token (rt) and the permissions (perms), plus what a reload needs to rebuild the session. A missing or
// non-string key or value is refused. Tabs share it, which is how they hand renewed tokens to each other.

export const STORAGE_NAME = 'opsConsole';

/** The keys the console keeps; nothing else is written. */
export const STORAGE_KEYS = {
  token: 't',
  refreshToken: 'rt',
  permissions: 'perms',
  expiresAt: 'exp',
  user: 'user',
  /** Why the last session ended, so other tabs show the same message. */
  ended: 'ended',
} as const;

const entry = z.object({ key: z.string().min(1), value: z.string() });
const storedObject = z.record(z.string().min(1), z.string());

const permissionsValue = z.array(z.string());
const userValue = z.object({
  allAllowed: z.boolean(),
  isProviderStaff: z.boolean(),
  email: z.string(),
  fullName: z.string(),
  userId: z.string(),
  accounts: z.array(accountSummary),
});
const endReasonValue = z.enum(['session-expired', 'session-opened-another-device', 'logout']);

/** A key-value store of strings under one name in localStorage. */
export interface ConsoleStorage {
  readonly name: string;
  get(key: string): string | undefined;
  /** False when the key or value is refused, or the browser refuses to store. */
  set(key: string, value: unknown): boolean;
  /** Replaces the whole object at once, so other tabs never see half a session. */
  replace(values: Record<string, unknown>): boolean;
  remove(key: string): void;
  /** The raw string stored under the name, to compare with a storage event's newValue. */
  raw(): string | null;
}

export function createConsoleStorage(
  backend: Storage | undefined = globalThis.localStorage,
  name: string = STORAGE_NAME,
): ConsoleStorage {
  function readObject(): Record<string, string> {
    try {
      const raw = backend?.getItem(name);
      if (!raw) return {};
      const parsed = storedObject.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  function writeObject(values: Record<string, string>): boolean {
    try {
      backend?.setItem(name, JSON.stringify(values));
      return backend !== undefined;
    } catch {
      return false;
    }
  }

  return {
    name,
    get: (key) => readObject()[key],
    set(key, value) {
      const checked = entry.safeParse({ key, value });
      if (!checked.success) return false;
      return writeObject({ ...readObject(), [checked.data.key]: checked.data.value });
    },
    replace(values) {
      const checked = storedObject.safeParse(values);
      if (!checked.success) return false;
      return writeObject(checked.data);
    },
    remove(key) {
      const current = readObject();
      if (!(key in current)) return;
      delete current[key];
      writeObject(current);
    },
    raw() {
      try {
        return backend?.getItem(name) ?? null;
      } catch {
        return null;
      }
    },
  };
}

function parseJson<T>(schema: z.ZodType<T>, raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The stored session, or null when any part is missing or malformed (then the user signs in again). */
export function readSession(storage: ConsoleStorage): SessionCredentials | null {
  const token = storage.get(STORAGE_KEYS.token);
  const refreshToken = storage.get(STORAGE_KEYS.refreshToken);
  const permissions = parseJson(permissionsValue, storage.get(STORAGE_KEYS.permissions));
  const user = parseJson(userValue, storage.get(STORAGE_KEYS.user));
  const expiresAt = Number(storage.get(STORAGE_KEYS.expiresAt));
  if (!token || !refreshToken || !permissions || !user || !Number.isFinite(expiresAt)) return null;
  return { token, refreshToken, expiresAt, permissions, ...user };
}

export function sessionValues(credentials: SessionCredentials): Record<string, string> {
  const { token, refreshToken, expiresAt, permissions, ...user } = credentials;
  return {
    [STORAGE_KEYS.token]: token,
    [STORAGE_KEYS.refreshToken]: refreshToken,
    [STORAGE_KEYS.permissions]: JSON.stringify(permissions),
    [STORAGE_KEYS.expiresAt]: String(expiresAt),
    [STORAGE_KEYS.user]: JSON.stringify({
      allAllowed: user.allAllowed,
      isProviderStaff: user.isProviderStaff,
      email: user.email,
      fullName: user.fullName,
      userId: user.userId,
      accounts: user.accounts,
    }),
  };
}

export function writeSession(storage: ConsoleStorage, credentials: SessionCredentials): boolean {
  return storage.replace(sessionValues(credentials));
}

/** Clears credentials and permissions, leaving only why the session ended. */
export function clearSession(storage: ConsoleStorage, reason: SessionEndReason): boolean {
  return storage.replace({ [STORAGE_KEYS.ended]: reason });
}

export function readEndReason(storage: ConsoleStorage): SessionEndReason | null {
  const parsed = endReasonValue.safeParse(storage.get(STORAGE_KEYS.ended));
  return parsed.success ? parsed.data : null;
}
