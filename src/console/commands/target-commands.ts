import type { ScreenDefinition } from '@console/app/screen-types';
import { chargebackDetailPath } from '@console/areas/chargebacks/chargeback-paths';
import { midDetailPath } from '@console/areas/mids/mid-paths';
import { subscriptionDetailPath } from '@console/areas/subscriptions/subscription-paths';
import { transactionDetailPath } from '@console/areas/transactions/transaction-paths';
import { useSession } from '@console/session/session-provider';
import { type ToastOptions, useToast } from '@console/ui/toast';
import { chargebackAbilities } from '@domain/chargebacks';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { routeDetailPath } from '@domain/route-paths';
import { runCommandWhenReady } from './key-queue';
import { RECORD_COMMAND_IDS } from './record-command-ids';
import { useRegisterCommands } from './registry';
import type { Command, CommandTarget, TargetKind } from './types';

// Commands the palette offers anywhere because they ask for their record first (issue 11): 'Refund a transaction…'
// wherever the user is, not only on the transaction's own screen. Each one opens the record's screen and then runs
// that screen's own command (the `r` of the transaction, the `s` and `a` of the case), so there is one way to refund
// or change a case, whatever started it. Their pickers are the palette's id lookups (palette.tsx).

export const TARGET_COMMAND_IDS = {
  openTransaction: 'target.open-transaction',
  refundTransaction: 'target.refund-transaction',
  openChargeback: 'target.open-chargeback',
  changeChargebackStatus: 'target.change-chargeback-status',
  assignChargebackAgent: 'target.assign-chargeback-agent',
  findMid: 'target.find-mid',
  findRoute: 'target.find-route',
  findSubscription: 'target.find-subscription',
} as const;

/** The screen of the chargeback detail (app/screens.tsx): visible with the permissions and the account's feature. */
const CHARGEBACK_DETAIL_SCREEN = 'chargeback-detail';

const REFUND_NOT_AVAILABLE: ToastOptions = {
  type: 'info',
  header: 'Refund not available',
  content: 'This transaction cannot be refunded now; its Refund button says why.',
};

interface TargetCommandSpec {
  id: string;
  title: string;
  target: TargetKind;
  keywords: string[];
  allowed: boolean;
  /** The record screen's own command to run once its screen has loaded. */
  runsThere?: string;
  /** Said when that command is not available for the record (it is not registered). */
  notAvailable?: ToastOptions;
}

