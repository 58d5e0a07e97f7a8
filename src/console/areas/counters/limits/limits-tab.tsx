import { isApiError } from '@console/api/errors';
import { useApi, useSession } from '@console/session/session-provider';
import { DetailsLoadError, EmptyState } from '@console/ui/empty-state';
import { LoadingBlock } from '@console/ui/spinner';
import { useToast } from '@console/ui/toast';
import type { GlobalLimit, LimitAlert, MidLimit } from '@domain/contract/limits';
import { CATALOGUE, effectOfStatus } from '@domain/errors';
import { counterRangeDays, LIMIT_MESSAGES, percentToFraction } from '@domain/limits';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { type FocusEvent, useCallback, useMemo, useRef, useState } from 'react';
import { counterQueryKeys } from '../counter-paths';
import { useMidSales } from '../counter-queries';
import { type AlertAction, AlertModal } from './alert-modal';
import { GLOBAL_BOX_ID, GlobalLimitBox, MidLimitBox, midBoxId } from './limit-boxes';
import { type LimitsTreeHandlers, useLimitsTreeCommands } from './limits-commands';
import { globalWithAlert, LIMIT_KIND_LABELS, LIMIT_KINDS, midWithAlert } from './limits-draft';
import { deleteAlert, limitsQueryKeys, saveAlert } from './limits-queries';
import {
  type AlertTarget,
  type BoxHandle,
  firstChildRowOf,
  focusedRow,
  isBelow,
  LimitsTreeProvider,
  type LimitsTreeState,
  parentRowOf,
  ROW_SELECTOR,
  rowById,
  rowsOf,
} from './limits-tree';
import './limits.css';

// The Limits & Alerts tab of the counters screen (spec 3, sections 2.7, 3 "Limits", 4 "Limits editing", 5, 6 and 8):
// the global limit of the merchant on the provider solution, then each of the solution's MIDs with its card brands
// and Visa's descriptors, as one keyboard tree. Limits need limit.update to edit, alerts alert.update to set and
// alert.delete to delete; everyone with limit.read sees the values and the alerts that are set.

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

const BOX_SELECTOR = '[data-limit-box]';

