// The route screens' addresses (spec 2, section 2.4): .../routes (list), .../routes/new, .../routes/edit/{routeId} and
// .../routes/detail/{routeId} under the merchant, and the simulator beside them (section 2.5).

export const routesPath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/routes`;
export const routeDetailPath = (accountId: string, merchantId: string, routeId: string) =>
  `${routesPath(accountId, merchantId)}/detail/${routeId}`;
export const newRoutePath = (accountId: string, merchantId: string) => `${routesPath(accountId, merchantId)}/new`;
export const editRoutePath = (accountId: string, merchantId: string, routeId: string) =>
  `${routesPath(accountId, merchantId)}/edit/${routeId}`;

export const routeListQueryKey = (merchantId: string) => ['route-list', merchantId] as const;
export const routeQueryKey = (merchantId: string, routeId: string) => ['route', merchantId, routeId] as const;
