import type { ApiClient } from '@console/api/client';
import { useApi } from '@console/session/session-provider';
import {
  IDEMPOTENCY_KEY_HEADER,
  type RefundResponse,
  refundResponse,
  type TransactionDetail,
} from '@domain/contract/transactions';
import {
  isRefundFormOpen,
  isRefundInFlight,
  type RefundCall,
  type RefundMachine,
  type RefundTarget,
  refundMachine,
} from '@machines/refund.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { transactionsQueryKey } from './transaction-queries';

// The console side of machines/refund.machine.ts: the real call (with the opening's idempotency key as a header, so
// a retry after no response can never refund twice) and the reload the machine asks for when its result closes.

/** POST /account/{accountId}/transaction/{transactionId}/refund under the call's idempotency key. */
export function sendRefund(api: ApiClient, call: RefundCall): Promise<RefundResponse> {
  return api.post(`/account/${call.accountId}/transaction/${call.transactionId}/refund`, {
    body: call.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: call.idempotencyKey },
    schema: refundResponse,
    // A refused refund (403: the permission went, 404: the payment is not visible any more) is the failed result
    // with its code, not a jump away from the transaction.
    notFoundIsAnswer: true,
    // A server error is the modal's no-response result ('unexpected-error'); a second, global message would repeat it.
    serverErrorIsAnswer: true,
  });
}

export function refundTargetOf(transaction: TransactionDetail, accountId: string): RefundTarget {
  return {
    accountId,
    transactionId: transaction.transactionId,
    merchantId: transaction.merchantId,
    transactionType: transaction.transactionType,
    refundable: transaction.refundable,
    currency: transaction.money.currency,
    maxRefundAmountAvailable: transaction.maxRefundAmountAvailable,
  };
}

export type RefundActor = ActorRefFrom<RefundMachine>;

export interface RefundFlow {
  actor: RefundActor;
  /** The form or its submission is on screen. */
  formOpen: boolean;
  inFlight: boolean;
  /** Opens the modal for this payment; the machine refuses a payment whose refund is not allowed. */
  open: (transaction: TransactionDetail) => void;
}

export function useRefundFlow(accountId: string): RefundFlow {
  const api = useApi();
  const queryClient = useQueryClient();
  const [logic] = useState(() =>
    refundMachine.provide({
      actors: { sendRefund: fromPromise<RefundResponse | null, RefundCall>(({ input }) => sendRefund(api, input)) },
    }),
  );
  const actor = useActorRef(logic);
  const formOpen = useSelector(actor, (snapshot) => isRefundFormOpen(snapshot) || isRefundInFlight(snapshot));
  const inFlight = useSelector(actor, isRefundInFlight);

  // 'Got it' (or closing a result): the payment, its history and the lists showing it may have changed.
  useEffect(() => {
    const subscription = actor.on('reload', () => {
      void queryClient.invalidateQueries({ queryKey: [...transactionsQueryKey(accountId), 'detail'] });
      void queryClient.invalidateQueries({ queryKey: [...transactionsQueryKey(accountId), 'list'] });
    });
    return () => subscription.unsubscribe();
  }, [actor, queryClient, accountId]);

  const open = useCallback(
    (transaction: TransactionDetail) => actor.send({ type: 'OPEN', target: refundTargetOf(transaction, accountId) }),
    [actor, accountId],
  );
  return { actor, formOpen, inFlight, open };
}
