import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's "device cookies" (Slow Down Online Guessing Attacks with Device Cookies): a browser that signed in as a user
// keeps a signed cookie naming that user, and presents it at the next sign-in. A sign-in with a valid cookie is
// counted on its own (per device), so failures coming from elsewhere cannot lock the user out of a browser they used
// before; everyone else (unknown devices) is limited per identity and per address.
//
// One cookie per identity (e-mail + account) so several users of one browser each keep theirs. The name is an HMAC of
// the identity, so the cookie jar does not show which e-mails signed in. The value is
// `{device id}.{issued at, unix seconds}.{HMAC(user id, identity, device id, issued at)}`, signed with a key derived
// from the token secret.

/** How long a browser stays a known device without signing in again. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Clock drift tolerated on the issue time. */
const SKEW_SECONDS = 300;

export interface DeviceOwner {
  /** attemptIdentity(e-mail, account): the sign-in the cookie is good for. */
  identity: string;
  userId: string;
}

export interface DeviceCookies {
  /** The cookie name for this identity. */
  name(identity: string): string;
  /** A new cookie value (a new device id) for a successful sign-in. */
  issue(owner: DeviceOwner, now: number): string;
  /** The device id of a valid, unexpired cookie of exactly this user and identity; null for anything else. */
  verify(value: string | undefined, owner: DeviceOwner, now: number): string | null;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ISSUED_AT = /^\d{1,12}$/;

export function createDeviceCookies(key: Buffer): DeviceCookies {
  const mac = (...parts: string[]) => createHmac('sha256', key).update(parts.join('\0')).digest();
  const signature = (owner: DeviceOwner, deviceId: string, issuedAt: string) =>
    mac('device-cookie', owner.userId, owner.identity, deviceId, issuedAt);

  return {
    name: (identity) => `device_${mac('device-cookie-name', identity).toString('base64url').slice(0, 16)}`,
    issue(owner, now) {
      const deviceId = randomBytes(16).toString('base64url');
      const issuedAt = String(Math.floor(now / 1000));
      return `${deviceId}.${issuedAt}.${signature(owner, deviceId, issuedAt).toString('base64url')}`;
    },
    verify(value, owner, now) {
      const parts = value?.split('.') ?? [];
      if (parts.length !== 3) return null;
      const [deviceId = '', issuedAt = '', signed = ''] = parts;
      if (!DEVICE_ID.test(deviceId) || !ISSUED_AT.test(issuedAt)) return null;
      const given = Buffer.from(signed);
      const expected = Buffer.from(signature(owner, deviceId, issuedAt).toString('base64url'));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = now / 1000 - Number(issuedAt);
      if (age < -SKEW_SECONDS || age > DEVICE_COOKIE_MAX_AGE_SECONDS) return null;
      return deviceId;
    },
  };
}
