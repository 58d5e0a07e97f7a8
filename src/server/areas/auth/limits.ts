import type { ServerConfig } from '../../config';
import type { RateLimitRule } from '../../lib/rate-limit';

// What the sign-in and password-recovery calls count, all with the one rate limiter (lib/rate-limit.ts). The README's
// "Rate limiting" decision describes the same rules.

type LoginLimits = ServerConfig['loginLimit'];

/** lower(e-mail) + '|' + the account (or 'admin'): what one person guessing one login tries. */
export const attemptIdentity = (email: string, account: string) =>
  `${email.trim().toLowerCase()}|${account.toLowerCase()}`;

/**
 * A sign-in from a known device (a valid device cookie for this identity) counts only against that device, so failures
 * from elsewhere never lock it out. Any other sign-in counts against the identity and against the client address.
 */
export function signInRules(
  limits: LoginLimits,
  client: { identity: string; address: string; deviceId: string | null },
): RateLimitRule[] {
  const windowSeconds = limits.windowSeconds;
  if (client.deviceId !== null) {
    return [{ bucket: 'login-device', subject: client.deviceId, limit: limits.perDevice, windowSeconds }];
  }
  return [
    { bucket: 'login-identity', subject: client.identity, limit: limits.perIdentity, windowSeconds },
    { bucket: 'login-address', subject: client.address, limit: limits.perAddress, windowSeconds },
  ];
}

/** Every forgot-password request from one address counts, found or not: probing e-mails is slowed down too. */
export const forgotAddressRule = (limits: LoginLimits, address: string): RateLimitRule => ({
  bucket: 'forgot-address',
  subject: address,
  limit: limits.perAddress,
  windowSeconds: limits.windowSeconds,
});

/** Reset (or fresh invitation) e-mails one user receives at most per hour; later requests send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

export const resetMailRule = (userId: string): RateLimitRule => ({
  bucket: 'reset-mail',
  subject: userId,
  limit: RESET_MAILS_PER_HOUR,
  windowSeconds: 3600,
});
