import { useAnalytics } from '@console/analytics/analytics-provider';
import { isApiError } from '@console/api/errors';
import { useCurrentScope } from '@console/app/current-scope';
import { EditorForm, FormActionBar } from '@console/forms/form-layout';
import { asNotice, useFormNotice } from '@console/forms/form-notice';
import { continueLabel, DISCARD_CHANGES } from '@console/forms/use-saving-pattern';
import { useStepHeadingFocus, WizardSteps } from '@console/forms/wizard-steps';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Button } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { DetailsLoadError } from '@console/ui/empty-state';
import { Modal } from '@console/ui/modal';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { useToast } from '@console/ui/toast';
import { type RouteDetail, type RouteSaveInput, temporaryRoute } from '@domain/contract/routes';
import { CATALOGUE, effectOfStatus, messageFor } from '@domain/errors';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { ROUTING_CRITERIA } from '@domain/routing-criteria';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import {
  type Criteria,
  routeWizardMachine,
  type WizardRow,
  type WizardValues,
  wizardStep,
} from '../../../../machines/route-wizard.machine';
import { VariablesSection } from '../mids/variables-section';
import { BacktestPanel } from './backtest/backtest-panel';
import { type BacktestDraft, useCanBacktest } from './backtest/use-backtest';
import { routeDetailPath, routesPath } from './route-paths';
import {
  createRoutes,
  loadRouteMids,
  routeListQueryKey,
  routeQueryKey,
  simulateOrder,
  updateRoute,
  useRoute,
} from './route-queries';
import { DistributionStep, WizardSimulator } from './wizard-distribution-step';
import { MidsStep } from './wizard-mids-step';
import { WizardRoutingChecks } from './wizard-routing-checks';
import { VariablesStep } from './wizard-variables-step';
import './route-wizard.css';

// New route and Edit route (spec 2, sections 2.4 and 4): the three steps of machines/route-wizard.machine.ts on screen.
// The machine holds the values, the checks and the simulator; this host gives it its calls (the MID pick list, the
// simulation, the save) and turns what it emits into messages, the discard question and navigation.

export const STEP_TITLES = ['Route variables', 'MID and Fallback MID', 'Priority and Weight Distribution'] as const;

/** /accounts/{accountId}/merchants/{merchantId}/routes/new */
export const NewRouteScreen = () => <RouteWizardScreen mode="new" />;
/** /accounts/{accountId}/merchants/{merchantId}/routes/edit/{routeId} */
export const EditRouteScreen = () => <RouteWizardScreen mode="edit" />;

function RouteWizardScreen({ mode }: { mode: 'new' | 'edit' }) {
  const { accountId, merchantId } = useCurrentScope();
  const { routeId = '' } = useParams<{ routeId?: string }>();
  const source = useRoute(merchantId, mode === 'edit' ? routeId : '');
  if (!accountId || !merchantId) return null;
  if (mode === 'new') return <RouteWizard accountId={accountId} merchantId={merchantId} />;
  if (source.data) {
    return <RouteWizard key={source.data.version} accountId={accountId} merchantId={merchantId} route={source.data} />;
  }
  return (
    <div className="screen">
      <PageHeader title="Edit route" />
      {source.isError ? (
        <DetailsLoadError onRetry={() => void source.refetch()} />
      ) : (
        <LoadingBlock label="Loading route…" />
      )}
    </div>
  );
}

/** The wizard's values for a saved route: its variables (those with values open) and its one row. */
function valuesOfRoute(route: RouteDetail): WizardValues {
  const variables = Object.fromEntries(
    ROUTING_CRITERIA.map((criterion) => [criterion, route[criterion]]),
  ) as unknown as Criteria;
  return {
    variables,
    open: ROUTING_CRITERIA.filter((criterion) => route[criterion].length > 0),
    rows: [
      {
        routeId: route.routeId,
        midId: route.mid.id,
        fallbackMidId: route.fallbackMid?.id ?? null,
        routeDescription: route.routeDescription,
        priority: route.priority,
        weight: route.weight,
      },
    ],
  };
}

/** A row as the API takes it: the route's variables with the row's MIDs, description, priority and weight. */
function routeSaveOf(row: WizardRow, variables: Criteria): RouteSaveInput & { routeId?: string } {
  return {
    ...(row.routeId ? { routeId: row.routeId } : {}),
    routeDescription: row.routeDescription.trim(),
    midId: row.midId ?? '',
    fallbackMidId: row.fallbackMidId,
    priority: row.priority,
    weight: row.weight,
    ...variables,
  };
}

