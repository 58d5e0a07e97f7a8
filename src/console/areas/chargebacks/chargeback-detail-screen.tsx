import { useCurrentScope } from '@console/app/current-scope';
import { useHoldKeys } from '@console/commands/key-queue';
import { useRecordOpened } from '@console/commands/recent-records';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { useSession } from '@console/session/session-provider';
import { listLocation } from '@console/table/list-memory';
import { Button } from '@console/ui/button';
import { DetailsLoadError } from '@console/ui/empty-state';
import { PageHeader } from '@console/ui/page-header';
import { LoadingBlock } from '@console/ui/spinner';
import { Tooltip } from '@console/ui/tooltip';
import { type ChargebackAbilities, caseHeader, chargebackAbilities, fraudTypeControl } from '@domain/chargebacks';
import type { ChargebackDetail } from '@domain/contract/chargebacks';
import { can, type Grants, PERMISSIONS as P } from '@domain/permissions';
import { type RefObject, useRef } from 'react';
import { useParams } from 'wouter';
import { AgentControl, FraudTypeControl, StatusControl } from './chargeback-controls';
import { useDetailPickers } from './chargeback-detail-pickers';
import {
  AccountSection,
  AdditionalInfoSection,
  CaseSection,
  CompanySection,
  CustomerSection,
  PaymentProcessorSection,
  PaymentSection,
} from './chargeback-detail-sections';
import { chargebacksPath } from './chargeback-paths';
import type { CaseField } from './chargeback-queries';
import { useChargebackDetail } from './chargeback-queries';
import { type DisputeDownload, useDisputeDownload } from './use-dispute-download';
import './chargeback-detail.css';

// The chargeback detail (spec 3, section 2.4): 'Case ID: {disputeId}', the back link to the queue as it was left, the
// CRM link, the agent and status dropdowns, the Download button with its template modal, and every section. The
// queue's keys work on the open case too: a, s and f open the pickers, d downloads; u goes back, o opens the CRM.

export const CHARGEBACK_DETAIL_COMMAND_IDS = {
  download: 'chargeback.detail.download',
  openCrm: 'chargeback.detail.open-crm',
  back: 'chargeback.detail.back',
} as const;

/** Keys of the detail; `d` matches the queue's download key, `u` goes up to the list as in mail clients. */
export const CHARGEBACK_DETAIL_KEYS = { download: ['d'], openCrm: ['o'], back: ['u'] } as const;

function transactionPathOf(accountId: string, chargeback: ChargebackDetail, grants: Grants): string | null {
  const canOpen = can(grants, P.transactionRead) && can(grants, P.transactionSelect);
  return canOpen ? `/accounts/${accountId}/transactions/${chargeback.payment.id}` : null;
}

