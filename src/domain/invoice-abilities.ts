import { type InvoiceStatus, isDownloadable, isDraft, nextInvoiceStatuses } from './invoices';
import { can, type Grants, PERMISSIONS } from './permissions';

// What a user may do with the invoices of an account (spec 3, section 6, "Invoices"): Publish and Edit need
// invoice.update, Review needs invoice.select, Delete invoice.delete, Download invoice.download; the status dropdown
// needs invoice.update; 'Add invoice' invoice.create; 'Download template' invoice.template.download. The console's
// row menu, keys and buttons read these; the server checks the same permissions on every call.

export interface InvoiceAbilities {
  create: boolean;
  /** Publish, Edit and the status dropdown. */
  update: boolean;
  /** Review: a draft's document, downloaded before publishing. */
  review: boolean;
  delete: boolean;
  download: boolean;
  downloadTemplate: boolean;
}

export function invoiceAbilities(grants: Grants): InvoiceAbilities {
  return {
    create: can(grants, PERMISSIONS.invoiceCreate),
    update: can(grants, PERMISSIONS.invoiceUpdate),
    review: can(grants, PERMISSIONS.invoiceSelect),
    delete: can(grants, PERMISSIONS.invoiceDelete),
    download: can(grants, PERMISSIONS.invoiceDownload),
    downloadTemplate: can(grants, PERMISSIONS.invoiceTemplateDownload),
  };
}

/** The actions of one invoice's row menu, in menu order. */
export type InvoiceRowAction = 'publish' | 'review' | 'edit' | 'delete' | 'download';

/**
 * The row menu of an invoice in `status`: Publish, Review, Edit and Delete for a draft, Download for the others but a
 * cancelled one, each only with its permission. No entry, no menu (spec 3, section 6).
 */
export function invoiceRowActions(status: InvoiceStatus, abilities: InvoiceAbilities): InvoiceRowAction[] {
  if (isDraft(status)) {
    const actions: InvoiceRowAction[] = [];
    if (abilities.update) actions.push('publish');
    if (abilities.review) actions.push('review');
    if (abilities.update) actions.push('edit');
    if (abilities.delete) actions.push('delete');
    return actions;
  }
  return abilities.download && isDownloadable(status) ? ['download'] : [];
}

/** The statuses the dropdown offers this user for an invoice in `status`: none without invoice.update. */
export function statusChoicesFor(status: InvoiceStatus, abilities: InvoiceAbilities): readonly InvoiceStatus[] {
  return abilities.update ? nextInvoiceStatuses(status) : [];
}
