import type { ListName } from '@domain/lists';

/** My Lists of a merchant; `add` focuses that list's input (the palette's 'Add URLs' and 'Add custom tags'). */
export const myListsPath = (accountId: string, merchantId: string, add?: ListName) =>
  `/accounts/${accountId}/merchants/${merchantId}/my-lists${add ? `?add=${add}` : ''}`;

export const listsQueryKey = (merchantId: string) => ['merchant-lists', merchantId] as const;