function openExternal(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

function useDetailCommands({
  chargeback,
  abilities,
  download,
  backPath,
}: {
  chargeback: ChargebackDetail | undefined;
  abilities: ChargebackAbilities;
  download: DisputeDownload;
  backPath: string;
}) {
  const commands: Command[] = [
    {
      id: CHARGEBACK_DETAIL_COMMAND_IDS.back,
      title: 'Back to Chargebacks',
      group: 'Navigation',
      keys: CHARGEBACK_DETAIL_KEYS.back,
      scope: 'page',
      keywords: ['queue', 'list', 'disputes', 'return'],
      run: (ctx) => ctx.navigate(backPath),
    },
  ];
  if (chargeback && abilities.download && !download.downloading) {
    commands.push({
      id: CHARGEBACK_DETAIL_COMMAND_IDS.download,
      title: 'Download dispute document',
      group: 'Actions',
      keys: CHARGEBACK_DETAIL_KEYS.download,
      scope: 'page',
      keywords: ['dispute', 'document', 'template', 'docx', 'word'],
      run: () => download.start(chargeback.chargebackId, chargeback.reason.parsed),
    });
  }
  const externalUrl = chargeback?.externalUrl;
  if (externalUrl) {
    commands.push({
      id: CHARGEBACK_DETAIL_COMMAND_IDS.openCrm,
      title: 'Open case in CRM',
      group: 'Actions',
      keys: CHARGEBACK_DETAIL_KEYS.openCrm,
      scope: 'page',
      keywords: ['crm', 'external', 'case'],
      run: () => openExternal(externalUrl),
    });
  }
  useRegisterCommands(commands, [chargeback, abilities.download, download.downloading, download.start, backPath]);
}

function HeaderActions({
  accountId,
  chargeback,
  abilities,
  download,
  anchors,
}: {
  accountId: string;
  chargeback: ChargebackDetail;
  abilities: ChargebackAbilities;
  download: DisputeDownload;
  anchors: Record<CaseField, RefObject<HTMLElement | null>>;
}) {
  return (
    <>
      {chargeback.externalUrl ? (
        <Tooltip content="Opens in a new tab" keys={CHARGEBACK_DETAIL_KEYS.openCrm[0]}>
          <a className="btn btn--secondary" href={chargeback.externalUrl} target="_blank" rel="noopener noreferrer">
            Open case in CRM
          </a>
        </Tooltip>
      ) : null}
      <span ref={anchors.agent} className="chargeback-detail__control">
        <span className="chargeback-detail__control-label" aria-hidden="true">
          Agent
        </span>
        <AgentControl accountId={accountId} item={chargeback} />
      </span>
      <span ref={anchors.status} className="chargeback-detail__control">
        <span className="chargeback-detail__control-label" aria-hidden="true">
          Status
        </span>
        <StatusControl accountId={accountId} item={chargeback} />
      </span>
      {abilities.download ? (
        <Tooltip content="Download the dispute document" keys={CHARGEBACK_DETAIL_KEYS.download[0]}>
          <Button
            variant="primary"
            loading={download.downloading}
            onClick={() => download.start(chargeback.chargebackId, chargeback.reason.parsed)}
          >
            Download
          </Button>
        </Tooltip>
      ) : null}
    </>
  );
}

function ChargebackDetailView({ accountId, chargebackId }: { accountId: string; chargebackId: string }) {
  const { grants } = useSession();
  const query = useChargebackDetail(accountId, chargebackId);
  useRecordOpened('CHARGEBACK', query.data ? chargebackId : undefined);
  const download = useDisputeDownload(accountId);
  const abilities = chargebackAbilities(grants);
  const chargeback = query.data;
  const backPath = listLocation(chargebacksPath(accountId));
  useDetailCommands({ chargeback, abilities, download, backPath });
  const anchors = {
    agent: useRef<HTMLElement>(null),
    status: useRef<HTMLElement>(null),
    fraudType: useRef<HTMLElement>(null),
  };
  const fraudControl = chargeback ? fraudTypeControl(chargeback.reason.parsed, grants) : 'hidden';
  const picker = useDetailPickers({
    accountId,
    chargeback,
    abilities,
    fraudTypeEditable: fraudControl === 'editable',
    anchors,
  });
  // `a`, `s`, `f` typed (or a change asked for by the palette) while the case loads wait for its pickers.
  useHoldKeys(query.isPending);

  // The field shows only for the reason that carries a fraud type: a dropdown with the permission, else text or '-'.
  const fraudType =
    chargeback && fraudControl !== 'hidden' ? (
      <span ref={anchors.fraudType} className="chargeback-detail__control">
        <FraudTypeControl accountId={accountId} item={chargeback} />
      </span>
    ) : null;

  return (
    <div className="screen chargeback-detail">
      <PageHeader
        title={chargeback ? caseHeader(chargeback.disputeId) : 'Case ID: …'}
        back={{ href: backPath, label: 'Back to Chargebacks' }}
        actions={
          chargeback ? (
            <HeaderActions
              accountId={accountId}
              chargeback={chargeback}
              abilities={abilities}
              download={download}
              anchors={anchors}
            />
          ) : null
        }
      />
      {chargeback ? (
        <div className="detail-sections chargeback-detail__sections">
          <CaseSection chargeback={chargeback} fraudType={fraudType} />
          <CustomerSection chargeback={chargeback} />
          <PaymentSection chargeback={chargeback} transactionPath={transactionPathOf(accountId, chargeback, grants)} />
          <PaymentProcessorSection chargeback={chargeback} />
          <AccountSection chargeback={chargeback} />
          <CompanySection chargeback={chargeback} />
          <AdditionalInfoSection chargeback={chargeback} />
        </div>
      ) : query.isError ? (
        <DetailsLoadError onRetry={() => void query.refetch()} />
      ) : (
        <LoadingBlock label="Loading case…" />
      )}
      {picker}
      {download.element}
    </div>
  );
}

/** /accounts/{accountId}/dispute-manager/{chargebackId}. */
export function ChargebackDetailScreen() {
  const { accountId } = useCurrentScope();
  const { chargebackId } = useParams<{ chargebackId?: string }>();
  if (!accountId || !chargebackId) return null;
  // Keyed by the case: another case starts with a fresh download flow.
  return <ChargebackDetailView key={chargebackId} accountId={accountId} chargebackId={chargebackId.toLowerCase()} />;
}
