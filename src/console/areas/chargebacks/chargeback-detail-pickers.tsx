import { RECORD_COMMAND_IDS } from '@console/commands/record-command-ids';
import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { QuickPicker, type QuickPickerOption } from '@console/ui/quick-picker';
import {
  agentOptions,
  agentValueOf,
  type ChargebackAbilities,
  chargebackStatusOptions,
  fraudTypeOptions,
} from '@domain/chargebacks';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import type { ChargebackStatus, FraudType } from '@domain/enums';
import { type ReactNode, type RefObject, useCallback, useMemo, useState } from 'react';
import { useSetAgent, useSetFraudType, useSetStatus } from './chargeback-changes';
import { caseName, NO_FRAUD_TYPE_LABEL } from './chargeback-labels';
import { type CaseField, useChargebackAgents } from './chargeback-queries';
import { TRIAGE_KEYS } from './chargeback-triage';

// The queue's triage keys on the open case: `a` assigns an agent, `s` sets the status, `f` the fraud type, through
// the same quick picker beside the header's dropdown and the same safe changes (the status re-read and the
// 'outdated-local-status' question) as the dropdowns themselves.

/** The palette's 'Change chargeback status…' and 'Assign chargeback agent…' open the case and run these same ones. */
export const CHARGEBACK_DETAIL_PICKER_IDS: Record<CaseField, string> = {
  agent: RECORD_COMMAND_IDS.assignChargebackAgent,
  status: RECORD_COMMAND_IDS.changeChargebackStatus,
  fraudType: 'chargeback.detail.set-fraud-type',
};

const TITLES: Record<CaseField, string> = {
  agent: 'Assign agent',
  status: 'Change status',
  fraudType: 'Set fraud type',
};

const KEYS: Record<CaseField, string> = {
  agent: TRIAGE_KEYS.assignAgent,
  status: TRIAGE_KEYS.changeStatus,
  fraudType: TRIAGE_KEYS.setFraudType,
};

const FRAUD_TYPE_CHOICES: readonly QuickPickerOption[] = [
  { value: '', label: NO_FRAUD_TYPE_LABEL },
  ...fraudTypeOptions,
];

export interface DetailPickerOptions {
  accountId: string;
  chargeback: ChargebackListItem | undefined;
  abilities: ChargebackAbilities;
  /** Whether the case's fraud type is a dropdown for this user (its reason and the permission). */
  fraudTypeEditable: boolean;
  /** What each picker floats next to: the header's dropdowns and the fraud-type field. */
  anchors: Record<CaseField, RefObject<HTMLElement | null>>;
}

export function useDetailPickers({
  accountId,
  chargeback,
  abilities,
  fraudTypeEditable,
  anchors,
}: DetailPickerOptions): ReactNode {
  const [picking, setPicking] = useState<CaseField | null>(null);
  const agents = useChargebackAgents(accountId, abilities.assignAgent);
  const agentChoices = useMemo(() => agentOptions(agents.data?.items ?? []), [agents.data]);
  const setAgent = useSetAgent(accountId);
  const setStatus = useSetStatus(accountId);
  const setFraudType = useSetFraudType(accountId);

  const allowed: Record<CaseField, boolean> = {
    agent: abilities.assignAgent,
    status: abilities.changeStatus,
    fraudType: fraudTypeEditable,
  };
  const commands: Command[] = chargeback
    ? (Object.keys(TITLES) as CaseField[])
        .filter((field) => allowed[field])
        .map((field) => ({
          id: CHARGEBACK_DETAIL_PICKER_IDS[field],
          title: TITLES[field],
          group: 'Actions',
          keys: [KEYS[field]],
          scope: 'page',
          keywords: ['case', field === 'fraudType' ? 'fraud' : field],
          run: () => setPicking(field),
        }))
    : [];
  useRegisterCommands(commands, [chargeback !== undefined, allowed.agent, allowed.status, allowed.fraudType]);

  const close = useCallback(() => setPicking(null), []);
  if (!picking || !chargeback) return null;

  const pick = (value: string) => {
    close();
    if (picking === 'agent') void setAgent(chargeback, value);
    else if (picking === 'status') void setStatus(chargeback, value as ChargebackStatus);
    else void setFraudType(chargeback, value === '' ? null : (value as FraudType));
  };
  const options =
    picking === 'agent' ? agentChoices : picking === 'status' ? chargebackStatusOptions : FRAUD_TYPE_CHOICES;
  const value =
    picking === 'agent'
      ? agentValueOf(chargeback.agent)
      : picking === 'status'
        ? chargeback.status
        : (chargeback.fraudType ?? '');

  return (
    <QuickPicker
      label={TITLES[picking]}
      subject={`Case ${caseName(chargeback)}`}
      options={options}
      value={value}
      anchor={anchors[picking].current}
      onPick={pick}
      onClose={close}
    />
  );
}
