import { useCurrentScope } from '@console/app/current-scope';
import type { EditorMode } from '@console/forms/use-saving-pattern';
import { useApi } from '@console/session/session-provider';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { PLAN_SUBTITLE, PlanEditor } from './plan-editor';
import { fetchPlan, planQueryKey } from './plan-queries';

// The New Plan and Edit Plan screens (spec 3, section 2.11): Edit loads the plan, then both show the plan form.

/** /accounts/{accountId}/merchants/{merchantId}/plans/new */
export const NewPlanScreen = () => <PlanFormScreen mode="new" />;
/** /accounts/{accountId}/merchants/{merchantId}/plans/edit/{planId} */
export const EditPlanScreen = () => <PlanFormScreen mode="edit" />;

function PlanFormScreen({ mode }: { mode: EditorMode }) {
  const api = useApi();
  const { accountId, merchantId } = useCurrentScope();
  const { planId } = useParams<{ planId?: string }>();
  const source = useQuery({
    queryKey: planQueryKey(merchantId ?? '', planId ?? ''),
    queryFn: ({ signal }) => fetchPlan(api, merchantId ?? '', planId ?? '', signal),
    enabled: mode === 'edit' && merchantId !== undefined && planId !== undefined,
  });
  if (!accountId || !merchantId) return null;
  if (mode === 'new') return <PlanEditor mode="new" accountId={accountId} merchantId={merchantId} />;
  if (source.data) {
    return (
      <PlanEditor
        key={source.data.version}
        mode="edit"
        accountId={accountId}
        merchantId={merchantId}
        plan={source.data}
      />
    );
  }
  return (
    <div className="screen">
      <PageHeader title="Edit Plan" subtitle={PLAN_SUBTITLE} />
      {source.isError ? (
        <DetailsLoadError onRetry={() => void source.refetch()} />
      ) : (
        <LoadingBlock label="Loading plan…" />
      )}
    </div>
  );
}
