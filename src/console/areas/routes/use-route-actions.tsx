import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import { useReportFailure } from '@console/ui/use-report-failure';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteRoute, duplicateRoute, routeListQueryKey } from './route-queries';

interface RouteRef {
  routeId: string;
  routeDescription: string;
}

const DUPLICATE_ERROR = CATALOGUE['duplicate-error'];

/**
 * What a failed Duplicate says (spec 2, section 8: 'duplicate-error', 'Unable to duplicate'): a refusal the server
 * explained (409: the MID no longer takes the route's variables) gives its reason under that header, since the
 * refusal's own text ('The MID was cleared…') is the wizard's and untrue here; anything else, the generic text.
 */
function duplicateFailure(failure: unknown): { header: string; content: string | undefined } {
  const reason = isApiError(failure) && failure.status === 409 ? failure.header : DUPLICATE_ERROR.content;
  return { header: DUPLICATE_ERROR.header, content: reason };
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
        await duplicateRoute(api, merchantId, route.routeId);
        toast.showMessage('successfully-duplicated');
        await refresh();
      } catch (failure) {
        // Session ends, not-found pages and server errors are the API client's own effects.
        if (isApiError(failure) && effectOfStatus(failure.status) !== 'show-message') return;
        toast.show({ type: DUPLICATE_ERROR.type, ...duplicateFailure(failure) });
      }
    },
    [api, merchantId, toast, refresh],
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
        await deleteRoute(api, merchantId, route.routeId);
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
