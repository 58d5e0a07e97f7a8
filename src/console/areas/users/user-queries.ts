import { useApi, useSession } from '@console/session/session-provider';
import { accountList } from '@domain/contract/accounts';
import type { AccountSummary } from '@domain/contract/auth';
import { type Role, roleList, user as userSchema } from '@domain/contract/users';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQuery } from '@tanstack/react-query';

export const USER_LIST_QUERY_KEY = ['user-list'] as const;
export const userQueryKey = (userId: string) => ['user', userId] as const;
const ROLES_QUERY_KEY = ['role-list'] as const;
const ACCOUNT_OPTIONS_QUERY_KEY = ['account-options'] as const;

/** The largest page the list convention allows; the account pickers ask for one page of names. */
const ACCOUNT_OPTIONS_LIMIT = 500;

/** GET /user/{userId}. */
export function useUserRecord(userId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: userQueryKey(userId ?? ''),
    queryFn: ({ signal }) => api.get(`/user/${userId}`, { schema: userSchema, signal }),
    enabled: userId !== undefined,
  });
}

/** GET /role: every role; each form narrows the choice (internal roles never for account users). */
export function useRoles() {
  const api = useApi();
  return useQuery({
    queryKey: ROLES_QUERY_KEY,
    // A refusal leaves the role list empty (the field says so) rather than leaving the form.
    queryFn: async ({ signal }): Promise<Role[]> =>
      (await api.get('/role', { schema: roleList, signal, notFoundIsAnswer: true })).items,
    staleTime: 5 * 60_000,
  });
}

/**
 * The accounts the acting user can pick: GET /account for provider staff who may list accounts (it sees accounts
 * created after sign-in), otherwise the accounts of the session.
 */
export function useAccountOptions(): { accounts: readonly AccountSummary[]; loading: boolean } {
  const api = useApi();
  const { grants, isProviderStaff, accounts } = useSession();
  const fromApi = isProviderStaff && can(grants, P.accountRead);
  const query = useQuery({
    queryKey: ACCOUNT_OPTIONS_QUERY_KEY,
    queryFn: async ({ signal }): Promise<AccountSummary[]> => {
      const answer = await api.get('/account', {
        query: { page: 1, limit: ACCOUNT_OPTIONS_LIMIT, order: 'prettyName' },
        schema: accountList,
        signal,
        notFoundIsAnswer: true,
      });
      return answer.items.map(({ accountId, shortId, prettyName }) => ({ accountId, shortId, prettyName }));
    },
    enabled: fromApi,
    staleTime: 60_000,
  });
  if (!fromApi) return { accounts, loading: false };
  return { accounts: query.data ?? accounts, loading: query.isPending };
}