/** Step 3's `b`: backtest the rows on the merchant's past payments. */
const BACKTEST_KEYS = ['b'] as const;

/**
 * The rows as the backtest's and the routing checks' draft, exactly as the simulation sends them: the rows with a MID
 * as temporary routes (an edited row names its routeId and stands in for the saved route). A row the API would refuse
 * (a weight left empty) holds the backtest back with a message instead, and the routing checks keep their last answer.
 */
function backtestDraftOf(values: WizardValues): { draft: BacktestDraft; problem: string | null } {
  const temporaryRoutes = values.rows
    .filter((row) => row.midId !== null)
    .map((row) => routeSaveOf(row, values.variables));
  const valid = temporaryRoutes.every((row) => temporaryRoute.safeParse(row).success);
  return {
    draft: { temporaryRoutes, removedRouteIds: [] },
    problem: valid ? null : 'Give every route a priority and a weight from 0 to 100 before the backtest.',
  };
}

interface RouteWizardProps {
  accountId: string;
  merchantId: string;
  /** The route being edited; absent for a new one. */
  route?: RouteDetail;
}

function RouteWizard({ accountId, merchantId, route }: RouteWizardProps) {
  const api = useApi();
  const confirm = useConfirm();
  const analytics = useAnalytics();
  const formNotice = useFormNotice();
  const { show: showNotice } = formNotice;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const mode = route ? 'edit' : 'new';
  const listPath = routesPath(accountId, merchantId);

  const logic = useMemo(
    () =>
      routeWizardMachine.provide({
        actors: {
          loadMids: fromPromise(({ input, signal }) => loadRouteMids(api, merchantId, input, signal)),
          simulate: fromPromise(({ input, signal }) =>
            simulateOrder(
              api,
              merchantId,
              {
                order: input.order,
                // Rows without a MID cannot route anything yet; they take no part.
                temporaryRoutes: input.rows
                  .filter((row) => row.midId !== null)
                  .map((row) => routeSaveOf(row, input.variables)),
              },
              signal,
            ),
          ),
          save: fromPromise(async ({ input }) => {
            const rows = input.values.rows.map((row) => routeSaveOf(row, input.values.variables));
            if (route) {
              // An edit holds exactly the one row it opened (the machine adds none), and the version it was opened on.
              const [{ routeId: _routeId, ...row }] = rows as [ReturnType<typeof routeSaveOf>];
              await updateRoute(api, merchantId, route.routeId, { ...row, version: route.version });
            } else {
              await createRoutes(
                api,
                merchantId,
                rows.map(({ routeId: _routeId, ...row }) => row),
              );
            }
          }),
        },
      }),
    [api, merchantId, route],
  );
  const actor = useActorRef(logic);
  const snapshot = useSelector(actor, (state) => state);
  const step = wizardStep(snapshot);
  const stepFocus = useStepHeadingFocus();

  // The wizard starts on step 1 with the route (or a blank one) each time the screen opens; leaving it stops it.
  useEffect(() => {
    actor.send({ type: 'START', mode, values: route ? valuesOfRoute(route) : undefined });
  }, [actor, mode, route]);

  useEffect(() => {
    if (step === null) return;
    analytics.track(`view_route_step${step}`);
  }, [analytics, step]);

  useEffect(() => {
    const subscriptions = [
      // The wizard's saves are told in the form, above its actions, like every editor's (forms/form-notice.tsx).
      actor.on('without-changes', () => showNotice(asNotice(messageFor('without-changes')))),
      actor.on('confirm-discard', () => {
        void confirm({
          title: CATALOGUE['confirm-cancel-changes'].header,
          confirmLabel: DISCARD_CHANGES,
          cancelLabel: continueLabel(mode),
          tone: 'warning',
        }).then((discard) => discard && actor.send({ type: 'CONFIRM_DISCARD' }));
      }),
      actor.on('left', () => navigate(listLocation(listPath))),
      actor.on('saved', () => {
        toast.showMessage(route ? 'successfully-edited' : 'successfully-created');
        void queryClient.invalidateQueries({ queryKey: routeListQueryKey(merchantId) });
        if (route) void queryClient.invalidateQueries({ queryKey: routeQueryKey(merchantId, route.routeId) });
        navigate(listLocation(listPath));
      }),
      actor.on('save-failed', ({ error }) => {
        if (isApiError(error) && effectOfStatus(error.status) === 'show-message') showNotice(asNotice(error));
        else if (!isApiError(error)) showNotice(asNotice(messageFor('unexpected-error')));
        // Sessions ending, the not-found screen and server errors have their global effect already.
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, confirm, mode, navigate, listPath, queryClient, merchantId, route, showNotice, toast]);

  const title = mode === 'new' ? 'New route' : 'Edit route';
  const { context } = snapshot;
  // A notice says why the last save was refused: a change after it makes it stale (a step it sends the user to does not).
  const { clear: clearNotice } = formNotice;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values are what make the notice stale.
  useEffect(() => clearNotice(), [context.values, clearNotice]);
  const goBack = () => {
    stepFocus.moved();
    actor.send({ type: 'GO_BACK' });
  };
  const submit = () => {
    if (step === 3) actor.send({ type: 'SAVE' });
    else {
      stepFocus.moved();
      actor.send({ type: 'CONTINUE' });
    }
  };
  const canSimulate = can(grants, P.routeSimulate);
  const canBacktest = useCanBacktest();
  const canCheckRouting = can(grants, P.routeRead);
  const backtest = useMemo(() => backtestDraftOf(context.values), [context.values]);
  const [showVariables, setShowVariables] = useState(false);

  return (
    <div className="screen">
      <PageHeader
        title={title}
        subtitle={route?.routeDescription}
        back={
          route
            ? { href: routeDetailPath(accountId, merchantId, route.routeId), label: 'Back to Route Detail' }
            : { href: listLocation(listPath), label: 'Back to Routes' }
        }
      />
      <EditorForm
        label={title}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onEscape={() => actor.send({ type: 'DISCARD' })}
      >
        <div className="route-wizard__top">
          <WizardSteps titles={STEP_TITLES} current={step ?? 1} />
          {step !== null && step > 1 ? (
            <Button size="sm" onClick={() => setShowVariables(true)}>
              Route variables
            </Button>
          ) : null}
        </div>
        {step === null ? null : (
          <h2 className="visually-hidden" ref={stepFocus.headingRef} tabIndex={-1}>
            Step {step} of 3: {STEP_TITLES[step - 1]}
          </h2>
        )}
        {step === 1 ? (
          <VariablesStep
            merchantId={merchantId}
            values={context.values}
            errors={context.errors}
            loading={snapshot.matches({ editing: 'loadingMids' })}
            firstFocus={stepFocus.arrived()}
            send={actor.send}
          />
        ) : step === 2 ? (
          <MidsStep
            accountId={accountId}
            merchantId={merchantId}
            mode={mode}
            values={context.values}
            mids={context.mids}
            errors={context.errors}
            notice={context.notice}
            send={actor.send}
          />
        ) : step === 3 ? (
          <>
            <DistributionStep values={context.values} mids={context.mids} errors={context.errors} send={actor.send} />
            {canCheckRouting ? (
              <WizardRoutingChecks
                merchantId={merchantId}
                draft={backtest.draft}
                draftValid={backtest.problem === null}
              />
            ) : null}
            {canSimulate ? <WizardSimulator merchantId={merchantId} snapshot={snapshot} send={actor.send} /> : null}
            {canBacktest ? (
              <div className="route-wizard__backtest">
                <BacktestPanel
                  merchantId={merchantId}
                  draft={backtest.draft}
                  draftProblem={backtest.problem}
                  keys={BACKTEST_KEYS}
                  inWizard
                />
              </div>
            ) : null}
          </>
        ) : null}
        <FormActionBar notice={formNotice.notice}>
          <Button
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => actor.send({ type: 'DISCARD' })}
            disabled={snapshot.matches({ editing: 'saving' })}
          >
            Discard
          </Button>
          {step !== null && step > 1 ? (
            <Button onClick={goBack} disabled={snapshot.matches({ editing: 'saving' })}>
              Go back
            </Button>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            loading={snapshot.matches({ editing: 'saving' }) || snapshot.matches({ editing: 'loadingMids' })}
          >
            {step === 3 ? 'Save' : 'Continue'}
          </Button>
        </FormActionBar>
      </EditorForm>
      <Modal open={showVariables} onClose={() => setShowVariables(false)} title="Route variables" width={560}>
        <VariablesSection criteria={context.values.variables} />
      </Modal>
    </div>
  );
}
