import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { ExportRecordButton } from '@console/export/export-record-button';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Button } from '@console/ui/button';
import { DetailField, DetailFields, DetailSection } from '@console/ui/detail-section';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import { ROUTE_MESSAGES, type RouteDetail, type RouteMid, routeDetail } from '@domain/contract/routes';
import { formatDateTime } from '@domain/format';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { midDetailPath } from '../mids/mid-paths';
import { VariablesSection } from '../mids/variables-section';
import { useRouteDetailCommands } from './route-commands';
import { editRoutePath, routeQueryKey, routesPath } from './route-paths';
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
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  const { routeId = '' } = useParams<{ routeId?: string }>();
  const query = useQuery({
    queryKey: routeQueryKey(merchantId ?? '', routeId),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/route/${routeId}`, { schema: routeDetail, signal }),
    enabled: merchantId !== undefined && routeId !== '',
  });
  const listPath = routesPath(accountId ?? '', merchantId ?? '');
  const backToList = useCallback(() => navigate(listLocation(listPath)), [navigate, listPath]);
  const { duplicate, remove } = useRouteActions(merchantId ?? '', backToList);
  useRouteDetailCommands(accountId ?? '', merchantId ?? '', query.data, { duplicate, remove });
  // `e` or `Shift D` typed while the route loads waits for its commands instead of vanishing.
  useHoldKeys(query.isLoading);

  if (!accountId || !merchantId) return null;
  const route: RouteDetail | undefined = query.data;
  const actions = route ? (
    <>
      {can(grants, P.routeCreate) ? (
        <Tooltip content="Duplicate route" keys="shift+d">
          <Button onClick={() => void duplicate(route)}>Duplicate</Button>
        </Tooltip>
      ) : null}
      {can(grants, P.routeExport) ? (
        <ExportRecordButton
          path={`/merchant/${merchantId}/route/export`}
          fileLabel="route"
          query={{ routeId: route.routeId }}
        />
      ) : null}
      {can(grants, P.routeUpdate) ? (
        <Tooltip content="Edit route" keys="e">
          <Button variant="primary" onClick={() => navigate(editRoutePath(accountId, merchantId, route.routeId))}>
            Edit
          </Button>
        </Tooltip>
      ) : null}
      {can(grants, P.routeDelete) ? (
        <Button variant="danger" onClick={() => void remove(route)}>
          Delete
        </Button>
      ) : null}
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
