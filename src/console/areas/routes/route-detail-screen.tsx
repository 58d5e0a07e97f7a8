import { useCurrentScope } from '@console/app/current-scope';
import { CommandButton } from '@console/commands/command-button';
import { useHoldKeys } from '@console/commands/key-queue';
import { useRecordOpened } from '@console/commands/recent-records';
import { ExportRecordButton } from '@console/export/export-record-button';
import { useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { DetailField, DetailFields, DetailSection } from '@console/ui/detail-section';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { ROUTE_MESSAGES, type RouteDetail, type RouteMid } from '@domain/contract/routes';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { midDetailPath } from '../mids/mid-paths';
import { VariablesSection } from '../mids/variables-section';
import { ROUTE_COMMAND_IDS, useRouteDetailCommands } from './route-commands';
import { routesPath } from './route-paths';
import { useRoute } from './route-queries';
import { useRouteActions } from './use-route-actions';

function MidSection({
  title,
  mid,
  accountId,
  merchantId,
}: {
  title: string;
  mid: RouteMid | null;
  accountId: string;
  merchantId: string;
}) {
  return (
    <DetailSection title={title}>
      {mid ? (
        <DetailFields>
          <DetailField label="MID">
            <Link href={midDetailPath(accountId, merchantId, mid.id)}>{mid.description}</Link>
          </DetailField>
          <DetailField label="MID Solution">
            <span className="mono">{mid.midAcquirerId}</span>
          </DetailField>
          <DetailField label="Provider">{mid.acquirerName}</DetailField>
          <DetailField label="Answers">{mid.synchronous ? 'Synchronously' : 'Asynchronously'}</DetailField>
          <DetailField label="Enabled">{mid.enable ? 'Yes' : 'No'}</DetailField>
        </DetailFields>
      ) : (
        <p className="text-muted">No fallback MID: a declined payment is not retried.</p>
      )}
    </DetailSection>
  );
}

/** .../routes/detail/{routeId} (spec 2, section 2.4): the route's data, its variables, its MID and fallback MID. */
export function RouteDetailScreen() {
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  const { routeId = '' } = useParams<{ routeId?: string }>();
  const query = useRoute(merchantId, routeId);
  const listPath = routesPath(accountId ?? '', merchantId ?? '');
  const backToList = useCallback(() => navigate(listLocation(listPath)), [navigate, listPath]);
  const { duplicate, remove } = useRouteActions(merchantId ?? '', backToList);
  useRouteDetailCommands(accountId ?? '', merchantId ?? '', query.data, { duplicate, remove });
  // `e` or `Shift D` typed while the route loads waits for its commands instead of vanishing.
  useHoldKeys(query.isLoading);
  useRecordOpened('ROUTE', query.data ? routeId.toLowerCase() : undefined);

  if (!accountId || !merchantId) return null;
  const route: RouteDetail | undefined = query.data;
  // Duplicate, Edit and Delete are the commands of `Shift D`, `e` and the palette: each shows when its command exists.
  const actions = route ? (
    <>
      <CommandButton commandId={ROUTE_COMMAND_IDS.duplicateRoute}>Duplicate</CommandButton>
      {can(grants, P.routeExport) ? (
        <ExportRecordButton
          path={`/merchant/${merchantId}/route/export`}
          fileLabel="route"
          query={{ routeId: route.routeId }}
        />
      ) : null}
      <CommandButton commandId={ROUTE_COMMAND_IDS.editRoute} variant="primary">
        Edit
      </CommandButton>
      <CommandButton commandId={ROUTE_COMMAND_IDS.deleteRoute} variant="danger">
        Delete
      </CommandButton>
    </>
  ) : null;

  return (
    <div className="screen">
      <PageHeader
        title="Route Detail"
        subtitle={route?.routeDescription}
        back={{ href: listLocation(listPath), label: 'Back to Routes' }}
        actions={actions}
      />
      {route ? (
        <div className="detail-sections">
          <DetailSection title="Main information">
            <DetailFields>
              <DetailField label="Description">{route.routeDescription}</DetailField>
              <DetailField label="Route ID">
                <span className="mono">{route.routeId}</span>
              </DetailField>
              <DetailField label="Priority">{route.priority}</DetailField>
              <DetailField label="Weight">
                {route.weight}
                {route.weight === 0 ? <span className="text-muted"> {ROUTE_MESSAGES.weightZero}</span> : null}
              </DetailField>
              <DetailField label="Last edited">{formatDateTime(route.modifiedDate)}</DetailField>
            </DetailFields>
          </DetailSection>
          <VariablesSection criteria={route} />
          <MidSection title="MID" mid={route.mid} accountId={accountId} merchantId={merchantId} />
          <MidSection title="Fallback MID" mid={route.fallbackMid} accountId={accountId} merchantId={merchantId} />
        </div>
      ) : query.isError ? (
        <DetailsLoadError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading route…" />
      )}
    </div>
  );
}
