import { useApi } from '@console/session/session-provider';
import { useToast } from '@console/ui/toast';
import type { SubscriptionAction } from '@domain/subscriptions';
import {
  type SubscriptionActionCall,
  type SubscriptionActionTarget,
  subscriptionActionsMachine,
} from '@machines/subscription-actions.machine';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { SubscriptionActionModal, type SubscriptionActionsActor } from './subscription-action-modal';
import { applySubscriptionAction, subscriptionsQueryKey } from './subscription-queries';

// The console side of machines/subscription-actions.machine.ts: the real PATCH, and the reload the machine asks for
// (the list, the detail and the KPIs of the merchant all start with the same key). One per screen; the row menu, the
// detail's buttons and the `p`, `u`, `c` keys all open its one modal.

/** What the success toast says, once the platform confirmed. */
const DONE_TEXT: Record<SubscriptionAction, string> = {
  CANCEL: 'Subscription cancelled',
  PAUSE: 'Subscription paused',
  RESUME: 'Subscription resumed',
};

export interface SubscriptionActionsFlow {
  actor: SubscriptionActionsActor;
  /** Opens the confirm modal; the machine refuses an action the status does not allow. */
  open: (target: SubscriptionActionTarget, action: SubscriptionAction) => void;
  /** The modal; render it once on the screen. */
  modal: ReactNode;
}

export function useSubscriptionActions(merchantId: string): SubscriptionActionsFlow {
  const api = useApi();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const [logic] = useState(() =>
    subscriptionActionsMachine.provide({
      actors: {
        applyAction: fromPromise<void, SubscriptionActionCall>(({ input, signal }) =>
          applySubscriptionAction(api, input, signal),
        ),
      },
    }),
  );
  const actor = useActorRef(logic);

  useEffect(() => {
    const reload = actor.on('reload', () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey(merchantId) });
    });
    const done = actor.on('succeeded', (event) => show({ type: 'success', header: DONE_TEXT[event.action] }));
    return () => {
      reload.unsubscribe();
      done.unsubscribe();
    };
  }, [actor, queryClient, merchantId, show]);

  const open = useCallback<SubscriptionActionsFlow['open']>(
    (target, action) => actor.send({ type: 'OPEN', target, action }),
    [actor],
  );
  return { actor, open, modal: <SubscriptionActionModal actor={actor} /> };
}
