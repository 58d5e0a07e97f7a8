import type { ApiError } from '@console/api/errors';
import { isApiError } from '@console/api/errors';
import { useApi, useSession } from '@console/session/session-provider';
import {
  type BacktestPreset,
  type BacktestRequestInput,
  type BacktestResult,
  backtestResult,
} from '@domain/contract/backtest';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useCallback, useEffect, useRef, useState } from 'react';

// The backtest call (issue 15): POST /merchant/{merchantId}/routing-backtest with a window and a draft. One run at a
// time: a new run aborts the request of the one before (the server stops its work on the aborted signal too), Cancel
// aborts the current one, and leaving the screen aborts whatever is still running. An aborted run changes nothing on
// screen; the last result stays until a newer one replaces it.

/** The draft the backtest compares with the current routing: the request without its window. */
export type BacktestDraft = Required<Omit<BacktestRequestInput, 'window'>>;

export type BacktestStatus = 'idle' | 'running' | 'done' | 'failed';

export interface BacktestRun {
  status: BacktestStatus;
  /** The last result that arrived (kept while a newer run is under way). */
  result: BacktestResult | null;
  /** What `result` answered: its window preset and draft, to tell whether the draft changed since. */
  resultKey: string | null;
  error: ApiError | null;
  run: (preset: BacktestPreset, draft: BacktestDraft) => void;
  cancel: () => void;
}

/** The identity of a request, to compare the shown result with the draft on screen. */
export function backtestKey(preset: BacktestPreset, draft: BacktestDraft): string {
  return JSON.stringify([preset, draft.temporaryRoutes, draft.removedRouteIds]);
}

/** Backtests need both: the routing (route.simulate) and the payments it replays (transaction.read). */
export function useCanBacktest(): boolean {
  const { grants } = useSession();
  return can(grants, P.routeSimulate) && can(grants, P.transactionRead);
}

export const backtestPath = (merchantId: string) => `/merchant/${merchantId}/routing-backtest`;

export function useBacktest(merchantId: string): BacktestRun {
  const api = useApi();
  const controller = useRef<AbortController | null>(null);
  const [state, setState] = useState<Omit<BacktestRun, 'run' | 'cancel'>>({
    status: 'idle',
    result: null,
    resultKey: null,
    error: null,
  });

  const run = useCallback<BacktestRun['run']>(
    (preset, draft) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      const key = backtestKey(preset, draft);
      setState((previous) => ({ ...previous, status: 'running', error: null }));
      api
        .post(backtestPath(merchantId), {
          body: { window: { preset }, ...draft },
          schema: backtestResult,
          signal: current.signal,
          // A refusal is told in the panel: it never takes the user away from the draft they are editing.
          notFoundIsAnswer: true,
        })
        .then(
          (result) => {
            if (controller.current !== current) return;
            controller.current = null;
            setState({ status: 'done', result, resultKey: key, error: null });
          },
          (error: unknown) => {
            if (controller.current !== current || current.signal.aborted) return;
            controller.current = null;
            setState((previous) => ({
              ...previous,
              status: 'failed',
              error: isApiError(error) ? error : null,
            }));
          },
        );
    },
    [api, merchantId],
  );

  const cancel = useCallback(() => {
    const current = controller.current;
    if (!current) return;
    controller.current = null;
    current.abort();
    setState((previous) => ({ ...previous, status: previous.result ? 'done' : 'idle' }));
  }, []);

  // Leaving the screen (or another merchant) stops the run under way.
  useEffect(
    () => () => {
      controller.current?.abort();
      controller.current = null;
    },
    [],
  );

  return { ...state, run, cancel };
}
