import { isApiError } from '@console/api/errors';
import { useConfirm } from '@console/ui/confirm';
import { CATALOGUE, effectOfStatus, messageFor } from '@domain/errors';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { asNotice, type FormNotice, type FormNoticeMessage, useFocusThroughSave, useFormNotice } from './form-notice';
import { sameValues, trimmedValues } from './same-values';
import type { FormFields } from './use-form-fields';

// The saving pattern every editor follows (spec 1, section 4): a new record always saves; an edit with nothing
// changed sends nothing and says so ('without-changes'); cancelling with changes asks before discarding them; an
// invalid form says 'Form not validated' and sends nothing; field errors from the server land on their fields.
// What the form says about a save is its notice, shown above its actions (form-notice.tsx), never a toast that
// could cover them; the success message is a toast, since the editor leaves.

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
  /**
   * The editor's own reading of a failure: a message for the form's notice (e.g. 409 on a user's e-mail), true when
   * it showed something itself (a conflict banner), false for the usual reading.
   */
  onSaveError?: (error: unknown) => FormNoticeMessage | boolean;
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
  /**
   * What the form says about the last save (FormNoticeBanner): why it was refused, or that nothing changed. It goes
   * once it no longer holds: 'Form not validated' when no field shows a message, 'without-changes' after a change.
   */
  notice: FormNotice | null;
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
  const confirm = useConfirm();
  const { notice, show: showNotice, clear: clearNotice } = useFormNotice();
  const [noticeKind, setNoticeKind] = useState<'invalid' | 'unchanged' | 'refused'>('refused');
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const focus = useFocusThroughSave(saving);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const changed = !sameValues(comparable(original), comparable(fields.values));

  const say = (kind: typeof noticeKind, message: FormNoticeMessage) => {
    setNoticeKind(kind);
    showNotice(message);
  };

  const reportFailure = (error: unknown) => {
    if (isApiError(error) && Object.keys(error.fields).length > 0) {
      fields.showErrors(renameFields(error.fields, serverFieldNames));
    }
    const reading = onSaveError?.(error) ?? false;
    if (reading === true) return;
    if (reading !== false) {
      say('refused', reading);
      return;
    }
    if (!isApiError(error)) {
      say('refused', asNotice(messageFor('unexpected-error')));
      return;
    }
    // Sessions ending, the not-found screen and server errors already have their global effect.
    if (effectOfStatus(error.status) !== 'show-message') return;
    say('refused', asNotice(error));
  };

  const submit = async (event?: Pick<FormEvent, 'preventDefault'>) => {
    event?.preventDefault();
    if (savingRef.current) return;
    clearNotice();
    if (mode === 'edit' && !changed) {
      say('unchanged', asNotice(messageFor('without-changes')));
      return;
    }
    const data = fields.validateAll();
    if (data === null) {
      say('invalid', { type: 'error', header: CATALOGUE['form-not-validated'].header });
      return;
    }
    savingRef.current = true;
    focus.remember();
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

  const stale = (noticeKind === 'invalid' && !fields.showsErrors) || (noticeKind === 'unchanged' && changed);
  // Gone for good: a field in error again later is that field's message, not a new refusal.
  useEffect(() => {
    if (stale) clearNotice();
  }, [stale, clearNotice]);
  return { changed, saving, submit, cancel, notice: stale ? null : notice };
}
