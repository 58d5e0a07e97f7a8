import { useApi } from '@console/session/session-provider';
import { chargebackDetail } from '@domain/contract/chargebacks';
import { useQuery } from '@tanstack/react-query';

// The case detail's read (GET /account/{accountId}/chargeback/{chargebackId}) with its react-query key. Keys start
// with 'chargebacks' and the account, so a change made anywhere can refresh the queue and the detail at once.

export const chargebacksQueryKey = (accountId: string) => ['chargebacks', accountId] as const;
export const chargebackDetailQueryKey = (accountId: string, chargebackId: string) =>
  [...chargebacksQueryKey(accountId), 'detail', chargebackId] as const;

export function useChargebackDetail(accountId: string, chargebackId: string) {
  const api = useApi();
  return useQuery({
    queryKey: chargebackDetailQueryKey(accountId, chargebackId),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/chargeback/${chargebackId}`, { schema: chargebackDetail, signal }),
  });
}
