import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { can, PERMISSIONS as P } from '@domain/permissions';

// 'Simulate an order' wherever a merchant is open (spec 2, section 2.5): the simulator, with the order's first field
// focused. The palette also lists the screen itself as 'Simulator' (g s).

export const SIMULATOR_COMMAND_IDS = { simulate: 'routes.simulate' } as const;

/** The simulator of a merchant; `focusOrder` puts the keyboard in the order's first field on arrival. */
export const simulatorPath = (accountId: string, merchantId: string, focusOrder = false) =>
  `/accounts/${accountId}/merchants/${merchantId}/simulator${focusOrder ? '?focus=order' : ''}`;

export function useSimulatorCommands(): void {
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  const allowed = accountId !== undefined && merchantId !== undefined && can(grants, P.routeSimulate);
  const commands: Command[] = [];
  if (allowed) {
    commands.push({
      id: SIMULATOR_COMMAND_IDS.simulate,
      title: 'Simulate an order',
      group: 'Actions',
      scope: 'page',
      keywords: ['simulator', 'routing', 'traffic distribution', 'test routes'],
      run: (ctx) => ctx.navigate(simulatorPath(accountId, merchantId, true)),
    });
  }
  useRegisterCommands(commands, [allowed, accountId, merchantId]);
}
