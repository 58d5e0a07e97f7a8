import { chargebackDetailPath } from '@console/areas/chargebacks/chargeback-paths';
import { transactionDetailPath } from '@console/areas/transactions/transaction-paths';
import { useSession } from '@console/session/session-provider';
import { type ToastOptions, useToast } from '@console/ui/toast';
import { chargebackAbilities } from '@domain/chargebacks';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { runCommandWhenReady } from './key-queue';
import { useRegisterCommands } from './registry';
import { useStableVisibleScreens } from './stable-screens';
import type { Command, CommandTarget } from './types';

// Commands the palette offers anywhere because they ask for their record first (issue 11): 'Refund a transaction…'
// wherever the user is, not only on the transaction's own screen. Each one opens the record's screen and then runs
// that screen's own command (the `r` of the transaction, the `s` and `a` of the case), so there is one way to refund
// or change a case, whatever started it. Their pickers are the palette's id lookups (palette.tsx).

/** The record screens' own commands these open; the screens register them under these ids. */
export const RECORD_COMMAND_IDS = {
  refundTransaction: 'transaction.refund',
  changeChargebackStatus: 'chargeback.detail.change-status',
  assignChargebackAgent: 'chargeback.detail.assign-agent',
} as const;

export const TARGET_COMMAND_IDS = {
  openTransaction: 'target.open-transaction',
  refundTransaction: 'target.refund-transaction',
  openChargeback: 'target.open-chargeback',
  changeChargebackStatus: 'target.change-chargeback-status',
  assignChargebackAgent: 'target.assign-chargeback-agent',
} as const;

/** The screen of the chargeback detail (app/screens.tsx): visible with the permissions and the account's feature. */
const CHARGEBACK_DETAIL_SCREEN = 'chargeback-detail';

const REFUND_NOT_AVAILABLE: ToastOptions = {
  type: 'info',
  header: 'Refund not available',
  content: 'This transaction cannot be refunded now; its Refund button says why.',
};

export function useTargetCommands(): void {
  const { grants } = useSession();
  const { show } = useToast();
  const screens = useStableVisibleScreens();
  const canOpenTransaction = can(grants, P.transactionRead) && can(grants, P.transactionSelect);
  const canRefund = canOpenTransaction && can(grants, P.transactionRefund);
  // The chargeback lookup searches the current account's queue, so these exist only on an account with the feature.
  const chargebacksHere = screens.some((screen) => screen.id === CHARGEBACK_DETAIL_SCREEN);
  const abilities = chargebackAbilities(grants);

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

  const transactionPath = (target: CommandTarget) => transactionDetailPath({ accountId: target.accountId }, target.id);
  const chargebackPath = (target: CommandTarget) => chargebackDetailPath(target.accountId, target.id);

  const commands: Command[] = [
    ...(canOpenTransaction
      ? [
          {
            id: TARGET_COMMAND_IDS.openTransaction,
            title: 'Open transaction…',
            group: 'Actions',
            scope: 'page',
            target: 'transaction',
            keywords: ['transaction', 'payment', 'find', 'id'],
            run: (ctx, target) => {
              if (target) ctx.navigate(transactionPath(target));
            },
          } satisfies Command,
        ]
      : []),
    ...(canRefund
      ? [
          {
            id: TARGET_COMMAND_IDS.refundTransaction,
            title: 'Refund a transaction…',
            group: 'Actions',
            scope: 'page',
            target: 'transaction',
            keywords: ['refund', 'partial refund', 'money back', 'return payment', 'transaction'],
            run: (ctx, target) =>
              target &&
              openThenRun(
                ctx.navigate,
                transactionPath(target),
                RECORD_COMMAND_IDS.refundTransaction,
                REFUND_NOT_AVAILABLE,
              ),
          } satisfies Command,
        ]
      : []),
    ...(chargebacksHere
      ? [
          {
            id: TARGET_COMMAND_IDS.openChargeback,
            title: 'Open chargeback…',
            group: 'Actions',
            scope: 'page',
            target: 'chargeback',
            keywords: ['chargeback', 'case', 'dispute', 'find', 'id'],
            when: (ctx) => ctx.accountId !== undefined,
            run: (ctx, target) => {
              if (target) ctx.navigate(chargebackPath(target));
            },
          } satisfies Command,
        ]
      : []),
    ...(chargebacksHere && abilities.changeStatus
      ? [
          {
            id: TARGET_COMMAND_IDS.changeChargebackStatus,
            title: 'Change chargeback status…',
            group: 'Actions',
            scope: 'page',
            target: 'chargeback',
            keywords: ['chargeback', 'case', 'dispute', 'status', 'to do', 'in progress', 'done'],
            when: (ctx) => ctx.accountId !== undefined,
            // A case that cannot be read shows the not-found page itself; nothing more to say.
            run: (ctx, target) =>
              target && openThenRun(ctx.navigate, chargebackPath(target), RECORD_COMMAND_IDS.changeChargebackStatus),
          } satisfies Command,
        ]
      : []),
    ...(chargebacksHere && abilities.assignAgent
      ? [
          {
            id: TARGET_COMMAND_IDS.assignChargebackAgent,
            title: 'Assign chargeback agent…',
            group: 'Actions',
            scope: 'page',
            target: 'chargeback',
            keywords: ['chargeback', 'case', 'dispute', 'agent', 'assign', 'unassign', 'others'],
            when: (ctx) => ctx.accountId !== undefined,
            run: (ctx, target) =>
              target && openThenRun(ctx.navigate, chargebackPath(target), RECORD_COMMAND_IDS.assignChargebackAgent),
          } satisfies Command,
        ]
      : []),
  ];
  useRegisterCommands(commands, [
    canOpenTransaction,
    canRefund,
    chargebacksHere,
    abilities.changeStatus,
    abilities.assignAgent,
    show,
  ]);
}
