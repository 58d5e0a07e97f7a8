import { useRegisterCommands } from '@console/commands/registry';
import type { Command, CommandScope } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { isActionAllowed, type SubscriptionAction } from '@domain/subscriptions';
import type { SubscriptionActionTarget } from '@machines/subscription-actions.machine';
import { ACTION_TITLES } from './subscription-action-modal';

// Pause, Resume and Cancel, declared once (design.md, convention 3): the list registers them on the active row (table
// scope), the detail on its subscription (page scope, only the ones its status allows, so its buttons made from them
// by useCommandButton appear by status). Each opens the screen's one confirm modal.

export const SUBSCRIPTION_COMMAND_IDS: Record<SubscriptionAction, string> = {
  PAUSE: 'subscription.pause',
  RESUME: 'subscription.resume',
  CANCEL: 'subscription.cancel',
};

/** `p` pause, `u` resume (r is taken by the table's refresh on shift), `c` cancel. */
export const SUBSCRIPTION_ACTION_KEYS: Record<SubscriptionAction, string> = {
  PAUSE: 'p',
  RESUME: 'u',
  CANCEL: 'c',
};

/** The order of the detail's buttons and the row menu: Pause or Resume, then Cancel. */
export const ACTION_ORDER: readonly SubscriptionAction[] = ['PAUSE', 'RESUME', 'CANCEL'];

const KEYWORDS: Record<SubscriptionAction, string[]> = {
  PAUSE: ['pause', 'hold', 'stop charging', 'subscription'],
  RESUME: ['resume', 'unpause', 'reactivate', 'subscription'],
  CANCEL: ['cancel', 'end', 'terminate', 'subscription'],
};

/** Whether the user may cancel, pause and resume (the one manage permission of spec 3, section 6). */
export function useCanManageSubscriptions(): boolean {
  const { grants } = useSession();
  return can(grants, P.subscriptionUpdate);
}

export interface SubscriptionActionCommandsOptions {
  scope: Extract<CommandScope, 'page' | 'table'>;
  /** The subscription acted on, read when the command runs: the active row, or the detail's record. */
  current: () => SubscriptionActionTarget | undefined;
  open: (target: SubscriptionActionTarget, action: SubscriptionAction) => void;
  /**
   * The actions to register. The list registers all three (their `when` reads the active row); the detail only those
   * its status allows.
   */
  actions: readonly SubscriptionAction[];
  /** Re-registers when these change. */
  deps: readonly unknown[];
}

export function useSubscriptionActionCommands({
  scope,
  current,
  open,
  actions,
  deps,
}: SubscriptionActionCommandsOptions): void {
  const canManage = useCanManageSubscriptions();
  const commands: Command[] = canManage
    ? ACTION_ORDER.filter((action) => actions.includes(action)).map(
        (action): Command => ({
          id: SUBSCRIPTION_COMMAND_IDS[action],
          title: ACTION_TITLES[action],
          group: 'Actions',
          keys: [SUBSCRIPTION_ACTION_KEYS[action]],
          scope,
          keywords: KEYWORDS[action],
          when: () => {
            const target = current();
            return target !== undefined && isActionAllowed(target.status, action);
          },
          run: () => {
            const target = current();
            if (target) open(target, action);
          },
        }),
      )
    : [];
  useRegisterCommands(commands, [canManage, scope, open, actions.join(), ...deps]);
}
