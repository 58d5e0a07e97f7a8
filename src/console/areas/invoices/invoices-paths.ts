// Where the invoice screens live (spec 3, section 2): the account's list at .../invoices, the form at .../invoices/new
// and .../invoices/edit/{invoiceId}. Invoices have no detail screen: a row's menu and keys act on it in the list.

export const invoicesPath = (accountId: string) => `/accounts/${accountId}/invoices`;
export const newInvoicePath = (accountId: string) => `${invoicesPath(accountId)}/new`;
export const editInvoicePath = (accountId: string, invoiceId: string) => `${invoicesPath(accountId)}/edit/${invoiceId}`;
