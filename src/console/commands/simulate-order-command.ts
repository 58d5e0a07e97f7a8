import { useCurrentScope } from '@console/app/current-scope';
import { useSession } from '@console/session/session-provider';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { simulatorPath } from '@domain/route-paths';
import { useRegisterCommands } from './registry';
import type { Command } from './types';

// 'Simulate an order' wherever a merchant is open (spec 2, section 2.5): the simulator, with the order's first field
// focused. The palette also lists the screen itself as 'Simulator' (g s). It lives with the shell's commands, not in
// the routes area: it is there on every merchant screen, and the shell must not reach into an area for it.

export const SIMULATOR_COMMAND_IDS = { simulate: 'routes.simulate' } as const;

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
