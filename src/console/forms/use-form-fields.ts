import { fieldErrors } from '@domain/validation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

// Form state validated with the editor's zod schema (spec 1, section 5): a field is checked when it changes and when
// the user leaves it, and shows the first message of its path. What is shown is decided at those moments, so a field
// validated on blur only (the user form's e-mail) keeps its message while the user types.

export type FieldName<T> = keyof T & string;

export interface FormFieldsOptions<T> {
  initial: T;
  /** Validates the whole form; issues are collected per path ("accounts.0" counts for "accounts"). */
  schema: z.ZodType;
  /** Fields checked when the user leaves them but not while typing. */
  validateOnBlurOnly?: readonly FieldName<T>[];
}

export interface FormFields<T> {
  values: T;
  /** The message the field shows now, if any. */
  errorOf: (field: FieldName<T>) => string | undefined;
  /** Whether any field shows a message now. */
  showsErrors: boolean;
  setValue: <K extends FieldName<T>>(field: K, value: T[K]) => void;
  /** Validates the field (the user left it). */
  blur: (field: FieldName<T>) => void;
  /** Validates every field and shows every message; the parsed data when valid, otherwise null. */
  validateAll: () => unknown | null;
  /** Shows messages that came from elsewhere (the server's `fields`), keyed by path. */
  showErrors: (errors: Readonly<Record<string, string>>) => void;
  /** Starts again from these values, with no message shown (a record that finished loading). */
  reset: (values: T) => void;
  /** Props for a TextField or Select holding a string. */
  bindText: (field: FieldName<T>) => {
    name: string;
    value: string;
    onChange: (event: { target: { value: string } }) => void;
    onBlur: () => void;
    error: string | undefined;
  };
}

// A pointer press that takes focus out of a field is followed by its click. Checking the field at blur would show a
// message between press and release, move what was pressed (the next field, a checkbox, Save) and lose the click,
// so a check started while a pointer is down waits until the press is over and its click has been handled.
let pointerIsDown = false;
let trackingPointer = false;

function trackPointer(): void {
  if (trackingPointer || typeof document === 'undefined') return;
  trackingPointer = true;
  const release = () => {
    pointerIsDown = false;
  };
  document.addEventListener(
    'pointerdown',
    () => {
      pointerIsDown = true;
    },
    true,
  );
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

export function afterPointerRelease(run: () => void): void {
  if (!pointerIsDown) {
    run();
    return;
  }
  const done = () => {
    document.removeEventListener('pointerup', done, true);
    document.removeEventListener('pointercancel', done, true);
    // The click follows pointerup within the same input task; a task later it has been handled.
    setTimeout(run, 0);
  };
  document.addEventListener('pointerup', done, true);
  document.addEventListener('pointercancel', done, true);
}

/** The first message for a field or any path beneath it ('accounts', 'accounts.0'). */
export function errorForField(errors: Readonly<Record<string, string>>, field: string): string | undefined {
  if (errors[field] !== undefined) return errors[field];
  const nested = Object.keys(errors).find((path) => path.startsWith(`${field}.`));
  return nested === undefined ? undefined : errors[nested];
}

export function useFormFields<T extends Record<string, unknown>>(options: FormFieldsOptions<T>): FormFields<T> {
  const [values, setValues] = useState<T>(options.initial);
  const [shown, setShown] = useState<Record<string, string | undefined>>({});
  // Reads within one event see the values just set, before React re-renders.
  const valuesRef = useRef(values);
  const schemaRef = useRef(options.schema);
  schemaRef.current = options.schema;
  const blurOnlyRef = useRef(options.validateOnBlurOnly ?? []);
  blurOnlyRef.current = options.validateOnBlurOnly ?? [];

  const errorsOf = useCallback((current: T): Record<string, string> => {
    const parsed = schemaRef.current.safeParse(current);
    return parsed.success ? {} : fieldErrors(parsed.error);
  }, []);

  const validateField = useCallback(
    (field: string) => {
      const message = errorForField(errorsOf(valuesRef.current), field);
      setShown((current) => (current[field] === message ? current : { ...current, [field]: message }));
    },
    [errorsOf],
  );

  const setValue = useCallback(
    <K extends FieldName<T>>(field: K, value: T[K]) => {
      valuesRef.current = { ...valuesRef.current, [field]: value };
      setValues(valuesRef.current);
      if (!blurOnlyRef.current.includes(field)) validateField(field);
    },
    [validateField],
  );

  useEffect(trackPointer, []);
  // Bumped by a whole-form check or messages from the server: a blur check still waiting is then out of date.
  const generation = useRef(0);

  const blur = useCallback(
    (field: FieldName<T>) => {
      const started = generation.current;
      afterPointerRelease(() => {
        if (generation.current === started) validateField(field);
      });
    },
    [validateField],
  );

  const validateAll = useCallback((): unknown | null => {
    generation.current += 1;
    const parsed = schemaRef.current.safeParse(valuesRef.current);
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    const next: Record<string, string | undefined> = {};
    for (const field of Object.keys(valuesRef.current)) next[field] = errorForField(errors, field);
    setShown(next);
    return parsed.success ? parsed.data : null;
  }, []);

  const showErrors = useCallback((errors: Readonly<Record<string, string>>) => {
    generation.current += 1;
    setShown((current) => {
      const next = { ...current };
      for (const field of Object.keys(valuesRef.current)) {
        const message = errorForField(errors, field);
        if (message !== undefined) next[field] = message;
      }
      return next;
    });
  }, []);

  const reset = useCallback((next: T) => {
    generation.current += 1;
    valuesRef.current = next;
    setValues(next);
    setShown({});
  }, []);

  const errorOf = (field: FieldName<T>) => shown[field];
  const showsErrors = Object.values(shown).some((message) => message !== undefined);

  const bindText = (field: FieldName<T>) => ({
    name: field,
    value: String(values[field] ?? ''),
    onChange: (event: { target: { value: string } }) => setValue(field, event.target.value as T[typeof field]),
    onBlur: () => blur(field),
    error: shown[field],
  });

  return { values, errorOf, showsErrors, setValue, blur, validateAll, showErrors, reset, bindText };
}
