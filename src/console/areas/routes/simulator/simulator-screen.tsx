import { useCurrentScope } from '@console/app/current-scope';
import { useApi, useSession } from '@console/session/session-provider';
import { PageHeader } from '@console/ui/page-header';
import { type SimulationOrder, simulationOrder } from '@domain/contract/routes';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { errorsAfterOrderChange, orderErrors } from '@domain/routes';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { SimulatorBacktest } from '../backtest/simulator-backtest';
import { useCanBacktest } from '../backtest/use-backtest';
import { simulateOrder } from '../route-queries';
import { SimulatorPanel, type SimulatorStatus } from './simulator-panel';

// .../merchants/{merchantId}/simulator (spec 2, sections 2.5 and 4): the simulator on its own, over the merchant's
// saved routes. The order, its messages and the call live here; the route wizard drives the same panel from its
// machine instead.

type OrderErrors = Record<string, string>;

function MerchantSimulator({ merchantId }: { merchantId: string }) {
  const api = useApi();
  const [order, setOrder] = useState<SimulationOrder>({});
  const [errors, setErrors] = useState<OrderErrors>({});
  const mutation = useMutation({
    mutationFn: (valid: SimulationOrder) => simulateOrder(api, merchantId, { order: valid, temporaryRoutes: [] }),
  });

  const changeOrder = useCallback(
    (next: SimulationOrder) => {
      // A changed field loses its message; the others keep theirs until the next Simulate (as in the wizard).
      setErrors((current) => errorsAfterOrderChange(current, order, next));
      setOrder(next);
    },
    [order],
  );

  const { mutate } = mutation;
  const simulate = useCallback(() => {
    const parsed = simulationOrder.safeParse(order);
    if (!parsed.success) {
      setErrors(orderErrors(order));
      return;
    }
    setErrors({});
    mutate(parsed.data);
  }, [order, mutate]);

  const status: SimulatorStatus = mutation.isPending
    ? 'loading'
    : mutation.isError
      ? 'error'
      : mutation.data
        ? 'results'
        : 'idle';

  return (
    <SimulatorPanel
      merchantId={merchantId}
      order={order}
      errors={errors}
      status={status}
      result={mutation.data ?? null}
      onOrderChange={changeOrder}
      onSimulate={simulate}
    />
  );
}

export function SimulatorScreen() {
  const { merchantId, merchant } = useCurrentScope();
  const focusOrder = new URLSearchParams(useSearch()).get('focus') === 'order';
  const body = useRef<HTMLDivElement>(null);
  const { grants } = useSession();
  // The backtest of an edited copy of the routes: it lists them (route.read) and replays payments (issue 15).
  const canBacktest = useCanBacktest() && can(grants, P.routeRead);

  // 'Simulate an order' (the palette) arrives with ?focus=order: the keyboard starts in the order's first field.
  useEffect(() => {
    if (focusOrder) body.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [focusOrder]);

  if (!merchantId) return null;
  return (
    <div className="screen">
      <PageHeader title="Simulator" subtitle={merchant?.prettyName} />
      <div ref={body}>
        {/* A new merchant starts a new simulation. */}
        <MerchantSimulator key={merchantId} merchantId={merchantId} />
      </div>
      {canBacktest ? (
        <div className="simulator-screen__backtest">
          <SimulatorBacktest key={merchantId} merchantId={merchantId} />
        </div>
      ) : null}
    </div>
  );
}
