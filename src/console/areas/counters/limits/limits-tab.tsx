import { useSession } from '@console/session/session-provider';
import { DetailsLoadError, EmptyState } from '@console/ui/empty-state';
import { LoadingBlock } from '@console/ui/spinner';
import { CATALOGUE } from '@domain/errors';
import { LIMIT_MESSAGES } from '@domain/limits';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, useCallback, useMemo, useRef, useState } from 'react';
import { counterQueryKeys } from '../counter-paths';
import { AlertModal } from './alert-modal';
import { GlobalLimitBox, MidLimitBox } from './limit-boxes';
import { type LimitsTreeHandlers, useLimitsTreeCommands } from './limits-commands';
import { LIMIT_KIND_LABELS, LIMIT_KINDS } from './limits-draft';
import { useGlobalLimit } from './limits-queries';
import { type AlertTarget, LimitsTreeProvider, type LimitsTreeState, midBoxId } from './limits-tree';
import { useAlertCalls } from './use-alert-calls';
import { useBoxRegistry } from './use-box-registry';
import { useFocusHandoff } from './use-focus-handoff';
import { useTreeNavigation } from './use-tree-navigation';
import './limits.css';

// The Limits & Alerts tab of the counters screen (spec 3, sections 2.7, 3 "Limits", 4 "Limits editing", 5, 6 and 8):
// the global limit of the merchant on the provider solution, then each of the solution's MIDs (which the global limit's
// answer lists) with its card brands and Visa's descriptors, as one keyboard tree. Limits need limit.update to edit,
// alerts alert.update to set and alert.delete to delete; everyone with limit.read sees the values and the alerts set.

export interface LimitsTabProps {
  accountId: string;
  merchantId: string;
  pspId: string;
}

export function LimitsTab({ merchantId, pspId }: LimitsTabProps) {
  const { grants } = useSession();
  if (!can(grants, P.limitRead)) {
    const message = CATALOGUE['resource-not-found'];
    return <EmptyState role="alert" title={message.header} description={message.content} />;
  }
  return <LimitsEditor merchantId={merchantId} pspId={pspId} />;
}

function LimitsEditor({ merchantId, pspId }: { merchantId: string; pspId: string }) {
  const queryClient = useQueryClient();
  const { grants } = useSession();
  const permissions = useMemo(
    () => ({
      editLimits: can(grants, P.limitUpdate),
      editAlerts: can(grants, P.alertUpdate),
      deleteAlerts: can(grants, P.alertDelete),
    }),
    [grants],
  );
  const global = useGlobalLimit(merchantId, pspId);
  const mids = global.data?.mids;

  const treeRef = useRef<HTMLDivElement>(null);
  const navigation = useTreeNavigation(treeRef, mids?.[0] && midBoxId(mids[0].midId));
  const boxes = useBoxRegistry();
  const focus = useFocusHandoff();
  // The commands read the handlers through the ref when a key arrives, so they are registered once.
  const handlers = useRef<LimitsTreeHandlers>(null as unknown as LimitsTreeHandlers);
  handlers.current = {
    ...navigation.keys,
    hasChanges: () => boxes.current()?.hasChanges() ?? false,
    save: () => boxes.current()?.save(),
    cancel: () => boxes.current()?.cancel(),
  };
  useLimitsTreeCommands(handlers);

  // The counters show the limits in force and the alerts' thresholds (KPI cards, MID cards, descriptors).
  const refreshCounters = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: counterQueryKeys.psps(merchantId) }),
    [queryClient, merchantId],
  );

  const [alertTarget, setAlertTarget] = useState<AlertTarget | null>(null);
  const closeAlertOf = useCallback(
    (limitId: string) => setAlertTarget((current) => (current?.node.limitId === limitId ? null : current)),
    [],
  );
  const alerts = useAlertCalls(merchantId, pspId, refreshCounters, closeAlertOf);
  const pendingAlerts = useMemo(() => new Set(alerts.pending.keys()), [alerts.pending]);

  // Every row reads this: it changes only when the focus moves, a row opens or an alert call starts or ends.
  const { activeRow, expanded, toggle } = navigation;
  const state = useMemo<LimitsTreeState>(
    () => ({
      activeRow,
      expanded,
      toggle,
      permissions,
      pendingAlerts,
      openAlert: setAlertTarget,
      registerBox: boxes.register,
      limitsSaved: refreshCounters,
      ...focus,
    }),
    [activeRow, expanded, toggle, permissions, pendingAlerts, boxes.register, refreshCounters, focus],
  );

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    navigation.onFocus(event);
    boxes.onFocus(event);
  };

  const draft = alertTarget?.draft;
  return (
    <LimitsTreeProvider value={state}>
      <div className="limits-tab">
        {permissions.editLimits ? <p className="limits-tab__hint">{LIMIT_MESSAGES.hint}</p> : null}
        <div className="limits-tab__columns" aria-hidden="true">
          <span>Limit</span>
          {LIMIT_KINDS.map((kind) => (
            <span key={kind}>{LIMIT_KIND_LABELS[kind]}</span>
          ))}
          <span>Alert</span>
        </div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the handler only notes which row and box have focus */}
        <div ref={treeRef} className="limits-tree" onFocus={onFocus}>
          <GlobalLimitBox merchantId={merchantId} pspId={pspId} />
          {mids?.map((mid) => (
            <MidLimitBox key={mid.midId} mid={mid} merchantId={merchantId} pspId={pspId} />
          ))}
        </div>
        {global.isError ? (
          <DetailsLoadError onRetry={() => void global.refetch()} />
        ) : !mids ? (
          <LoadingBlock label="Loading MIDs…" />
        ) : mids.length === 0 ? (
          <EmptyState role="status" title="There are no items on this list" />
        ) : null}
      </div>
      {alertTarget ? (
        <AlertModal
          key={alertTarget.node.limitId ?? alertTarget.node.key}
          node={alertTarget.node}
          current={draft ? draft.percent : undefined}
          permissions={permissions}
          pending={alertTarget.node.limitId === null ? undefined : alerts.pending.get(alertTarget.node.limitId)}
          onClose={() => setAlertTarget(null)}
          onSave={(percent) => {
            if (!draft) return void alerts.run(alertTarget, 'save', percent);
            draft.set(percent);
            setAlertTarget(null);
          }}
          onDelete={() => {
            if (!draft) return void alerts.run(alertTarget, 'delete');
            draft.set(null);
            setAlertTarget(null);
          }}
        />
      ) : null}
    </LimitsTreeProvider>
  );
}
