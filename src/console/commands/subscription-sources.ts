import { useCurrentScope } from '@console/app/current-scope';
import { subscriptionDetailPath } from '@console/areas/subscriptions/subscription-paths';
import { findSubscriptionsById } from '@console/areas/subscriptions/subscription-queries';
import { useApi, useSession } from '@console/session/session-provider';
import { looksLikeIdPrefix } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { subscriptionStatusLabel } from '@domain/subscriptions';
import { idLookupSources } from './id-lookup-sources';
import { useRegisterPaletteSources } from './registry';

/**
 * A pasted or typed subscription id in the palette ('Open <id>' straight to its detail) and the picker step of 'Find
 * subscription…' (target-commands.ts). Subscriptions live under a merchant, so the lookup is the merchant's own list
 * searched by id (GET /merchant/{merchantId}/subscription?search=<id>&searchType=ID) and only where a merchant is open.
 */
export function useSubscriptionPaletteSources(): void {
  const api = useApi();
  const { grants } = useSession();
  const { accountId, merchantId, merchant } = useCurrentScope();
  const allowed = can(grants, P.subscriptionRead) && can(grants, P.subscriptionSelect);
  const merchantName = merchant?.prettyName ?? '';
  const sources =
    allowed && accountId && merchantId
      ? idLookupSources({
          kind: 'subscription',
          noun: 'Subscription',
          group: 'Subscriptions',
          find: async (text, signal) =>
            looksLikeIdPrefix(text) ? findSubscriptionsById(api, merchantId, text, signal) : [],
          idOf: (item) => item.subscriptionId,
          titleOf: (item) => item.email ?? item.plan.prettyName,
          summaryOf: (item) => `${subscriptionStatusLabel(item.status)} · ${item.plan.prettyName}`,
          detailOf: () => (merchantName ? `Merchant: ${merchantName}` : ''),
          pathOf: (item) => subscriptionDetailPath({ accountId, merchantId }, item.subscriptionId),
          targetOf: (item) => ({ kind: 'subscription', id: item.subscriptionId, accountId, merchantId }),
        })
      : [];
  useRegisterPaletteSources(sources, [api, allowed, accountId, merchantId, merchantName]);
}
