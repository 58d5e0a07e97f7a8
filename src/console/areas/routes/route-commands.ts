import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import type { RouteDetail } from '@domain/contract/routes';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { editRoutePath, newRoutePath } from './route-paths';

export const ROUTE_COMMAND_IDS = {
  newRoute: 'routes.new',
  editRoute: 'routes.edit',
  duplicateRoute: 'routes.duplicate',
  deleteRoute: 'routes.delete',
} as const;

/** 'New route' (`n`) on the routes list, with the create permission. */
export function useRouteListCommands(accountId: string, merchantId: string): void {
  const { grants } = useSession();
  const canCreate = can(grants, P.routeCreate);
  const commands: Command[] = [];
  if (canCreate) {
    commands.push({
      id: ROUTE_COMMAND_IDS.newRoute,
      title: 'New route',
      group: 'Actions',
      keys: ['n'],
      scope: 'page',
      keywords: ['create route', 'add route', 'routing rule'],
      run: (ctx) => ctx.navigate(newRoutePath(accountId, merchantId)),
    });
  }
  useRegisterCommands(commands, [canCreate, accountId, merchantId]);
}

/** The route detail's commands: Edit route (`e`), Duplicate route (`Shift D`) and Delete route, each with its permission. */
export function useRouteDetailCommands(
  accountId: string,
  merchantId: string,
  route: RouteDetail | undefined,
  actions: { duplicate: (route: RouteDetail) => Promise<void>; remove: (route: RouteDetail) => Promise<void> },
): void {
  const { grants } = useSession();
  const { duplicate, remove } = actions;
  const commands: Command[] = [];
  if (route && can(grants, P.routeUpdate)) {
    commands.push({
      id: ROUTE_COMMAND_IDS.editRoute,
      title: 'Edit route',
      group: 'Actions',
      keys: ['e'],
      scope: 'page',
      keywords: ['change route', 'weight', 'priority', 'variables'],
      run: (ctx) => ctx.navigate(editRoutePath(accountId, merchantId, route.routeId)),
    });
  }
  if (route && can(grants, P.routeCreate)) {
    commands.push({
      id: ROUTE_COMMAND_IDS.duplicateRoute,
      title: 'Duplicate route',
      group: 'Actions',
      keys: ['shift+d'],
      scope: 'page',
      keywords: ['copy route', 'clone'],
      run: () => duplicate(route),
    });
  }
  if (route && can(grants, P.routeDelete)) {
    commands.push({
      id: ROUTE_COMMAND_IDS.deleteRoute,
      title: 'Delete route',
      group: 'Actions',
      scope: 'page',
      keywords: ['remove route'],
      run: () => remove(route),
    });
  }
  useRegisterCommands(commands, [grants, accountId, merchantId, route, duplicate, remove]);
}
