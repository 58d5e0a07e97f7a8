import { useCommandButton, useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import type { DataTableHandle } from '@console/table/types';
import { Button } from '@console/ui/button';
import { QuickPicker } from '@console/ui/quick-picker';
import { Tooltip } from '@console/ui/tooltip';
import type { InvoiceDetail } from '@domain/contract/invoices';
import { type InvoiceAbilities, invoiceRowActions, statusChoicesFor } from '@domain/invoice-abilities';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@domain/invoices';
import { type ReactNode, type RefObject, useCallback, useRef, useState } from 'react';
import type { InvoiceActions } from './invoice-actions';
import { INVOICE_COMMAND_IDS } from './invoice-commands';

// The list's keys on the active row (as the chargebacks queue's triage): `s` changes the status through a picker of
// the dropdown's choices (CANCELLED asks first, as in the cell), `p` publishes a draft, `d` downloads (Review for a
// draft), `e` edits a draft and Delete deletes one; each is a command (palette, key, `?` sheet) and the row menu shows
// its key. 'Download template' is a command too, and its toolbar button is made from it.

export const INVOICE_KEYS = { changeStatus: 's', publish: 'p', download: 'd', edit: 'e', remove: 'delete' } as const;

export interface InvoiceListCommandsOptions {
  table: RefObject<DataTableHandle<InvoiceDetail> | null>;
  abilities: InvoiceAbilities;
  actions: InvoiceActions;
  edit: (invoice: InvoiceDetail) => void;
}

export function useInvoiceListCommands({ table, abilities, actions, edit }: InvoiceListCommandsOptions): ReactNode {
  const [picking, setPicking] = useState<{ invoice: InvoiceDetail; anchor: HTMLElement | null } | null>(null);
  const latest = useRef({ actions, edit });
  latest.current = { actions, edit };

  const active = () => table.current?.activeRow();
  const can = (action: ReturnType<typeof invoiceRowActions>[number]) => {
    const invoice = active();
    return invoice !== undefined && invoiceRowActions(invoice.status, abilities).includes(action);
  };
  const onActive = (run: (invoice: InvoiceDetail) => unknown) => () => {
    const invoice = active();
    if (invoice) void run(invoice);
  };
  const close = useCallback(() => {
    setPicking(null);
    table.current?.focus();
  }, [table]);

  const commands: Command[] = [];
  if (abilities.update) {
    commands.push(
      {
        id: INVOICE_COMMAND_IDS.changeStatus,
        title: 'Change invoice status',
        group: 'Actions',
        scope: 'table',
        keys: [INVOICE_KEYS.changeStatus],
        keywords: ['status', 'paid', 'claimed', 'overdue', 'cancel', 'pending', 'invoice'],
        when: () => {
          const invoice = active();
          return invoice !== undefined && statusChoicesFor(invoice.status, abilities).length > 0;
        },
        run: onActive((invoice) => setPicking({ invoice, anchor: table.current?.activeRowElement() ?? null })),
      },
      {
        id: INVOICE_COMMAND_IDS.publish,
        title: 'Publish invoice',
        group: 'Actions',
        scope: 'table',
        keys: [INVOICE_KEYS.publish],
        keywords: ['publish', 'send', 'draft', 'pending', 'invoice'],
        when: () => can('publish'),
        run: onActive((invoice) => latest.current.actions.publish(invoice)),
      },
      {
        id: INVOICE_COMMAND_IDS.edit,
        title: 'Edit invoice',
        group: 'Actions',
        scope: 'table',
        keys: [INVOICE_KEYS.edit],
        keywords: ['edit', 'change', 'draft', 'invoice'],
        when: () => can('edit'),
        run: onActive((invoice) => latest.current.edit(invoice)),
      },
    );
  }
  if (abilities.download || abilities.review) {
    commands.push({
      id: INVOICE_COMMAND_IDS.download,
      title: 'Download invoice',
      group: 'Actions',
      scope: 'table',
      keys: [INVOICE_KEYS.download],
      keywords: ['download', 'review', 'pdf', 'document', 'invoice'],
      when: () => can('download') || can('review'),
      run: onActive((invoice) => latest.current.actions.download(invoice)),
    });
  }
  if (abilities.delete) {
    commands.push({
      id: INVOICE_COMMAND_IDS.remove,
      title: 'Delete invoice',
      group: 'Actions',
      scope: 'table',
      keys: [INVOICE_KEYS.remove],
      keywords: ['delete', 'remove', 'draft', 'invoice'],
      when: () => can('delete'),
      run: onActive((invoice) => latest.current.actions.remove(invoice)),
    });
  }
  if (abilities.downloadTemplate) {
    commands.push({
      id: INVOICE_COMMAND_IDS.downloadTemplate,
      title: 'Download invoice template',
      group: 'Actions',
      scope: 'page',
      keywords: ['template', 'blank invoice', 'download'],
      run: () => latest.current.actions.downloadTemplate().then(() => undefined),
    });
  }
  useRegisterCommands(commands, [abilities, table]);

  if (!picking) return null;
  const { invoice } = picking;
  return (
    <QuickPicker
      label="Change status"
      subject={`Invoice ${invoice.number}`}
      options={statusChoicesFor(invoice.status, abilities).map((status: InvoiceStatus) => ({
        value: status,
        label: INVOICE_STATUS_LABELS[status],
      }))}
      anchor={picking.anchor}
      onPick={(value) => {
        close();
        void latest.current.actions.setStatus(invoice, value as InvoiceStatus);
      }}
      onClose={close}
    />
  );
}

/** A header button made from a registered command: its title, its key in the tooltip; absent without the command. */
export function CommandHeaderButton({
  commandId,
  label,
  variant = 'secondary',
}: {
  commandId: string;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const button = useCommandButton(commandId);
  const [busy, setBusy] = useState(false);
  if (!button) return null;
  const keys = button.command.keys?.[0];
  return (
    <Tooltip content={button.title} keys={keys}>
      <Button
        variant={variant}
        loading={busy}
        onClick={() => {
          setBusy(true);
          void button.run().finally(() => setBusy(false));
        }}
      >
        {label}
      </Button>
    </Tooltip>
  );
}
