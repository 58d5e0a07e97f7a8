// The MID screens' addresses (spec 2, section 2.3): .../mids (list), .../mids/new, .../mids/edit/{midId} and
// .../mids/detail/{midId}, under the merchant.

export const midsPath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/mids`;
export const midDetailPath = (accountId: string, merchantId: string, midId: string) =>
  `${midsPath(accountId, merchantId)}/detail/${midId}`;

/** The new-MID form; `duplicateOf` prefills it with that MID's variables (spec 2.3, Duplicate). */
export const newMidPath = (accountId: string, merchantId: string, duplicateOf?: string) =>
  `${midsPath(accountId, merchantId)}/new${duplicateOf ? `?duplicate=${duplicateOf}` : ''}`;
export const editMidPath = (accountId: string, merchantId: string, midId: string) =>
  `${midsPath(accountId, merchantId)}/edit/${midId}`;

export const midListQueryKey = (merchantId: string) => ['mid-list', merchantId] as const;
export const midQueryKey = (merchantId: string, midId: string) => ['mid', merchantId, midId] as const;
export const templateQueryKey = (accountId: string, acquirerId: string) =>
  ['acquirer-template', accountId, acquirerId] as const;
