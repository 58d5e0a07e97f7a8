import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useRecordOpened } from '@console/commands/recent-records';
import { ExportRecordButton } from '@console/export/export-record-button';
import { useApi, useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Button } from '@console/ui/button';
import { DetailField, DetailFields, DetailSection, orDash } from '@console/ui/detail-section';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import { type MidDetail, midDetail } from '@domain/contract/mids';
import { FORCE_3DS_LABELS } from '@domain/enums';
import { formatDateTime } from '@domain/format';
import { acquirerTemplate, MID_MESSAGES, type TemplateField } from '@domain/mids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { editRoutePath, routeDetailPath } from '../routes/route-paths';
import { useMidDetailCommands } from './mid-commands';
import { editMidPath, midQueryKey, midsPath, newMidPath, templateQueryKey } from './mid-paths';
import { MidUnexpectedError } from './mid-unexpected-error';
import { useMidDelete } from './use-mid-delete';
import { VariablesSection } from './variables-section';
import './mids.css';

function MainSection({
  mid,
  fields,
  showEdited,
}: {
  mid: MidDetail;
  fields: readonly TemplateField[] | undefined;
  showEdited: boolean;
}) {
  // The template names the acquirer's fields; until it has loaded (or for a field it no longer has) the key shows.
  const label = (name: string) => fields?.find((field) => field.name === name)?.label ?? name;
  return (
    <DetailSection title="Main information">
      <DetailFields>
        <DetailField label="Description">{mid.description}</DetailField>
        <DetailField label="MID ID">
          <span className="mono">{mid.midId}</span>
        </DetailField>
        <DetailField label="MID Solution">
          <span className="mono">{mid.midAcquirerId}</span>
        </DetailField>
        <DetailField label="Provider">{mid.acquirer.prettyName}</DetailField>
        <DetailField label="Solution">{mid.solution.prettyName}</DetailField>
        <DetailField label="Force 3DS">{FORCE_3DS_LABELS[mid.force3ds]}</DetailField>
        <DetailField label="Enabled">{mid.enable ? 'Yes' : 'No'}</DetailField>
        {Object.entries(mid.customConfig).map(([name, value]) => (
          <DetailField key={name} label={label(name)}>
            {orDash(value)}
          </DetailField>
        ))}
        {mid.storedSecrets.map((name) => (
          <DetailField key={name} label={label(name)}>
            <span className="text-muted">Stored, hidden</span>
          </DetailField>
        ))}
        {showEdited ? <DetailField label="Last edited">{formatDateTime(mid.modifiedDate)}</DetailField> : null}
      </DetailFields>
    </DetailSection>
  );
}

function RoutesSection({ mid, accountId, merchantId }: { mid: MidDetail; accountId: string; merchantId: string }) {
  const { grants } = useSession();
  const canEditRoutes = can(grants, P.routeUpdate) && can(grants, P.routeSelect);
  return (
    <DetailSection title="Routes using this MID" wide>
      {mid.routes.length === 0 ? (
        <p className="text-muted">{MID_MESSAGES.noRoutes}</p>
      ) : (
        <ul className="mid-routes">
          {mid.routes.map((route) => (
            <li key={route.routeId}>
              <Link href={routeDetailPath(accountId, merchantId, route.routeId)}>{route.routeDescription}</Link>{' '}
              <span className="mono text-muted">{route.routeId}</span>
              {canEditRoutes ? (
                <>
                  {' '}
                  <Link
                    href={editRoutePath(accountId, merchantId, route.routeId)}
                    aria-label={`Edit route ${route.routeDescription}`}
                  >
                    Edit route
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

/** .../mids/detail/{midId} (spec 2, section 2.3): the MID's data, its variables and the routes that use it. */
export function MidDetailScreen() {
  const api = useApi();
  const [, navigate] = useLocation();
  const { grants } = useSession();
  const { accountId, merchantId } = useCurrentScope();
  const { midId = '' } = useParams<{ midId?: string }>();
  const query = useQuery({
    queryKey: midQueryKey(merchantId ?? '', midId),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/mid/${midId}`, { schema: midDetail, signal }),
    enabled: merchantId !== undefined && midId !== '',
  });
  const acquirerId = query.data?.acquirerId;
  const template = useQuery({
    queryKey: templateQueryKey(accountId ?? '', acquirerId ?? ''),
    queryFn: ({ signal }) =>
      api.get(`/account/${accountId}/acquirer/${acquirerId}/template`, { schema: acquirerTemplate, signal }),
    enabled: accountId !== undefined && acquirerId !== undefined,
    staleTime: 5 * 60_000,
  });
  const listPath = midsPath(accountId ?? '', merchantId ?? '');
  const backToList = useCallback(() => navigate(listLocation(listPath)), [navigate, listPath]);
  const deletion = useMidDelete(accountId ?? '', merchantId ?? '', backToList);
  useMidDetailCommands(accountId ?? '', merchantId ?? '', query.data, deletion.remove);
  // `e` or `Shift D` typed while the MID loads waits for its commands instead of vanishing.
  useHoldKeys(query.isLoading);
  useRecordOpened('MID', query.data ? midId.toLowerCase() : undefined);

  if (!accountId || !merchantId) return null;
  const mid = query.data;
  const actions = mid ? (
    <>
      {can(grants, P.midCreate) ? (
        <Tooltip content="Duplicate MID" keys="shift+d">
          <Button variant="secondary" onClick={() => navigate(newMidPath(accountId, merchantId, mid.midId))}>
            Duplicate
          </Button>
        </Tooltip>
      ) : null}
      {can(grants, P.midExport) ? (
        <ExportRecordButton path={`/merchant/${merchantId}/mid/export`} fileLabel="mid" query={{ midId: mid.midId }} />
      ) : null}
      {can(grants, P.midUpdate) ? (
        <Tooltip content="Edit MID" keys="e">
          <Button variant="primary" onClick={() => navigate(editMidPath(accountId, merchantId, mid.midId))}>
            Edit
          </Button>
        </Tooltip>
      ) : null}
      {can(grants, P.midDelete) ? (
        <Button variant="danger" onClick={() => void deletion.remove(mid)}>
          Delete
        </Button>
      ) : null}
    </>
  ) : null;

  return (
    <div className="screen">
      <PageHeader
        title="MID Detail"
        subtitle={mid?.description}
        back={{ href: listLocation(listPath), label: 'Back to MIDs' }}
        actions={actions}
      />
      {mid ? (
        <div className="detail-sections">
          <MainSection mid={mid} fields={template.data?.fields} showEdited={can(grants, P.midUpdate)} />
          <VariablesSection criteria={mid} />
          <RoutesSection mid={mid} accountId={accountId} merchantId={merchantId} />
        </div>
      ) : query.isError ? (
        <MidUnexpectedError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading MID…" />
      )}
      {deletion.dialog}
    </div>
  );
}
