import { useCommandButton, useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import type { DataTableHandle } from '@console/table/types';
import { Button } from '@console/ui/button';
import { QuickPicker, type QuickPickerOption } from '@console/ui/quick-picker';
import { useToast } from '@console/ui/toast';
import {
  agentOptions,
  agentValueOf,
  type ChargebackAbilities,
  chargebackStatusOptions,
  fraudTypeControl,
  fraudTypeOptions,
} from '@domain/chargebacks';
import type { ChargebackListItem } from '@domain/contract/chargebacks';
import type { ChargebackStatus, FraudType } from '@domain/enums';
import type { Grants } from '@domain/permissions';
import { type ReactNode, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import {
  type CaseChangeResult,
  useBulkChanges,
  useSetAgent,
  useSetFraudType,
  useSetStatus,
} from './chargeback-changes';
import { caseName, FRAUD_TYPE_UNAVAILABLE, NO_FRAUD_TYPE_LABEL } from './chargeback-labels';
import { type CaseField, useChargebackAgents } from './chargeback-queries';

// Keyboard triage of the queue (issue 5, section 2): with the active row, `a` assigns an agent, `s` sets the status,
// `f` the fraud type, `d` downloads the dispute document; after a change the next case becomes active, so an agent
// works down the queue without the mouse. With rows selected (`x`), `a` and `s` apply to every selected case. Each is
// a command (palette, key, shortcuts sheet); the three pickers are one QuickPicker.

export const CHARGEBACK_COMMAND_IDS = {
  assignAgent: 'chargebacks.assign-agent',
  changeStatus: 'chargebacks.change-status',
  setFraudType: 'chargebacks.set-fraud-type',
  download: 'chargebacks.download',
  openCase: 'chargebacks.open-case',
  selectCase: 'chargebacks.select-case',
  clearSelection: 'chargebacks.clear-selection',
  toggleHideExpired: 'chargebacks.toggle-hide-expired',
} as const;

export const TRIAGE_KEYS = { assignAgent: 'a', changeStatus: 's', setFraudType: 'f', download: 'd' } as const;

const PICKER_LABELS: Record<CaseField, string> = {
  agent: 'Assign agent',
  status: 'Change status',
  fraudType: 'Set fraud type',
};

const FRAUD_TYPE_CHOICES: readonly QuickPickerOption[] = [
  { value: '', label: NO_FRAUD_TYPE_LABEL },
  ...fraudTypeOptions,
];

interface Picking {
  field: CaseField;
  targets: readonly ChargebackListItem[];
  bulk: boolean;
  anchor: HTMLElement | null;
}

export interface TriageOptions {
  accountId: string;
  table: RefObject<DataTableHandle<ChargebackListItem> | null>;
  abilities: ChargebackAbilities;
  grants: Grants;
  openCase: (item: ChargebackListItem) => void;
  /** Starts the dispute document download (the template picker first). */
  download: (item: ChargebackListItem) => void;
  downloading: boolean;
  hideExpired: boolean;
  toggleHideExpired: () => void;
}

export interface Triage {
  /** The picker; render it once beside the table. */
  element: ReactNode;
  /** Makes the case after this one active (after a change or a download). */
  moveAfter: (chargebackId: string) => void;
}

const SETTLED: readonly CaseChangeResult[] = ['changed', 'unchanged'];

export function useChargebackTriage(options: TriageOptions): Triage {
  const { accountId, table, abilities } = options;
  const { show } = useToast();
  const agents = useChargebackAgents(accountId, abilities.assignAgent);
  const agentChoices = useMemo(() => agentOptions(agents.data?.items ?? []), [agents.data]);
  const setAgent = useSetAgent(accountId);
  const setStatus = useSetStatus(accountId);
  const setFraudType = useSetFraudType(accountId);
  const bulk = useBulkChanges(accountId);
  const [picking, setPicking] = useState<Picking | null>(null);

  // Commands are registered once per ability set and read everything else here when they run.
  const latest = useRef(options);
  latest.current = options;

  const moveAfter = useCallback(
    (chargebackId: string) => {
      const handle = table.current;
      if (!handle) return;
      const rows = handle.rows();
      const next = rows[rows.findIndex((row) => row.chargebackId === chargebackId) + 1];
      if (next && rows.some((row) => row.chargebackId === chargebackId)) handle.setActiveRow(next.chargebackId);
    },
    [table],
  );

  const open = useCallback(
    (field: CaseField) => {
      const handle = table.current;
      if (!handle) return;
      const selected = handle.selectedRows();
      const active = handle.activeRow();
      const bulkChange = field !== 'fraudType' && selected.length > 0;
      const targets = bulkChange ? selected : active ? [active] : [];
      if (targets.length === 0) return;
      setPicking({ field, targets, bulk: bulkChange, anchor: handle.activeRowElement() });
    },
    [table],
  );

  const setFraudTypeOfActive = useCallback(() => {
    const active = table.current?.activeRow();
    if (!active) return;
    const mode = fraudTypeControl(active.reason.parsed, latest.current.grants);
    if (mode === 'hidden') show({ type: 'info', ...FRAUD_TYPE_UNAVAILABLE.reason });
    else if (mode === 'readOnly') show({ type: 'info', ...FRAUD_TYPE_UNAVAILABLE.permission });
    else open('fraudType');
  }, [table, show, open]);

  const close = useCallback(() => {
    setPicking(null);
    table.current?.focus();
  }, [table]);

  const pick = async (value: string) => {
    if (!picking) return;
    const { field, targets } = picking;
    close();
    if (picking.bulk) {
      if (field === 'status') await bulk.setStatus(targets, value as ChargebackStatus);
      else await bulk.setAgent(targets, value, agentChoices.find((choice) => choice.value === value)?.label ?? value);
      table.current?.clearSelection();
      return;
    }
    const item = targets[0];
    if (!item) return;
    const result =
      field === 'status'
        ? await setStatus(item, value as ChargebackStatus)
        : field === 'agent'
          ? await setAgent(item, value)
          : await setFraudType(item, value === '' ? null : (value as FraudType));
    if (SETTLED.includes(result)) moveAfter(item.chargebackId);
  };

  const hasActive = () => table.current?.activeRow() !== undefined;
  const hasTargets = () => hasActive() || (table.current?.selectedRows().length ?? 0) > 0;
  const commands: Command[] = [
    ...(abilities.assignAgent
      ? [
          {
            id: CHARGEBACK_COMMAND_IDS.assignAgent,
            title: 'Assign agent',
            group: 'Actions',
            scope: 'table',
            keys: [TRIAGE_KEYS.assignAgent],
            keywords: ['agent', 'assign', 'unassign', 'others', 'case', 'selected'],
            when: hasTargets,
            run: () => open('agent'),
          } satisfies Command,
        ]
      : []),
    ...(abilities.changeStatus
      ? [
          {
            id: CHARGEBACK_COMMAND_IDS.changeStatus,
            title: 'Change status',
            group: 'Actions',
            scope: 'table',
            keys: [TRIAGE_KEYS.changeStatus],
            keywords: ['status', 'to do', 'in progress', 'done', 'case', 'selected'],
            when: hasTargets,
            run: () => open('status'),
          } satisfies Command,
        ]
      : []),
    {
      id: CHARGEBACK_COMMAND_IDS.setFraudType,
      title: 'Set fraud type',
      group: 'Actions',
      scope: 'table',
      keys: [TRIAGE_KEYS.setFraudType],
      keywords: ['fraud', 'fraud type', 'case'],
      when: hasActive,
      run: setFraudTypeOfActive,
    },
    ...(abilities.download
      ? [
          {
            id: CHARGEBACK_COMMAND_IDS.download,
            title: 'Download dispute document',
            group: 'Actions',
            scope: 'table',
            keys: [TRIAGE_KEYS.download],
            keywords: ['download', 'document', 'dispute', 'template', 'docx'],
            when: () => hasActive() && !latest.current.downloading,
            run: () => {
              const active = table.current?.activeRow();
              if (active) latest.current.download(active);
            },
          } satisfies Command,
        ]
      : []),
    ...(abilities.viewDetail
      ? [
          {
            // Enter is the table's own 'Open row'; this is the same for the palette.
            id: CHARGEBACK_COMMAND_IDS.openCase,
            title: 'Open case',
            group: 'Actions',
            scope: 'table',
            keywords: ['detail', 'view', 'case'],
            when: hasActive,
            run: () => {
              const active = table.current?.activeRow();
              if (active) latest.current.openCase(active);
            },
          } satisfies Command,
        ]
      : []),
    ...(abilities.assignAgent || abilities.changeStatus
      ? [
          {
            id: CHARGEBACK_COMMAND_IDS.selectCase,
            title: 'Select or unselect case',
            group: 'Actions',
            scope: 'table',
            keywords: ['select', 'bulk', 'multi'],
            when: hasActive,
            run: () => table.current?.toggleActiveSelection(),
          } satisfies Command,
          {
            id: CHARGEBACK_COMMAND_IDS.clearSelection,
            title: 'Clear selection',
            group: 'Actions',
            scope: 'table',
            keywords: ['unselect', 'deselect', 'bulk'],
            when: () => (table.current?.selectedRows().length ?? 0) > 0,
            run: () => table.current?.clearSelection(),
          } satisfies Command,
        ]
      : []),
    {
      id: CHARGEBACK_COMMAND_IDS.toggleHideExpired,
      title: options.hideExpired ? 'Show expired cases' : 'Hide expired cases',
      group: 'Actions',
      scope: 'table',
      keywords: ['expired', 'hide expired', 'filter'],
      run: () => latest.current.toggleHideExpired(),
    },
  ];
  useRegisterCommands(commands, [abilities, options.hideExpired, open, setFraudTypeOfActive, table]);

  const pickerOptions =
    picking?.field === 'agent'
      ? agentChoices
      : picking?.field === 'status'
        ? chargebackStatusOptions
        : FRAUD_TYPE_CHOICES;
  const only = picking && !picking.bulk ? picking.targets[0] : undefined;
  const current =
    only === undefined
      ? undefined
      : picking?.field === 'agent'
        ? agentValueOf(only.agent)
        : picking?.field === 'status'
          ? only.status
          : (only.fraudType ?? '');

  const element = picking ? (
    <QuickPicker
      label={PICKER_LABELS[picking.field]}
      subject={only ? `Case ${caseName(only)}` : `${picking.targets.length} selected cases`}
      options={pickerOptions}
      value={current}
      anchor={picking.anchor}
      onPick={(value) => void pick(value)}
      onClose={close}
    />
  ) : null;

  return { element, moveAfter };
}

/** The toolbar's bulk buttons while rows are selected: the same commands as `a` and `s`. */
export function BulkActions({ selected }: { selected: number }) {
  const assign = useCommandButton(CHARGEBACK_COMMAND_IDS.assignAgent);
  const status = useCommandButton(CHARGEBACK_COMMAND_IDS.changeStatus);
  if (selected === 0) return null;
  return (
    <fieldset className="chargebacks-bulk" aria-label="Selected cases">
      <span className="chargebacks-bulk__count">{selected} selected</span>
      {assign ? (
        <Button size="sm" title={assign.tooltip} onClick={() => void assign.run()}>
          Assign agent…
        </Button>
      ) : null}
      {status ? (
        <Button size="sm" title={status.tooltip} onClick={() => void status.run()}>
          Change status…
        </Button>
      ) : null}
    </fieldset>
  );
}