/** `screens`: the screens the user may see (the app's list; commands never import it). */
export function useTargetCommands(screens: readonly ScreenDefinition[]): void {
  const { grants } = useSession();
  const { show } = useToast();
  const canOpenTransaction = can(grants, P.transactionRead) && can(grants, P.transactionSelect);
  const canRefund = canOpenTransaction && can(grants, P.transactionRefund);
  // The chargeback lookup searches the current account's queue, so these exist only on an account with the feature.
  const chargebacksHere = screens.some((screen) => screen.id === CHARGEBACK_DETAIL_SCREEN);
  const abilities = chargebackAbilities(grants);
  const canFindSubscription = can(grants, P.subscriptionRead) && can(grants, P.subscriptionSelect);

  /** Opens the record's screen, then runs its own command once the screen has loaded and registered it. */
  const openThenRun = async (
    navigate: (path: string) => void,
    path: string,
    commandId: string,
    notAvailable?: ToastOptions,
  ) => {
    navigate(path);
    const ran = await runCommandWhenReady(commandId);
    if (!ran && notAvailable) show(notAvailable);
  };

  const pathOf = (target: CommandTarget) => {
    if (target.kind === 'chargeback') return chargebackDetailPath(target.accountId, target.id);
    if (target.kind === 'mid') return midDetailPath(target.accountId, target.merchantId ?? '', target.id);
    if (target.kind === 'route') return routeDetailPath(target.accountId, target.merchantId ?? '', target.id);
    if (target.kind === 'subscription')
      return subscriptionDetailPath({ accountId: target.accountId, merchantId: target.merchantId ?? '' }, target.id);
    return transactionDetailPath({ accountId: target.accountId }, target.id);
  };

  /** What each command asks for, who may run it, and the record screen's command it runs once there (if any). */
  const specs: TargetCommandSpec[] = [
    {
      id: TARGET_COMMAND_IDS.openTransaction,
      title: 'Open transaction…',
      target: 'transaction',
      keywords: ['transaction', 'payment', 'find', 'id'],
      allowed: canOpenTransaction,
    },
    {
      id: TARGET_COMMAND_IDS.refundTransaction,
      title: 'Refund a transaction…',
      target: 'transaction',
      keywords: ['refund', 'partial refund', 'money back', 'return payment', 'transaction'],
      allowed: canRefund,
      runsThere: RECORD_COMMAND_IDS.refundTransaction,
      notAvailable: REFUND_NOT_AVAILABLE,
    },
    {
      id: TARGET_COMMAND_IDS.openChargeback,
      title: 'Open chargeback…',
      target: 'chargeback',
      keywords: ['chargeback', 'case', 'dispute', 'find', 'id'],
      allowed: chargebacksHere,
    },
    {
      id: TARGET_COMMAND_IDS.changeChargebackStatus,
      title: 'Change chargeback status…',
      target: 'chargeback',
      keywords: ['chargeback', 'case', 'dispute', 'status', 'to do', 'in progress', 'done'],
      allowed: chargebacksHere && abilities.changeStatus,
      runsThere: RECORD_COMMAND_IDS.changeChargebackStatus,
    },
    {
      id: TARGET_COMMAND_IDS.assignChargebackAgent,
      title: 'Assign chargeback agent…',
      target: 'chargeback',
      keywords: ['chargeback', 'case', 'dispute', 'agent', 'assign', 'unassign', 'others'],
      allowed: chargebacksHere && abilities.assignAgent,
      runsThere: RECORD_COMMAND_IDS.assignChargebackAgent,
    },
    {
      id: TARGET_COMMAND_IDS.findMid,
      title: 'Find MID…',
      target: 'mid',
      keywords: ['mid', 'acquirer', 'merchant id', 'find', 'id'],
      allowed: can(grants, P.midRead) && can(grants, P.midSelect),
    },
    {
      id: TARGET_COMMAND_IDS.findRoute,
      title: 'Find route…',
      target: 'route',
      keywords: ['route', 'routing', 'find', 'id'],
      allowed: can(grants, P.routeRead) && can(grants, P.routeSelect),
    },
    {
      id: TARGET_COMMAND_IDS.findSubscription,
      title: 'Find subscription…',
      target: 'subscription',
      keywords: ['subscription', 'recurring', 'renewal', 'find', 'id'],
      allowed: canFindSubscription,
    },
  ];

  const commands: Command[] = specs
    .filter((spec) => spec.allowed)
    .map(
      (spec): Command => ({
        id: spec.id,
        title: spec.title,
        group: 'Actions',
        scope: 'page',
        target: spec.target,
        keywords: spec.keywords,
        // The chargeback lookup searches the current account's queue, the subscription lookup the current merchant's.
        when:
          spec.target === 'chargeback'
            ? (ctx) => ctx.accountId !== undefined
            : spec.target === 'subscription'
              ? (ctx) => ctx.merchantId !== undefined
              : undefined,
        // A record that cannot be read shows the not-found page itself; nothing more to say.
        run: (ctx, target) => {
          if (!target) return;
          if (spec.runsThere) return openThenRun(ctx.navigate, pathOf(target), spec.runsThere, spec.notAvailable);
          ctx.navigate(pathOf(target));
        },
      }),
    );
  useRegisterCommands(commands, [
    canOpenTransaction,
    canRefund,
    chargebacksHere,
    abilities.changeStatus,
    abilities.assignAgent,
    canFindSubscription,
    show,
  ]);
}
