import { useCurrentScope } from '@console/app/current-scope';
import type { EditorMode } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { midDetail } from '@domain/contract/mids';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from 'wouter';
import { MID_SUBTITLE, MidEditor } from './mid-editor';
import { midQueryKey } from './mid-paths';
import { MidUnexpectedError } from './mid-unexpected-error';

// The New MID and Edit MID screens (spec 2, section 2.3): they load the MID being edited or duplicated, then show the
// MID form (mid-editor.tsx).

/** /accounts/{accountId}/merchants/{merchantId}/mids/new (?duplicate={midId}) */
export const NewMidScreen = () => <MidFormScreen mode="new" />;
/** /accounts/{accountId}/merchants/{merchantId}/mids/edit/{midId} */
export const EditMidScreen = () => <MidFormScreen mode="edit" />;

function MidFormScreen({ mode }: { mode: EditorMode }) {
  const api = useApi();
  const { accountId, merchantId } = useCurrentScope();
  const { midId } = useParams<{ midId?: string }>();
  const duplicateOf = new URLSearchParams(useSearch()).get('duplicate') ?? undefined;
  const sourceId = mode === 'edit' ? midId : duplicateOf;
  const source = useQuery({
    queryKey: midQueryKey(merchantId ?? '', sourceId ?? ''),
    queryFn: ({ signal }) => api.get(`/merchant/${merchantId}/mid/${sourceId}`, { schema: midDetail, signal }),
    enabled: merchantId !== undefined && sourceId !== undefined,
  });
  if (!accountId || !merchantId) return null;
  const title = mode === 'new' ? 'New MID' : 'Edit MID';
  if (!sourceId) return <MidEditor mode="new" accountId={accountId} merchantId={merchantId} />;
  if (source.data) {
    return mode === 'edit' ? (
      <MidEditor
        key={source.data.version}
        mode="edit"
        accountId={accountId}
        merchantId={merchantId}
        mid={source.data}
      />
    ) : (
      <MidEditor key={sourceId} mode="new" accountId={accountId} merchantId={merchantId} duplicateOf={source.data} />
    );
  }
  return (
    <div className="screen">
      <PageHeader title={title} subtitle={MID_SUBTITLE} />
      {source.isError ? (
        <MidUnexpectedError onRetry={() => void source.refetch()} />
      ) : (
        <LoadingBlock label="Loading MID…" />
      )}
    </div>
  );
}
