import { fieldErrors } from '@domain/validation';
import { useState } from 'react';
import type { z } from 'zod';

/**
 * Form state validated with a zod schema on change and on blur (spec 1, section 5). A field shows its error once
 * the user has touched it; submitting touches every field.
 */
export function useFieldValidation<T extends Record<string, string>>(schema: z.ZodType, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const parsed = schema.safeParse(values);
  const errors: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);

  const errorOf = (field: keyof T & string): string | undefined => (touched[field] ? errors[field] : undefined);

  const bind = (field: keyof T & string) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setTouched((current) => ({ ...current, [field]: true }));
    },
    onBlur: (event: { relatedTarget: EventTarget | null }) => {
      // Leaving through a link (Forgot your password?, Back to login) abandons the form: showing an error now would
      // shift the link from under the pointer between mousedown and mouseup, and the click would be lost.
      const next = event.relatedTarget as { closest?: (selector: string) => unknown } | null;
      if (next?.closest?.('a[href]')) return;
      setTouched((current) => ({ ...current, [field]: true }));
    },
    error: errorOf(field),
  });

  /** Touches every field; returns the parsed data when the form is valid. */
  const submit = (): unknown | null => {
    setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])) as Record<keyof T, boolean>);
    return parsed.success ? parsed.data : null;
  };

  const reset = () => {
    setValues(initial);
    setTouched({});
  };

  return { values, setValues, errors, errorOf, bind, submit, reset, valid: parsed.success };
}
