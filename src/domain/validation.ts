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

export const emailField = z.string().trim().min(1, MSG.required).max(320).regex(EMAIL, MSG.email);
export const requiredString = z.string().trim().min(1, MSG.required);

/** Characters the password form refuses: Ñ, Ç, typographic apostrophes and diaereses, and any white space. */
const FORBIDDEN_IN_PASSWORD = /[ñÑçÇ’´¨\s]/;
/** Anything that is neither a letter nor a digit counts as special. */
const SPECIAL = /[^\p{L}\p{N}]/u;

/** The password form's rules, in the order the form reports them. */
export const passwordField = z
  .string()
  .min(1, MSG.required)
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
