import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { canCreateUser } from './user-access';
import { newUserPath } from './user-paths';

export const USER_COMMAND_IDS = {
  newUser: 'users.new',
  newInternalUser: 'users.new-internal',
  editUser: 'users.edit',
  deleteUser: 'users.delete',
  resendInvitation: 'users.resend-invitation',
} as const;

/**
 * 'New user' (an account user, `n`) and 'New internal user' (`shift+n`), each only with its create permission.
 * Registered by the users screens while they are mounted.
 */
export function useNewUserCommands(): void {
  const { grants } = useSession();
  const account = canCreateUser(grants, 'ACCOUNT');
  const internal = canCreateUser(grants, 'INTERNAL');
  const commands: Command[] = [];
  if (account) {
    commands.push({
      id: USER_COMMAND_IDS.newUser,
      title: 'New user',
      group: 'Actions',
      keys: ['n'],
      scope: 'page',
      keywords: ['create user', 'invite', 'account user'],
      when: (ctx) => canCreateUser(ctx.grants, 'ACCOUNT'),
      run: (ctx) => ctx.navigate(newUserPath('ACCOUNT')),
    });
  }
  if (internal) {
    commands.push({
      id: USER_COMMAND_IDS.newInternalUser,
      title: 'New internal user',
      group: 'Actions',
      keys: ['shift+n'],
      scope: 'page',
      keywords: ['create user', 'invite', 'provider staff'],
      when: (ctx) => canCreateUser(ctx.grants, 'INTERNAL'),
      run: (ctx) => ctx.navigate(newUserPath('INTERNAL')),
    });
  }
  useRegisterCommands(commands, [account, internal]);
}
