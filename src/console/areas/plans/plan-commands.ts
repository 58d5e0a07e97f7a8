import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import type { PlanDetail } from '@domain/contract/plans';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { editPlanPath, newPlanPath } from './plan-paths';

export const PLAN_COMMAND_IDS = { newPlan: 'plans.new', editPlan: 'plans.edit' } as const;

/** 'New plan' (`n`) on the plans list, with the create permission. */
export function usePlanListCommands(accountId: string, merchantId: string): void {
  const { grants } = useSession();
  const canCreate = can(grants, P.planCreate);
  const commands: Command[] = [];
  if (canCreate) {
    commands.push({
      id: PLAN_COMMAND_IDS.newPlan,
      title: 'New plan',
      group: 'Actions',
      keys: ['n'],
      scope: 'page',
      keywords: ['create plan', 'add plan', 'subscription plan'],
      run: (ctx) => ctx.navigate(newPlanPath(accountId, merchantId)),
    });
  }
  useRegisterCommands(commands, [canCreate, accountId, merchantId]);
}

/** 'Edit plan' (`e`) on the plan's detail, with the update permission. */
export function usePlanDetailCommands(accountId: string, merchantId: string, plan: PlanDetail | undefined): void {
  const { grants } = useSession();
  const canEdit = can(grants, P.planUpdate) && plan !== undefined;
  const commands: Command[] = [];
  if (plan && canEdit) {
    commands.push({
      id: PLAN_COMMAND_IDS.editPlan,
      title: 'Edit plan',
      group: 'Actions',
      keys: ['e'],
      scope: 'page',
      keywords: ['change plan', 'amounts', 'retries'],
      run: (ctx) => ctx.navigate(editPlanPath(accountId, merchantId, plan.planId)),
    });
  }
  useRegisterCommands(commands, [canEdit, accountId, merchantId, plan?.planId]);
}
