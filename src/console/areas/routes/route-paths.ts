// The route screens' addresses (spec 2, section 2.4): .../routes (list) and .../routes/detail/{routeId} under the
// merchant; the wizard's new and edit follow with the route wizard.

export const routesPath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/routes`;
export const routeDetailPath = (accountId: string, merchantId: string, routeId: string) =>
  `${routesPath(accountId, merchantId)}/detail/${routeId}`;

export const routeListQueryKey = (merchantId: string) => ['route-list', merchantId] as const;
export const routeQueryKey = (merchantId: string, routeId: string) => ['route', merchantId, routeId] as const;
