import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useLocation } from 'wouter';
import { ACCOUNTS_PATH, editAccountPath, NEW_ACCOUNT_PATH } from './account-paths';

export const ACCOUNT_COMMAND_IDS = { newAccount: 'accounts.new', editAccount: 'accounts.edit' } as const;

/**
 * 'New account' for provider staff from anywhere (`n` on the accounts list) and 'Edit account' wherever an account
 * is open, for whoever may update it (provider staff; an account's administrator or payments specialist).
 */
export function useAccountCommands(): void {
  const { grants, isProviderStaff } = useSession();
  const { accountId } = useCurrentScope();
  const [path] = useLocation();
  const canCreate = isProviderStaff && can(grants, P.accountCreate);
  const canEdit = can(grants, P.accountUpdate) && accountId !== undefined;
  const onList = path === ACCOUNTS_PATH;
  const commands: Command[] = [];
  if (canCreate) {
    commands.push({
      id: ACCOUNT_COMMAND_IDS.newAccount,
      title: 'New account',
      group: 'Actions',
      keys: onList ? ['n'] : undefined,
      scope: 'page',
      keywords: ['create account', 'add account', 'providers', 'solutions'],
      run: (ctx) => ctx.navigate(NEW_ACCOUNT_PATH),
    });
  }
  if (canEdit) {
    commands.push({
      id: ACCOUNT_COMMAND_IDS.editAccount,
      title: 'Edit account',
      group: 'Actions',
      scope: 'page',
      keywords: ['account providers', 'add solution', 'add provider', 'rename account'],
      run: (ctx) => ctx.navigate(editAccountPath(accountId)),
    });
  }
  useRegisterCommands(commands, [canCreate, canEdit, accountId, onList]);
}
