import { z } from 'zod';

// Field rules shared by the console forms and the server (spec 1, section 5). The messages are the spec's texts.

export const MSG = {
  required: 'Required field',
  email: 'Enter a valid email address',
  passwordMin: '10 characters minimum',
  passwordNumber: 'At least one number',
  passwordLetter: 'At least one letter',
  passwordSpecial: 'At least one special character',
  passwordForbidden: 'No Ñ, Ç,’,´,¨, or spaces are allowed',
  passwordsMatch: 'Passwords must match',
  datesIncorrect: 'The indicated dates are not correct',
} as const;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Upper bounds of the sign-in and password fields. Over-long input is refused by the contract (400) before any
 * database work, and the forms say so. E-mail: the longest address SMTP carries (RFC 5321). Password: NIST SP 800-63B
 * asks to accept at least 64 characters; 256 leaves room for pass phrases and keeps hashing cheap. Account: its short
 * ID or its identifier (36). Tokens: ours are 43 characters.
 */
export const AUTH_LIMITS = { email: 254, password: 256, accountId: 64, token: 128 } as const;

/** The message of a field over its maximum length. */
export const maxCharacters = (max: number) => `Maximum ${max} characters`;

export const emailField = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(AUTH_LIMITS.email, maxCharacters(AUTH_LIMITS.email))
  .regex(EMAIL, MSG.email);
export const requiredString = z.string().trim().min(1, MSG.required);

/** Characters the password form refuses: Ñ, Ç, typographic apostrophes and diaereses, and any white space. */
const FORBIDDEN_IN_PASSWORD = /[ñÑçÇ’´¨\s]/;
/** Anything that is neither a letter nor a digit counts as special. */
const SPECIAL = /[^\p{L}\p{N}]/u;

/** The password form's rules, in the order the form reports them. */
export const passwordField = z
  .string()
  .min(1, MSG.required)
  .max(AUTH_LIMITS.password, maxCharacters(AUTH_LIMITS.password))
  .min(10, MSG.passwordMin)
  .regex(/\p{N}/u, MSG.passwordNumber)
  .regex(/\p{L}/u, MSG.passwordLetter)
  .refine((value) => SPECIAL.test(value.replace(/\s/g, '')), MSG.passwordSpecial)
  .refine((value) => !FORBIDDEN_IN_PASSWORD.test(value), MSG.passwordForbidden);

/** Collects zod issues per field path ("accounts.0.name"); the first message per field wins (spec 1, section 5). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_form';
    fields[path] ??= issue.message;
  }
  return fields;
}

/**
 * A web address as the merchant form and the URL lists accept it (spec 2, section 5): an optional http, https or ftp
 * scheme, a dotted host name (letters, digits and hyphens, any script), an optional port and an optional path,
 * query or fragment. At most 2,048 characters.
 */
export const URL_PATTERN =
  /^(?:(?:https?|ftp):\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/iu;
export const URL_MAX = 2048;

export const isWebAddress = (value: string) => value.length <= URL_MAX && URL_PATTERN.test(value);

/** A phone number: an optional +, then digits with single spaces, dots, hyphens or brackets, 6 to 15 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,20}$/;
export const isPhoneNumber = (value: string) => {
  const digits = value.replace(/\D/g, '').length;
  return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 15;
};
