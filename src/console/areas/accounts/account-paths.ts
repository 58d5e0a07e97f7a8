// The accounts screens' addresses (spec 2, section 2.1): the list, the wizard for a new account and for an existing one.

export const ACCOUNTS_PATH = '/accounts';
export const NEW_ACCOUNT_PATH = '/accounts/account';

/**
 * The account editor. `from` is the screen that opened it, where its 'Back' link, Cancel and Save return: the MID
 * form's 'Add it to the account' hint sends its own address, so the user gets back to the MID they were writing.
 */
export const editAccountPath = (accountId: string, from?: string) =>
  `/accounts/${accountId}/config${from ? `?from=${encodeURIComponent(from)}` : ''}`;

export const ACCOUNT_LIST_QUERY_KEY = ['account-list'] as const;

export interface AccountEditorReturn {
  href: string;
  label: string;
  /** A list, which opens at the position the user left it (table/list-memory.ts). */
  isList: boolean;
}

/** The MID form of one of the account's merchants: new (maybe a duplicate) or editing one. */
const midFormOf = (accountId: string) =>
  new RegExp(`^/accounts/${accountId}/merchants/[0-9a-f-]{36}/mids/(new|edit/[0-9a-f-]{36})(\\?[^#]*)?$`);

/**
 * Where the account editor goes back to (issue 23): the screen that opened it when it is one the editor knows (the
 * MID form of this account; nothing else, so no address can send the user elsewhere), else the accounts list for
 * provider staff, who alone may open it, and the account's merchants for its own users.
 */
export function accountEditorReturn(options: {
  accountId: string | undefined;
  isProviderStaff: boolean;
  from: string | null;
}): AccountEditorReturn {
  const { accountId, isProviderStaff, from } = options;
  if (accountId && from && midFormOf(accountId).test(from)) {
    return { href: from, label: 'Back to MID form', isList: false };
  }
  if (isProviderStaff || !accountId) return { href: ACCOUNTS_PATH, label: 'Back to Accounts', isList: true };
  return { href: `/accounts/${accountId}/merchants`, label: 'Back to Merchants', isList: true };
}
