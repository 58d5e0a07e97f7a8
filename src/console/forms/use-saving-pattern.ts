import { isApiError } from '@console/api/errors';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { sameValues, trimmedValues } from './same-values';
import type { FormFields } from './use-form-fields';

// The saving pattern every editor follows (spec 1, section 4): a new record always saves; an edit with nothing
// changed sends nothing and says so ('without-changes'); cancelling with changes asks before discarding them; an
// invalid form says 'Form not validated' and sends nothing; field errors from the server land on their fields.

export type EditorMode = 'new' | 'edit';

export const DISCARD_CHANGES = 'Discard changes';
export const continueLabel = (mode: EditorMode) => (mode === 'new' ? 'Continue creating' : 'Continue editing');

export interface SavingPatternOptions<T extends Record<string, unknown>, D> {
  mode: EditorMode;
  /** What the form was opened with: the record being edited, or the blank form of a new one. */
  original: T;
  fields: FormFields<T>;
  /** The form compared for changes; by default the values with surrounding white space ignored. */
  comparable?: (values: T) => unknown;
  /** Sends the validated data; on success it shows its message and leaves. A thrown ApiError is reported below. */
  save: (data: D, values: T) => Promise<void>;
  /** The editor's own reading of a failure (e.g. 409 on a user's e-mail); true when it showed something. */
  onSaveError?: (error: unknown) => boolean;
  /** Back to where the editor came from (the list). */
  leave: () => void;
  /** Server field names that differ from the form's ('accountIds' for the form's 'accounts'). */
  serverFieldNames?: Readonly<Record<string, string>>;
}

export interface SavingPattern {
  changed: boolean;
  saving: boolean;
  /** The form's submit handler (Enter in a field, the Save button). */
  submit: (event?: Pick<FormEvent, 'preventDefault'>) => Promise<void>;
  /** Cancel: leaves at once without changes, otherwise asks first. */
  cancel: () => Promise<void>;
}

/** Field errors keyed by the form's names; a path keeps its tail ('accountIds.0' -> 'accounts.0'). */
export function renameFields(
  errors: Readonly<Record<string, string>>,
  names: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head = '', ...rest] = path.split('.');
    renamed[[names[head] ?? head, ...rest].join('.')] ??= message;
  }
  return renamed;
}

export function useSavingPattern<T extends Record<string, unknown>, D = unknown>(
  options: SavingPatternOptions<T, D>,
): SavingPattern {
  const { mode, original, fields, comparable = trimmedValues, save, onSaveError, leave, serverFieldNames } = options;
  const toast = useToast();
  const confirm = useConfirm();
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const changed = !sameValues(comparable(original), comparable(fields.values));

  const reportFailure = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      fields.showErrors(renameFields(error.fields, serverFieldNames));
    }
    if (onSaveError?.(error)) return;
    if (!isApiError(error)) {
      toast.showMessage('unexpected-error');
      return;
    }
    // Sessions ending, the not-found screen and server errors already have their global effect.
    if (effectOfStatus(error.status) !== 'show-message') return;
    toast.show({ type: error.type, header: error.header, content: error.content });
  };

  const submit = async (event?: Pick<FormEvent, 'preventDefault'>) => {
    event?.preventDefault();
    if (savingRef.current) return;
    if (mode === 'edit' && !changed) {
      toast.showMessage('without-changes');
      return;
    }
    const data = fields.validateAll();
    if (data === null) {
      toast.show({ type: 'error', header: CATALOGUE['form-not-validated'].header });
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      await save(data as D, fields.values);
    } catch (error) {
      reportFailure(error);
    } finally {
      savingRef.current = false;
      if (mounted.current) setSaving(false);
    }
  };

  const cancel = async () => {
    if (!changed) {
      leave();
      return;
    }
    const discard = await confirm({
      title: CATALOGUE['confirm-cancel-changes'].header,
      confirmLabel: DISCARD_CHANGES,
      cancelLabel: continueLabel(mode),
      tone: 'warning',
    });
    if (discard) leave();
  };

  return { changed, saving, submit, cancel };
}
