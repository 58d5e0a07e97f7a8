// biome-ignore-all lint/a11y/noStaticElementInteractions: the wrapper only keeps a click on a dropdown from opening the table row it sits in
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the wrapper handles no keys; the dropdown inside keeps its own
import { useSession } from '@console/session/session-provider';
import { StatusBadge } from '@console/ui/badge';
import { Select, type SelectOption } from '@console/ui/select';
import {
  agentLabelOf,
  agentOptions,
  agentValueOf,
  chargebackAbilities,
  chargebackStatusOptions,
  fraudTypeControl,
  fraudTypeOptions,
  fraudTypeText,
} from '@domain/chargebacks';
import type { ChargebackAgent, ChargebackListItem } from '@domain/contract/chargebacks';
import { CHARGEBACK_STATUS_LABELS, type ChargebackStatus, type FraudType } from '@domain/enums';
import { type ReactNode, useMemo, useState } from 'react';
import { useSetAgent, useSetFraudType, useSetStatus } from './chargeback-changes';
import { type CaseField, useCaseSaving, useChargebackAgents } from './chargeback-queries';

// The agent, status and fraud-type controls of a case (spec 3, sections 2.3, 2.4 and 4), one implementation for the
// queue's cells and the detail's header: a dropdown for users who may change the value, otherwise text or a badge.
// Each is disabled while its change is saving, wherever the change came from (the dropdown, a key, a bulk change).

export interface CaseControlProps {
  accountId: string;
  /** The case as shown (a queue row or the detail); its status is what a status change expects to replace. */
  item: ChargebackListItem;
  /** Told with the case's new row after a change (the cached queue and detail are already updated). */
  onChanged?: (row: ChargebackListItem) => void;
  /** The dropdown's accessible name; the queue names the case ('Status of case CB-1'). */
  label?: string;
}

function useAbilities() {
  const { grants } = useSession();
  return useMemo(() => chargebackAbilities(grants), [grants]);
}

/**
 * A dropdown showing the value being saved until the case's new row arrives, so the choice does not flick back to
 * the old value meanwhile.
 */
function CaseSelect({
  accountId,
  item,
  field,
  label,
  value,
  options,
  placeholder,
  onChoose,
}: {
  accountId: string;
  item: ChargebackListItem;
  field: CaseField;
  label: string;
  value: string;
  options: readonly SelectOption[];
  placeholder?: string;
  onChoose: (value: string) => Promise<unknown>;
}) {
  const saving = useCaseSaving(accountId, item.chargebackId, field);
  const [pending, setPending] = useState<string | null>(null);
  const shown = pending ?? value;
  // A value too long for its cell is cut; the tooltip holds it whole.
  const shownLabel = options.find((option) => option.value === shown)?.label ?? placeholder;
  return (
    <span className="chargeback-control" onClick={(event) => event.stopPropagation()}>
      <Select
        label={label}
        hideLabel
        options={options}
        placeholder={placeholder}
        title={shownLabel}
        value={shown}
        disabled={saving || pending !== null}
        aria-busy={saving || undefined}
        onChange={(event) => {
          const chosen = event.target.value;
          setPending(chosen);
          void onChoose(chosen).finally(() => setPending(null));
        }}
      />
    </span>
  );
}

/** Keeps the case's own assignment choosable when the agent list does not hold it (not loaded yet, or removed). */
function withAssignment(options: SelectOption[], agent: ChargebackAgent | null): SelectOption[] {
  if (!agent || options.some((option) => option.value === agent.id)) return options;
  return [{ value: agent.id, label: agentLabelOf(agent) }, ...options];
}

/** The agent dropdown (agents, Others, Unassigned) with chargeback.update; the assignment as text otherwise. */
export function AgentControl({ accountId, item, onChanged, label = 'Agent' }: CaseControlProps) {
  const abilities = useAbilities();
  const agents = useChargebackAgents(accountId, abilities.assignAgent);
  const setAgent = useSetAgent(accountId, onChanged);
  const options = useMemo(
    () => withAssignment(agentOptions(agents.data?.items ?? []), item.agent),
    [agents.data, item.agent],
  );
  if (!abilities.assignAgent) {
    const name = agentLabelOf(item.agent);
    return (
      <span className="chargeback-agent" title={name}>
        {name}
      </span>
    );
  }
  return (
    <CaseSelect
      accountId={accountId}
      item={item}
      field="agent"
      label={label}
      value={agentValueOf(item.agent)}
      options={options}
      onChoose={(value) => setAgent(item, value)}
    />
  );
}

export function ChargebackStatusBadge({ status }: { status: ChargebackStatus }): ReactNode {
  return <StatusBadge status={status} label={CHARGEBACK_STATUS_LABELS[status]} />;
}

/** The status dropdown with chargeback.update; a read-only badge otherwise. */
export function StatusControl({ accountId, item, onChanged, label = 'Status' }: CaseControlProps) {
  const abilities = useAbilities();
  const setStatus = useSetStatus(accountId, onChanged);
  if (!abilities.changeStatus) return <ChargebackStatusBadge status={item.status} />;
  return (
    <CaseSelect
      accountId={accountId}
      item={item}
      field="status"
      label={label}
      value={item.status}
      options={chargebackStatusOptions}
      onChoose={(value) => setStatus(item, value as ChargebackStatus)}
    />
  );
}

/**
 * The fraud type: a dropdown only for the fraud-with-no-cardholder-authorization reason and with
 * chargeback.fraudtype.update; its label (or '-') as text otherwise; '-' for the other reasons.
 */
export function FraudTypeControl({ accountId, item, onChanged, label = 'Fraud type' }: CaseControlProps) {
  const { grants } = useSession();
  const setFraudType = useSetFraudType(accountId, onChanged);
  const mode = fraudTypeControl(item.reason.parsed, grants);
  if (mode === 'hidden') return <span className="text-muted">-</span>;
  if (mode === 'readOnly') {
    const text = fraudTypeText(item.fraudType);
    return <span title={text}>{text}</span>;
  }
  return (
    <CaseSelect
      accountId={accountId}
      item={item}
      field="fraudType"
      label={label}
      value={item.fraudType ?? ''}
      options={fraudTypeOptions}
      placeholder="-"
      onChoose={(value) => setFraudType(item, value === '' ? null : (value as FraudType))}
    />
  );
}
