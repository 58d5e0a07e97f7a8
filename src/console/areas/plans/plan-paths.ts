// The plan screens' addresses (spec 3, section 2): .../plans (list), .../plans/new, .../plans/edit/{planId} and
// .../plans/detail/{planId}, under the merchant.

export const plansPath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/plans`;
export const planDetailPath = (accountId: string, merchantId: string, planId: string) =>
  `${plansPath(accountId, merchantId)}/detail/${planId}`;
export const newPlanPath = (accountId: string, merchantId: string) => `${plansPath(accountId, merchantId)}/new`;
export const editPlanPath = (accountId: string, merchantId: string, planId: string) =>
  `${plansPath(accountId, merchantId)}/edit/${planId}`;
