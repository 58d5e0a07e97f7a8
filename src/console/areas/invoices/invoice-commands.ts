import { useCurrentScope } from '@console/app/current-scope';
import { useRegisterCommands, useRegisterPaletteSources } from '@console/commands/registry';
import type { Command, PaletteItem, PaletteSource } from '@console/commands/types';
import { useApi, useSession } from '@console/session/session-provider';
import { rememberListPosition } from '@console/table/list-memory';
import { TABLE_PARAMS } from '@console/table/table-state';
import { formatMinorMoney } from '@domain/format';
import { invoiceAbilities } from '@domain/invoice-abilities';
import { INVOICE_STATUS_LABELS } from '@domain/invoices';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { useLocation } from 'wouter';
import { invoicePeriod } from './invoice-format';
import { invoicesPath, newInvoicePath } from './invoices-paths';
import { findInvoicesByNumber } from './invoices-queries';

// The invoice commands the palette offers anywhere in an account (the shell registers them, as it does 'New
// merchant'): 'Add invoice' (`n` on the list) and 'Find invoice…', which asks for a number of the current account and
// opens the list searched by it with the invoice as the active row, so its keys (s, p, d, e) act on it at once.

export const INVOICE_COMMAND_IDS = {
  add: 'invoices.add',
  find: 'invoices.find',
  changeStatus: 'invoices.change-status',
  publish: 'invoices.publish',
  download: 'invoices.download',
  edit: 'invoices.edit',
  remove: 'invoices.delete',
  downloadTemplate: 'invoices.download-template',
} as const;

/** The invoice picker searches numbers from the quick search's 3 characters. */
const FIND_MIN_LENGTH = 3;

/** The list searched by an invoice's number, with that invoice remembered as the active row. */
export function invoiceListPathFor(accountId: string, number: string, invoiceId?: string): string {
  const path = invoicesPath(accountId);
  const query = new URLSearchParams({ [TABLE_PARAMS.search]: number }).toString();
  if (invoiceId) rememberListPosition(`${path}?${query}`, { rowId: invoiceId, index: 0, scrollTop: 0 });
  return `${path}?${query}`;
}

export function useInvoiceCommands(): void {
  const api = useApi();
  const { grants } = useSession();
  const { accountId } = useCurrentScope();
  const [path] = useLocation();
  const abilities = invoiceAbilities(grants);
  const canFind = can(grants, P.invoiceRead) && accountId !== undefined;
  const canAdd = abilities.create && accountId !== undefined;
  const onList = accountId !== undefined && path === invoicesPath(accountId);

  const commands: Command[] = [];
  if (canAdd) {
    commands.push({
      id: INVOICE_COMMAND_IDS.add,
      title: 'Add invoice',
      group: 'Actions',
      keys: onList ? ['n'] : undefined,
      scope: 'page',
      keywords: ['new invoice', 'create invoice', 'billing', 'invoicing', 'pdf'],
      run: (ctx) => ctx.navigate(newInvoicePath(accountId)),
    });
  }
  if (canFind) {
    commands.push({
      id: INVOICE_COMMAND_IDS.find,
      title: 'Find invoice…',
      group: 'Actions',
      scope: 'page',
      target: 'invoice',
      keywords: ['invoice', 'invoice number', 'billing', 'invoicing', 'find'],
      when: (ctx) => ctx.accountId !== undefined,
      run: (ctx, target) => {
        if (!target) return;
        ctx.navigate(invoiceListPathFor(target.accountId, target.name ?? '', target.id));
      },
    });
  }
  useRegisterCommands(commands, [canAdd, canFind, accountId, onList]);

  const sources: PaletteSource[] = canFind
    ? [
        {
          id: 'invoice:picker',
          page: 'invoice',
          minQueryLength: FIND_MIN_LENGTH,
          search: async (query, ctx, signal) => {
            const scope = ctx.accountId;
            if (!scope) return [];
            const found = await findInvoicesByNumber(api, scope, query.trim(), signal);
            return found.map(
              (invoice): PaletteItem => ({
                id: `pick-invoice:${invoice.invoiceId}`,
                title: invoice.number,
                subtitle: `${INVOICE_STATUS_LABELS[invoice.status]} · ${formatMinorMoney(invoice.money.amount, invoice.money.currency)} · ${invoicePeriod(invoice.timePeriodFrom, invoice.timePeriodTo)}`,
                group: 'Invoices',
                target: { kind: 'invoice', id: invoice.invoiceId, accountId: scope, name: invoice.number },
                onSelect: () => undefined,
              }),
            );
          },
        },
      ]
    : [];
  useRegisterPaletteSources(sources, [api, canFind]);
}
