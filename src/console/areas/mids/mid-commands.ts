import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import type { MidDetail } from '@domain/contract/mids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { editMidPath, newMidPath } from './mid-paths';

export const MID_COMMAND_IDS = {
  newMid: 'mids.new',
  editMid: 'mids.edit',
  duplicateMid: 'mids.duplicate',
  deleteMid: 'mids.delete',
} as const;

/** 'New MID' (`n`) on the MIDs list, with the create permission. */
export function useMidListCommands(accountId: string, merchantId: string): void {
  const { grants } = useSession();
  const canCreate = can(grants, P.midCreate);
  const commands: Command[] = [];
  if (canCreate) {
    commands.push({
      id: MID_COMMAND_IDS.newMid,
      title: 'New MID',
      group: 'Actions',
      keys: ['n'],
      scope: 'page',
      keywords: ['create mid', 'add mid', 'acquirer'],
      run: (ctx) => ctx.navigate(newMidPath(accountId, merchantId)),
    });
  }
  useRegisterCommands(commands, [canCreate, accountId, merchantId]);
}

/** The MID detail's commands: Edit MID (`e`), Duplicate MID (`Shift D`) and Delete MID, each with its permission. */
export function useMidDetailCommands(
  accountId: string,
  merchantId: string,
  mid: MidDetail | undefined,
  remove: (mid: MidDetail) => Promise<void>,
): void {
  const { grants } = useSession();
  const commands: Command[] = [];
  if (mid && can(grants, P.midUpdate)) {
    commands.push({
      id: MID_COMMAND_IDS.editMid,
      title: 'Edit MID',
      group: 'Actions',
      keys: ['e'],
      scope: 'page',
      keywords: ['change mid', 'variables', 'credentials'],
      run: (ctx) => ctx.navigate(editMidPath(accountId, merchantId, mid.midId)),
    });
  }
  if (mid && can(grants, P.midCreate)) {
    commands.push({
      id: MID_COMMAND_IDS.duplicateMid,
      title: 'Duplicate MID',
      group: 'Actions',
      keys: ['shift+d'],
      scope: 'page',
      keywords: ['copy mid', 'clone'],
      run: (ctx) => ctx.navigate(newMidPath(accountId, merchantId, mid.midId)),
    });
  }
  if (mid && can(grants, P.midDelete)) {
    commands.push({
      id: MID_COMMAND_IDS.deleteMid,
      title: 'Delete MID',
      group: 'Actions',
      scope: 'page',
      keywords: ['remove mid'],
      run: () => remove(mid),
    });
  }
  useRegisterCommands(commands, [grants, accountId, merchantId, mid, remove]);
}
