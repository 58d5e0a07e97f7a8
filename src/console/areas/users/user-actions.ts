import { isApiError } from '@console/api/errors';
import { useApi } from '@console/session/session-provider';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import type { User } from '@domain/contract/users';
import { effectOfStatus } from '@domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { userDisplayName } from './user-labels';
import { USER_LIST_QUERY_KEY, userQueryKey } from './user-queries';

type UserRef = Pick<User, 'userId' | 'fullName' | 'email'>;

export interface UserActions {
  /** Asks first; resolves true when the user was deleted. */
  deleteUser: (user: UserRef) => Promise<boolean>;
  /** POST /user/{userId}/reminder: a new invitation link. */
  remindUser: (user: UserRef) => Promise<boolean>;
}

/** Delete and Resend invitation, shared by the list's row menu, the detail screen and their commands. */
export function useUserActions(): UserActions {
  const api = useApi();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();

  const report = useCallback(
    (error: unknown, fallback: 'not-deleted' | 'unexpected-error') => {
      if (!isApiError(error)) {
        toast.showMessage(fallback);
        return;
      }
      // Session ends, the not-found screen and server errors have their global effect already.
      if (effectOfStatus(error.status) !== 'show-message') return;
      if (error.key === 'unexpected-error') toast.showMessage(fallback);
      else toast.show({ type: error.type, header: error.header, content: error.content });
    },
    [toast],
  );

  const deleteUser = useCallback(
    async (user: UserRef) => {
      const confirmed = await confirm({
        title: 'Delete user',
        content: `Are you sure that you want to delete ${userDisplayName(user)}? They will lose access at once.`,
        confirmLabel: 'Delete',
        tone: 'danger',
      });
      if (!confirmed) return false;
      try {
        await api.delete(`/user/${user.userId}`);
      } catch (error) {
        report(error, 'not-deleted');
        return false;
      }
      toast.showMessage('user-successfully-deleted');
      queryClient.removeQueries({ queryKey: userQueryKey(user.userId) });
      await queryClient.invalidateQueries({ queryKey: USER_LIST_QUERY_KEY });
      return true;
    },
    [api, confirm, toast, queryClient, report],
  );

  const remindUser = useCallback(
    async (user: UserRef) => {
      try {
        await api.post(`/user/${user.userId}/reminder`);
      } catch (error) {
        report(error, 'unexpected-error');
        return false;
      }
      toast.showMessage('reminder-sent-successfuly');
      return true;
    },
    [api, toast, report],
  );

  return useMemo(() => ({ deleteUser, remindUser }), [deleteUser, remindUser]);
}
