import { isApiError } from '@console/api/errors';
import { useConfirm } from '@console/ui/confirm';
import { useToast } from '@console/ui/toast';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import { CHARGEBACK_STATUS_LABELS, type ChargebackStatus, type FraudType } from '@domain/enums';
import { CATALOGUE, type ErrorKey, effectOfStatus } from '@domain/errors';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { caseName } from './chargeback-labels';
import {
  type CaseChangeOutcome,
  chargebackListQueryKey,
  refreshCase,
  useAgentChange,
  useFraudTypeChange,
  useStatusChange,
} from './chargeback-queries';

// A change to one case, safely (spec 3, section 4): the write (re-reading the status first), then either the new
// row, the 'outdated-local-status' question (Update shows the server's state and changes nothing; Cancel closes), or
// the failure message. Bulk changes send each case's own expected state and report the outcome once.

export type CaseChangeResult = 'changed' | 'unchanged' | 'outdated' | 'failed';

const OUTDATED = CATALOGUE['outdated-local-status'];

/** The 'outdated-local-status' confirmation; Update refreshes the case and the queue to the server's state. */
export function useOutdatedQuestion(accountId: string) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  return useCallback(
    async (chargebackId: string, current?: ChargebackListItem) => {
      const update = await confirm({
        title: OUTDATED.header,
        content: OUTDATED.content,
        confirmLabel: 'Update',
        cancelLabel: 'Cancel',
        tone: 'warning',
      });
      if (update) await refreshCase(queryClient, accountId, chargebackId, current);
    },
    [confirm, queryClient, accountId],
  );
}

/** A signed-out user is already being sent to sign in; a second message would only repeat it. */
function endsSession(error: unknown): boolean {
  return isApiError(error) && effectOfStatus(error.status) === 'end-session';
}

function useSettle(accountId: string, failureKey: ErrorKey, onChanged?: (row: ChargebackListItem) => void) {
  const { showMessage } = useToast();
  const askOutdated = useOutdatedQuestion(accountId);
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  return useCallback(
    async (item: ChargebackListItem, write: () => Promise<CaseChangeOutcome>): Promise<CaseChangeResult> => {
      let outcome: CaseChangeOutcome;
      try {
        outcome = await write();
      } catch (error) {
        if (!endsSession(error)) showMessage(failureKey);
        return 'failed';
      }
      if (outcome.kind === 'outdated') {
        await askOutdated(item.chargebackId, outcome.current);
        return 'outdated';
      }
      if (outcome.kind === 'changed') onChangedRef.current?.(outcome.row);
      return outcome.kind;
    },
    [showMessage, failureKey, askOutdated],
  );
}

/** Sets a case's status: disabled while saving (useCaseSaving), 'Update status failed' on failure. */
export function useSetStatus(accountId: string, onChanged?: (row: ChargebackListItem) => void) {
  const mutation = useStatusChange(accountId);
  const settle = useSettle(accountId, 'status-change-error', onChanged);
  const { mutateAsync } = mutation;
  return useCallback(
    (item: ChargebackListItem, status: ChargebackStatus) => settle(item, () => mutateAsync({ item, status })),
    [settle, mutateAsync],
  );
}

/** Assigns an agent or Others, or deletes the assignment (Unassigned). */
export function useSetAgent(accountId: string, onChanged?: (row: ChargebackListItem) => void) {
  const mutation = useAgentChange(accountId);
  const settle = useSettle(accountId, 'not-saved', onChanged);
  const { mutateAsync } = mutation;
  return useCallback(
    (item: ChargebackListItem, agent: string) => settle(item, () => mutateAsync({ item, agent })),
    [settle, mutateAsync],
  );
}

export function useSetFraudType(accountId: string, onChanged?: (row: ChargebackListItem) => void) {
  const mutation = useFraudTypeChange(accountId);
  const settle = useSettle(accountId, 'not-saved', onChanged);
  const { mutateAsync } = mutation;
  return useCallback(
    (item: ChargebackListItem, fraudType: FraudType | null) => settle(item, () => mutateAsync({ item, fraudType })),
    [settle, mutateAsync],
  );
}

// Bulk changes.

/** Cases written at once; a few in parallel keep a 500-row selection quick without a burst against the API. */
const BULK_CONCURRENCY = 4;

async function eachLimited<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface BulkReport {
  /** Changed, or already as asked. */
  succeeded: ChargebackListItem[];
  outdated: ChargebackListItem[];
  failed: ChargebackListItem[];
}

const names = (items: readonly ChargebackListItem[]) => items.map(caseName).join(', ');

/** The one message after a bulk change: how many succeeded, and which were outdated or failed. */
export function bulkReportMessage(what: string, report: BulkReport, total: number) {
  const lines: string[] = [];
  if (report.outdated.length > 0) {
    lines.push(
      `Changed by another user meanwhile, so left as they are: ${names(report.outdated)}. The list now shows their current state.`,
    );
  }
  if (report.failed.length > 0) lines.push(`Failed: ${names(report.failed)}.`);
  const type = report.failed.length > 0 ? 'error' : report.outdated.length > 0 ? 'warning' : 'success';
  const header = `${what}: ${report.succeeded.length} of ${total} ${total === 1 ? 'case' : 'cases'} updated`;
  return { type, header, content: lines.join(' ') || undefined } as const;
}

/**
 * A status or an agent for every selected case, each written with its own expected state (its status, or its
 * assignment for Unassigned), so a case somebody else changed meanwhile is refused by the server and reported.
 */
export function useBulkChanges(accountId: string) {
  const status = useStatusChange(accountId);
  const agent = useAgentChange(accountId);
  const queryClient = useQueryClient();
  const { show } = useToast();

  const apply = useCallback(
    async (
      items: readonly ChargebackListItem[],
      write: (item: ChargebackListItem) => Promise<CaseChangeOutcome>,
      what: string,
    ): Promise<BulkReport> => {
      const report: BulkReport = { succeeded: [], outdated: [], failed: [] };
      const outcomes = await eachLimited(items, BULK_CONCURRENCY, (item) =>
        write(item).then(
          (outcome) => ({ item, outcome }),
          (error: unknown) => ({ item, outcome: null, error }),
        ),
      );
      for (const { item, outcome } of outcomes) {
        if (!outcome) report.failed.push(item);
        else if (outcome.kind === 'outdated') report.outdated.push(item);
        else report.succeeded.push(item);
      }
      if (report.outdated.length > 0)
        await queryClient.invalidateQueries({ queryKey: chargebackListQueryKey(accountId) });
      show(bulkReportMessage(what, report, items.length));
      return report;
    },
    [queryClient, accountId, show],
  );

  const { mutateAsync: writeStatus } = status;
  const { mutateAsync: writeAgent } = agent;
  return {
    setStatus: useCallback(
      (items: readonly ChargebackListItem[], value: ChargebackStatus) =>
        apply(
          items,
          (item) => writeStatus({ item, status: value, reRead: false }),
          `Status ${CHARGEBACK_STATUS_LABELS[value]}`,
        ),
      [apply, writeStatus],
    ),
    setAgent: useCallback(
      (items: readonly ChargebackListItem[], value: string, label: string) =>
        apply(items, (item) => writeAgent({ item, agent: value }), `Agent ${label}`),
      [apply, writeAgent],
    ),
  };
}
