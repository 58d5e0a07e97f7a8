import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { myListsPath } from './list-paths';

export const LIST_COMMAND_IDS = { addUrls: 'lists.add-urls', addTags: 'lists.add-tags' } as const;

/** 'Add URLs' and 'Add custom tags' wherever a merchant is open: My Lists, with that list's input focused. */
export function useListCommands(): void {
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  const inMerchant = accountId !== undefined && merchantId !== undefined;
  const canUrls = inMerchant && can(grants, P.urlCreate);
  const canTags = inMerchant && can(grants, P.tagCreate);
  const commands: Command[] = [];
  if (canUrls) {
    commands.push({
      id: LIST_COMMAND_IDS.addUrls,
      title: 'Add URLs',
      group: 'Actions',
      scope: 'page',
      keywords: ['my lists', 'url list', 'checkout url'],
      run: (ctx) => ctx.navigate(myListsPath(accountId, merchantId, 'url')),
    });
  }
  if (canTags) {
    commands.push({
      id: LIST_COMMAND_IDS.addTags,
      title: 'Add custom tags',
      group: 'Actions',
      scope: 'page',
      keywords: ['my lists', 'tag list', 'custom tag'],
      run: (ctx) => ctx.navigate(myListsPath(accountId, merchantId, 'custom-tag')),
    });
  }
  useRegisterCommands(commands, [canUrls, canTags, accountId, merchantId]);
}
