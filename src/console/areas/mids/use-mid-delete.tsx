import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { Button } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { Modal } from '@console/ui/modal';
import { useToast } from '@console/ui/toast';
import { useReportFailure } from '@console/ui/use-report-failure';
import { CATALOGUE, type ErrorDependant } from '@domain/errors';
import { MID_MESSAGES } from '@domain/mids';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { midDetailPath, midListQueryKey } from './mid-paths';

interface MidRef {
  midId: string;
  description: string;
}

interface InUse extends MidRef {
  routes: ErrorDependant[];
}

/**
 * Deleting a MID (spec 2, section 2.3): 'Delete this MID?', then either gone, or refused. Working routes keep it
 * ('You can't delete this MID', naming them, with View detail); payments keep it for good ('Impossible to delete
 * MID'). `onDeleted` runs after the list is refreshed (the detail goes back to the list).
 */
export function useMidDelete(accountId: string, merchantId: string, onDeleted?: () => void) {
  const api = useApi();
  const confirm = useConfirm();
  const toast = useToast();
  const report = useReportFailure();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [inUse, setInUse] = useState<InUse>();

  const remove = useCallback(
    async (mid: MidRef) => {
      const sure = await confirm({
        title: MID_MESSAGES.deleteQuestion,
        content: mid.description,
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (!sure) return;
      try {
        await api.delete(`/merchant/${merchantId}/mid/${mid.midId}`);
        toast.showMessage('successfully-deleted');
        await queryClient.invalidateQueries({ queryKey: midListQueryKey(merchantId) });
        onDeleted?.();
      } catch (failure) {
        if (isApiError(failure) && failure.key === 'mids-in-use') setInUse({ ...mid, routes: failure.dependants });
        else report(failure);
      }
    },
    [api, confirm, toast, report, queryClient, merchantId, onDeleted],
  );

  const close = () => setInUse(undefined);
  const dialog: ReactNode = (
    <Modal
      open={inUse !== undefined}
      onClose={close}
      title={MID_MESSAGES.cantDelete}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Got it
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              if (inUse) navigate(midDetailPath(accountId, merchantId, inUse.midId));
              close();
            }}
          >
            View detail
          </Button>
        </>
      }
    >
      <p>
        {CATALOGUE['mids-in-use'].header} Remove <strong>{inUse?.description}</strong> from these routes first:
      </p>
      <ul>
        {inUse?.routes.map((route) => (
          <li key={route.id}>{route.description}</li>
        ))}
      </ul>
    </Modal>
  );
  return { remove, dialog };
}
