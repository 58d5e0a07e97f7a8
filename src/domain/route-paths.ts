// The console's addresses of the route screens (spec 2, sections 2.4 and 2.5): the routes list, new, edit and detail
// under the merchant, and the simulator beside them. The console's router links build them here, and so does the
// simulation call, whose answer carries viewRouteDetailPath and editRouteDetailPath (spec 2, section 3): one builder,
// so the server can never point at an address the console does not serve.

export const routesPath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/routes`;
export const routeDetailPath = (accountId: string, merchantId: string, routeId: string) =>
  `${routesPath(accountId, merchantId)}/detail/${routeId}`;
export const newRoutePath = (accountId: string, merchantId: string) => `${routesPath(accountId, merchantId)}/new`;
export const editRoutePath = (accountId: string, merchantId: string, routeId: string) =>
  `${routesPath(accountId, merchantId)}/edit/${routeId}`;

/** The simulator of a merchant; `focusOrder` puts the keyboard in the order's first field on arrival. */
export const simulatorPath = (accountId: string, merchantId: string, focusOrder = false) =>
  `/accounts/${accountId}/merchants/${merchantId}/simulator${focusOrder ? '?focus=order' : ''}`;