function LimitsEditor({ merchantId, pspId }: { merchantId: string; pspId: string }) {
  const api = useApi();
  const toast = useToast();
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
  // The solution's MIDs: the counters' own list for this month (the call counts sales; the tab reads the MIDs).
  const [range] = useState(() => counterRangeDays('thisMonth', new Date()));
  const mids = useMidSales(merchantId, pspId, range);
  const firstMid = mids.data?.items[0];

  const treeRef = useRef<HTMLDivElement>(null);
  const [activeRow, setActiveRow] = useState(GLOBAL_BOX_ID);
  // The first MID starts open, so its card brands show at once; the user's choices replace that.
  const [chosenExpanded, setChosenExpanded] = useState<ReadonlySet<string> | null>(null);
  const expanded = useMemo(
    () => chosenExpanded ?? new Set(firstMid ? [midBoxId(firstMid.midId)] : []),
    [chosenExpanded, firstMid],
  );
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const toggle = useCallback((rowId: string) => {
    const closing = expandedRef.current.has(rowId);
    const next = new Set(expandedRef.current);
    if (closing) next.delete(rowId);
    else next.add(rowId);
    setChosenExpanded(next);
    if (!closing) return;
    // Closing a row hides the rows below it: the row takes over their place in the tab order, and the focus.
    setActiveRow((current) => (isBelow(current, rowId) ? rowId : current));
    const focusedIn = document.activeElement?.closest<HTMLElement>(ROW_SELECTOR)?.dataset.rowId;
    const row = treeRef.current && rowById(treeRef.current, rowId);
    if (row && focusedIn !== undefined && isBelow(focusedIn, rowId)) row.focus();
  }, []);

  // The boxes (global, each MID) tell the tab how to save and cancel them, for the palette's entries.
  const boxes = useRef(new Map<string, { current: BoxHandle }>());
  const lastBox = useRef<string | undefined>(undefined);
  const registerBox = useCallback((boxId: string, handle: { current: BoxHandle }) => {
    boxes.current.set(boxId, handle);
    return () => {
      if (boxes.current.get(boxId) === handle) boxes.current.delete(boxId);
    };
  }, []);
  /** The box being edited: the one holding focus, else the one used last. */
  const currentBox = () => {
    const focused = document.activeElement?.closest<HTMLElement>(BOX_SELECTOR)?.dataset.limitBox;
    const boxId = focused ?? lastBox.current;
    return boxId === undefined ? undefined : boxes.current.get(boxId)?.current;
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element)) return;
    const row = event.target.closest<HTMLElement>(ROW_SELECTOR);
    if (row?.dataset.rowId) setActiveRow(row.dataset.rowId);
    const box = event.target.closest<HTMLElement>(BOX_SELECTOR)?.dataset.limitBox;
    if (box) lastBox.current = box;
  };

  const handlers = useRef<LimitsTreeHandlers>(null as unknown as LimitsTreeHandlers);
  handlers.current = {
    rowFocused: () => focusedRow(treeRef.current) !== null,
    move: (step) => {
      const tree = treeRef.current;
      const row = focusedRow(tree);
      if (!tree || !row) return;
      const rows = rowsOf(tree);
      rows[rows.indexOf(row) + step]?.focus();
    },
    jump: (to) => {
      const tree = treeRef.current;
      if (!tree) return;
      const rows = rowsOf(tree);
      (to === 'first' ? rows[0] : rows.at(-1))?.focus();
    },
    expand: () => {
      const tree = treeRef.current;
      const row = focusedRow(tree);
      if (!tree || !row?.dataset.rowId) return;
      const state = row.getAttribute('aria-expanded');
      if (state === 'false') toggle(row.dataset.rowId);
      else if (state === 'true') firstChildRowOf(rowsOf(tree), row)?.focus();
    },
    collapse: () => {
      const tree = treeRef.current;
      const row = focusedRow(tree);
      if (!tree || !row?.dataset.rowId) return;
      if (row.getAttribute('aria-expanded') === 'true') toggle(row.dataset.rowId);
      else parentRowOf(rowsOf(tree), row)?.focus();
    },
    edit: () => {
      const row = focusedRow(treeRef.current);
      if (!row?.dataset.rowId) return;
      const input = row.querySelector<HTMLInputElement>('input');
      if (input) {
        input.focus();
        input.select();
      } else if (row.hasAttribute('aria-expanded')) toggle(row.dataset.rowId);
    },
    hasChanges: () => currentBox()?.hasChanges() ?? false,
    save: () => currentBox()?.save(),
    cancel: () => currentBox()?.cancel(),
  };
  useLimitsTreeCommands(handlers);

  // The counters show the limits in force and the alerts' thresholds (KPI cards, MID cards, descriptors).
  const refreshCounters = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: counterQueryKeys.psps(merchantId) }),
    [queryClient, merchantId],
  );

  // The alert modal and the calls behind it, one at a time per limit.
  const [alertTarget, setAlertTarget] = useState<AlertTarget | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<string, AlertAction>>(new Map());
  const pendingAlerts = useMemo(() => new Set(pending.keys()), [pending]);

  const storeAlert = (box: AlertTarget['box'], limitId: string, alert: LimitAlert | null) => {
    if (box.kind === 'global') {
      queryClient.setQueryData<GlobalLimit>(limitsQueryKeys.global(merchantId, pspId), (limit) =>
        limit ? globalWithAlert(limit, limitId, alert) : limit,
      );
    } else {
      queryClient.setQueryData<MidLimit>(limitsQueryKeys.mid(merchantId, pspId, box.midId), (limit) =>
        limit ? midWithAlert(limit, limitId, alert) : limit,
      );
    }
    // The MID cards' charts draw the alert's threshold.
    refreshCounters();
  };

  const runAlert = async (target: AlertTarget, action: AlertAction, percent?: number) => {
    const { limitId } = target.node;
    if (limitId === null || pending.has(limitId)) return;
    setPending((current) => new Map(current).set(limitId, action));
    try {
      const answer =
        action === 'save'
          ? await saveAlert(api, limitId, percentToFraction(percent ?? 0))
          : await deleteAlert(api, limitId).catch((error: unknown) => {
              // Deleted meanwhile (by another user): what the user asked for is done.
              if (isApiError(error) && error.status === 404) return { limitId, alert: null };
              throw error;
            });
      storeAlert(target.box, answer.limitId, answer.alert);
      toast.showMessage(action === 'save' ? 'save-successfully' : 'successfully-deleted');
      setAlertTarget((current) => (current?.node.limitId === limitId ? null : current));
    } catch (error) {
      if (!isApiError(error)) toast.showMessage('unexpected-error');
      else if (error.key === 'alert-without-limit') toast.showMessage(error.key);
      // The delete answers its own 403 and 404 (notFoundIsAnswer); other failures had their global effect already.
      else if (effectOfStatus(error.status) === 'show-message' || (action === 'delete' && error.status === 403)) {
        toast.showMessage(action === 'save' ? 'save-error' : 'delete-error');
      }
    } finally {
      setPending((current) => {
        const next = new Map(current);
        next.delete(limitId);
        return next;
      });
    }
  };

  const pendingFocus = useRef<string | null>(null);
  const focusWhenRendered = useCallback((rowId: string | null) => {
    pendingFocus.current = rowId;
  }, []);
  const claimFocus = useCallback((rowId: string) => {
    if (pendingFocus.current !== rowId) return false;
    pendingFocus.current = null;
    return true;
  }, []);

  // Every row reads this: it changes only when the focus moves, a row opens or an alert call starts or ends.
  const state = useMemo<LimitsTreeState>(
    () => ({
      activeRow,
      expanded,
      toggle,
      permissions,
      pendingAlerts,
      openAlert: setAlertTarget,
      registerBox,
      limitsSaved: refreshCounters,
      focusWhenRendered,
      claimFocus,
    }),
    [
      activeRow,
      expanded,
      toggle,
      permissions,
      pendingAlerts,
      registerBox,
      refreshCounters,
      focusWhenRendered,
      claimFocus,
    ],
  );

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
          {mids.data?.items.map((mid) => (
            <MidLimitBox key={mid.midId} mid={mid} merchantId={merchantId} pspId={pspId} />
          ))}
        </div>
        {mids.isError ? (
          <DetailsLoadError onRetry={() => void mids.refetch()} />
        ) : mids.isPending ? (
          <LoadingBlock label="Loading MIDs…" />
        ) : mids.data.items.length === 0 ? (
          <EmptyState role="status" title="There are no items on this list" />
        ) : null}
      </div>
      {alertTarget ? (
        <AlertModal
          key={alertTarget.node.limitId}
          node={alertTarget.node}
          permissions={permissions}
          pending={alertTarget.node.limitId === null ? undefined : pending.get(alertTarget.node.limitId)}
          onClose={() => setAlertTarget(null)}
          onSave={(percent) => void runAlert(alertTarget, 'save', percent)}
          onDelete={() => void runAlert(alertTarget, 'delete')}
        />
      ) : null}
    </LimitsTreeProvider>
  );
}
