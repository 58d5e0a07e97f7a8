import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { useToast } from '@console/ui/toast';
import type { GlobalLimit, LimitAlert, MidLimit } from '@domain/contract/limits';
import { effectOfStatus } from '@domain/errors';
import { percentToFraction } from '@domain/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertAction } from './alert-modal';
import { globalWithAlert, midWithAlert } from './limits-draft';
import { deleteAlert, limitsQueryKeys, saveAlert } from './limits-queries';
import type { AlertTarget } from './limits-tree';

// The alert calls of a saved limit (PUT and DELETE /limit/{limitId}/alert), one at a time per limit: the answer is
// stored in the box's cached limits, and the counters, which draw the alert's threshold, are read again. An alert of
// a limit not saved yet is the box's draft instead (limit-boxes.tsx), saved with the limit.

export interface AlertCalls {
  /** Limits whose alert is being saved or deleted. */
  pending: ReadonlyMap<string, AlertAction>;
  run: (target: AlertTarget, action: AlertAction, percent?: number) => Promise<void>;
}

export function useAlertCalls(
  merchantId: string,
  pspId: string,
  refreshCounters: () => void,
  /** After a call succeeded: the modal of that limit closes. */
  done: (limitId: string) => void,
): AlertCalls {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<string, AlertAction>>(new Map());

  const store = (box: AlertTarget['box'], limitId: string, alert: LimitAlert | null) => {
    if (box.kind === 'global') {
      queryClient.setQueryData<GlobalLimit>(limitsQueryKeys.global(merchantId, pspId), (limit) =>
        limit ? globalWithAlert(limit, limitId, alert) : limit,
      );
    } else {
      queryClient.setQueryData<MidLimit>(limitsQueryKeys.mid(merchantId, pspId, box.midId), (limit) =>
        limit ? midWithAlert(limit, limitId, alert) : limit,
      );
    }
    refreshCounters();
  };

  const run = async (target: AlertTarget, action: AlertAction, percent?: number) => {
    const { limitId } = target.node;
    if (limitId === null || pending.has(limitId)) return;
    setPending((current) => new Map(current).set(limitId, action));
    try {
      const answer =
        action === 'save'
          ? await saveAlert(api, limitId, percentToFraction(percent ?? 0))
          : await deleteAlert(api, limitId).catch((error: unknown) => {
              // Deleted meanwhile (by another user): what the user asked for is done.
              if (isApiError(error) && error.status === 404) return { limitId, alert: null };
              throw error;
            });
      store(target.box, answer.limitId, answer.alert);
      toast.showMessage(action === 'save' ? 'save-successfully' : 'successfully-deleted');
      done(limitId);
    } catch (error) {
      if (!isApiError(error)) toast.showMessage('unexpected-error');
      else if (error.key === 'alert-without-limit') toast.showMessage(error.key);
      // The delete answers its own 403 and 404 (notFoundIsAnswer); other failures had their global effect already.
      else if (effectOfStatus(error.status) === 'show-message' || (action === 'delete' && error.status === 403)) {
        toast.showMessage(action === 'save' ? 'save-error' : 'delete-error');
      }
    } finally {
      setPending((current) => {
        const next = new Map(current);
        next.delete(limitId);
        return next;
      });
    }
  };

  return { pending, run };
}
