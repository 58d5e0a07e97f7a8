// The merchant screens' addresses (spec 2, section 2.2): /accounts/{accountId}/merchants, then 'new', or the
// merchant's id followed by 'detail' or 'edit'. Any other slug is the fallback (not-found) screen.

export const merchantsPath = (accountId: string) => `/accounts/${accountId}/merchants`;
export const newMerchantPath = (accountId: string) => `${merchantsPath(accountId)}/new`;
export const merchantDetailPath = (accountId: string, merchantId: string) =>
  `${merchantsPath(accountId)}/${merchantId}/detail`;
export const editMerchantPath = (accountId: string, merchantId: string) =>
  `${merchantsPath(accountId)}/${merchantId}/edit`;

export const merchantListQueryKey = (accountId: string) => ['merchant-list', accountId] as const;
