import { midDetailPath } from '@console/areas/mids/mid-paths';
import { useApi, useSession } from '@console/session/session-provider';
import { midIdSearchResponse } from '@domain/contract/mids';
import { routeIdSearchResponse } from '@domain/contract/routes';
import { looksLikeIdPrefix } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { routeDetailPath } from '@domain/route-paths';
import { idLookupSources } from './id-lookup-sources';
import { useRegisterPaletteSources } from './registry';

/**
 * Pasted or typed MID and route ids in the palette ('Open <id>' straight to the detail) and the picker steps of
 * 'Find MID…' and 'Find route…' (target-commands.ts), each with its permissions. They search across the accounts
 * the user may see (GET /mid/search, GET /route/search).
 */
export function useConfigurationPaletteSources(): void {
  const api = useApi();
  const { grants } = useSession();
  const mids = can(grants, P.midRead) && can(grants, P.midSelect);
  const routes = can(grants, P.routeRead) && can(grants, P.routeSelect);
  const merchantLine = (item: { merchantName: string }) => `Merchant: ${item.merchantName}`;
  const sources = [
    ...(mids
      ? idLookupSources({
          kind: 'mid',
          noun: 'MID',
          group: 'MIDs',
          find: async (text, signal) =>
            looksLikeIdPrefix(text)
              ? (await api.get('/mid/search', { query: { q: text }, schema: midIdSearchResponse, signal })).items
              : [],
          idOf: (item) => item.midId,
          titleOf: (item) => item.description,
          summaryOf: (item) => item.midAcquirerId,
          detailOf: merchantLine,
          pathOf: (item) => midDetailPath(item.accountId, item.merchantId, item.midId),
          targetOf: (item) => ({ kind: 'mid', id: item.midId, accountId: item.accountId, merchantId: item.merchantId }),
        })
      : []),
    ...(routes
      ? idLookupSources({
          kind: 'route',
          noun: 'Route',
          group: 'Routes',
          find: async (text, signal) =>
            looksLikeIdPrefix(text)
              ? (await api.get('/route/search', { query: { q: text }, schema: routeIdSearchResponse, signal })).items
              : [],
          idOf: (item) => item.routeId,
          titleOf: (item) => item.routeDescription,
          summaryOf: (item) => item.merchantName,
          detailOf: merchantLine,
          pathOf: (item) => routeDetailPath(item.accountId, item.merchantId, item.routeId),
          targetOf: (item) => ({
            kind: 'route',
            id: item.routeId,
            accountId: item.accountId,
            merchantId: item.merchantId,
          }),
        })
      : []),
  ];
  useRegisterPaletteSources(sources, [api, mids, routes]);
}
