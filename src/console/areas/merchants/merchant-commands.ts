import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useLocation } from 'wouter';
import { editMerchantPath, merchantDetailPath, merchantsPath, newMerchantPath } from './merchant-paths';

export const MERCHANT_COMMAND_IDS = { newMerchant: 'merchants.new', editMerchant: 'merchants.edit' } as const;

/**
 * 'New merchant' wherever an account is open and 'Edit merchant' wherever a merchant is, so the palette offers them
 * from any screen of that account or merchant. Their keys belong to the screens they name: `n` on the merchants list,
 * `e` on the merchant's detail (elsewhere `n` and `e` mean other screens' commands).
 */
export function useMerchantCommands(): void {
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  const [path] = useLocation();
  const onList = accountId !== undefined && path === merchantsPath(accountId);
  const onDetail =
    accountId !== undefined && merchantId !== undefined && path === merchantDetailPath(accountId, merchantId);
  const canCreate = can(grants, P.merchantCreate) && accountId !== undefined;
  const canEdit = can(grants, P.merchantUpdate) && accountId !== undefined && merchantId !== undefined;
  const commands: Command[] = [];
  if (canCreate) {
    commands.push({
      id: MERCHANT_COMMAND_IDS.newMerchant,
      title: 'New merchant',
      group: 'Actions',
      keys: onList ? ['n'] : undefined,
      scope: 'page',
      keywords: ['create merchant', 'add merchant', 'shop'],
      run: (ctx) => ctx.navigate(newMerchantPath(accountId)),
    });
  }
  if (canEdit) {
    commands.push({
      id: MERCHANT_COMMAND_IDS.editMerchant,
      title: 'Edit merchant',
      group: 'Actions',
      keys: onDetail ? ['e'] : undefined,
      scope: 'page',
      keywords: ['change merchant', 'merchant data', 'contact', 'address'],
      run: (ctx) => ctx.navigate(editMerchantPath(accountId, merchantId)),
    });
  }
  useRegisterCommands(commands, [canCreate, canEdit, accountId, merchantId, onList, onDetail]);
}
