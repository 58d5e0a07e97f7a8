import { useApi } from '@console/session/session-provider';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import { useReportFailure } from '@console/ui/use-report-failure';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { routeListQueryKey } from './route-paths';

interface RouteRef {
  routeId: string;
  routeDescription: string;
}

/**
 * Duplicate (the same route at weight 0, 'Copy of …') and Delete ('Delete this route?'; a route payments went through
 * stays, and the server says so). Both refresh the list; `onDeleted` runs after a delete (the detail leaves).
 */
export function useRouteActions(merchantId: string, onDeleted?: () => void) {
  const api = useApi();
  const confirm = useConfirm();
  const toast = useToast();
  const report = useReportFailure();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: routeListQueryKey(merchantId) }),
    [queryClient, merchantId],
  );

  const duplicate = useCallback(
    async (route: RouteRef) => {
      try {
        await api.post(`/merchant/${merchantId}/route/${route.routeId}/duplicate`);
        toast.showMessage('successfully-duplicated');
        await refresh();
      } catch (failure) {
        report(failure);
      }
    },
    [api, merchantId, toast, report, refresh],
  );

  const remove = useCallback(
    async (route: RouteRef) => {
      const sure = await confirm({
        title: 'Delete this route?',
        content: route.routeDescription,
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (!sure) return;
      try {
        await api.delete(`/merchant/${merchantId}/route/${route.routeId}`);
        toast.showMessage('successfully-deleted');
        await refresh();
        onDeleted?.();
      } catch (failure) {
        report(failure);
      }
    },
    [api, confirm, merchantId, toast, report, refresh, onDeleted],
  );
  return { duplicate, remove };
}
