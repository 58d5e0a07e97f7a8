import { isApiError } from '@console/api/errors';
import type { FormNotice } from '@console/forms/form-notice';
import { type FormFields, useFormFields } from '@console/forms/use-form-fields';
import { useSavingPattern } from '@console/forms/use-saving-pattern';
import { useToast } from '@console/ui/toast';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import {
  comparableTexts,
  type DraftAlerts,
  draftSchema,
  type LimitTexts,
  type LimitTreeNode,
  type LimitValues,
  savedTexts,
} from './limits-draft';
import { type BoxDraftAlerts, type BoxHandle, ROW_SELECTOR, useLimitsTree } from './limits-tree';

// One box of the Limits & Alerts tab (spec 3, sections 2.7 and 4): the global limit, or one MID with its card brands
// and descriptors. It keeps a draft of its own (the inputs, and the alerts of limits not saved yet), saves it as a
// whole, compare-and-set on the version it read, and starts again from the saved values (a new version) once saved.
// Cancel and Escape restore the saved values at once: nothing is left and the values are on screen, so there is no
// confirm-cancel-changes question (that one guards leaving an editor).

interface LimitBoxOptions {
  boxId: string;
  root: LimitTreeNode;
  /** The box's cached limits: Reload refreshes them after a conflict. */
  queryKey: QueryKey;
  /** Sends the valid draft with its draft alerts and stores the answer (the saved limits, with their new version). */
  send: (values: LimitValues, alerts: DraftAlerts) => Promise<void>;
}

export interface LimitBox {
  boxId: string;
  fields: FormFields<LimitTexts>;
  /** The draft differs from the saved values: Save and Cancel show. */
  changed: boolean;
  saving: boolean;
  /** The save was refused because another user saved these limits first. */
  conflict: boolean;
  /** Why the last save was refused, above the box's buttons. */
  notice: FormNotice | null;
  submit: (event?: FormEvent) => void;
  restore: () => void;
  reload: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => void;
  formRef: RefObject<HTMLFormElement | null>;
  /** Alerts set on limits not saved yet: saved with the limits, dropped by Cancel. */
  draftAlerts: BoxDraftAlerts;
}

export function useLimitBox({ boxId, root, queryKey, send }: LimitBoxOptions): LimitBox {
  const toast = useToast();
  const queryClient = useQueryClient();
  const tree = useLimitsTree();
  const formRef = useRef<HTMLFormElement>(null);
  const original = useMemo(() => savedTexts(root), [root]);
  const schema = useMemo(() => draftSchema(root), [root]);
  const fields = useFormFields<LimitTexts>({ initial: original, schema });
  const [conflict, setConflict] = useState(false);
  const [alerts, setAlerts] = useState<DraftAlerts>(new Map());
  const draftAlerts = useMemo<BoxDraftAlerts>(
    () => ({
      alerts,
      set: (nodeKey, percent) =>
        setAlerts((current) => {
          const next = new Map(current);
          if (percent === null) next.delete(nodeKey);
          else next.set(nodeKey, percent);
          return next;
        }),
    }),
    [alerts],
  );
  /** The box's first row: the global limit's, or the MID's own. */
  const boxRow = () => formRef.current?.querySelector<HTMLElement>(ROW_SELECTOR) ?? null;
  const restore = () => {
    fields.reset(original);
    setAlerts(new Map());
  };

  const pattern = useSavingPattern<LimitTexts, LimitValues>({
    mode: 'edit',
    original,
    fields,
    comparable: comparableTexts,
    save: async (values) => {
      // The box starts again from the saved limits, without the Save button that has the focus.
      tree.focusWhenRendered(boxId);
      try {
        await send(values, alerts);
      } catch (error) {
        // Refused: the box stays as it is, with its buttons.
        tree.focusWhenRendered(null);
        throw error;
      }
      toast.showMessage('save-successfully');
      tree.limitsSaved();
    },
    onSaveError: (error) => {
      if (!isApiError(error)) return false;
      if (error.key === 'limit-changed') {
        setConflict(true);
        return true;
      }
      // Session ends, the not-found page and server errors have their global effect already.
      if (effectOfStatus(error.status) !== 'show-message') return false;
      const { header, content } = CATALOGUE['save-error'];
      return { type: 'error', header, content };
    },
    leave: restore,
  });

  const handle = useRef<BoxHandle>({ hasChanges: () => false, save: () => {}, cancel: () => {} });
  handle.current = {
    hasChanges: () => tree.permissions.editLimits && pattern.changed,
    save: () => void pattern.submit(),
    cancel: () => {
      restore();
      boxRow()?.focus();
    },
  };
  const { registerBox } = tree;
  useEffect(() => registerBox(boxId, handle), [registerBox, boxId]);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // A widget that used Escape itself has handled it; a key from a portal (a dialog opened from here) is not ours.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
    const row = event.target.closest<HTMLElement>(ROW_SELECTOR);
    const inField = event.target !== row;
    if (!pattern.changed && !inField) return;
    event.preventDefault();
    // Escape cancels the box's draft, and leaves a field for its row, where the arrow keys move again.
    if (pattern.changed) restore();
    row?.focus();
  };

  return {
    boxId,
    fields,
    changed: pattern.changed,
    saving: pattern.saving,
    conflict,
    notice: pattern.notice,
    submit: (event) => void pattern.submit(event),
    restore: () => handle.current.cancel(),
    reload: () => {
      tree.focusWhenRendered(boxId);
      void queryClient.invalidateQueries({ queryKey });
    },
    onKeyDown,
    formRef,
    draftAlerts,
  };
}
