import { z } from 'zod';
import { AUTH_LIMITS, emailField, MSG, maxCharacters, passwordField } from '../validation';
import { uuid } from './common';

// Sign-in, session and password calls (spec 1, section 7).

/** The account's short ID (what users type) or its identifier. */
const accountIdField = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(AUTH_LIMITS.accountId, maxCharacters(AUTH_LIMITS.accountId));

/** A password being checked, not chosen: only bounded (the rules apply when it is set). */
const currentPassword = z.string().min(1, MSG.required).max(AUTH_LIMITS.password, maxCharacters(AUTH_LIMITS.password));

/** A refresh, reset or invitation token: never longer than the ones we issue, by a margin. */
const tokenField = z.string().max(AUTH_LIMITS.token, maxCharacters(AUTH_LIMITS.token));

export const loginBody = z.object({
  username: emailField,
  password: currentPassword,
  accountId: accountIdField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const adminLoginBody = loginBody.omit({ accountId: true });
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export const accountSummary = z.object({
  accountId: uuid,
  shortId: z.string(),
  prettyName: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

export const sessionResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
  permissions: z.array(z.string()),
  allAllowed: z.boolean(),
  isProviderStaff: z.boolean(),
  email: z.string(),
  userId: uuid,
  fullName: z.string(),
  accounts: z.array(accountSummary),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

export const renewBody = z.object({ refreshToken: tokenField.min(1, MSG.required) });

export const forgotBody = z.object({ email: emailField, accountId: accountIdField });
export const adminForgotBody = z.object({ email: emailField });

/** Reset and invitation (new password) share one call; the token says which it is. */
export const resetBody = z.object({ password: passwordField, token: tokenField.min(20) });

export const passwordForm = z
  .object({ password: passwordField, confirmPassword: currentPassword })
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: MSG.passwordsMatch });

/** Claims of the signed access token. The token carries the provider-staff flag and the permissions. */
export const accessClaims = z.object({
  sub: uuid,
  sid: uuid,
  email: z.string(),
  pst: z.boolean(),
  perms: z.array(z.string()),
  all: z.boolean(),
  exp: z.number(),
  iat: z.number(),
});
export type AccessClaims = z.infer<typeof accessClaims>;

export const okResponse = z.object({ ok: z.literal(true) });

/** What the password page asks before showing the form, so 'link-expired' shows before the user types. */
export const passwordLinkQuery = z.object({ token: tokenField.min(1) });
export const passwordLinkStatus = z.object({
  state: z.enum(['valid', 'expired', 'used', 'invalid']),
  kind: z.enum(['reset', 'new']).nullable(),
  expiresAt: z.string().nullable(),
});
