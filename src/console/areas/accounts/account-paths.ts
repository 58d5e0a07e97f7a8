// The accounts screens' addresses (spec 2, section 2.1): the list, the wizard for a new account and for an existing one.

export const ACCOUNTS_PATH = '/accounts';
export const NEW_ACCOUNT_PATH = '/accounts/account';
export const editAccountPath = (accountId: string) => `/accounts/${accountId}/config`;

export const ACCOUNT_LIST_QUERY_KEY = ['account-list'] as const;
