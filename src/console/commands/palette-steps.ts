import type { PalettePage, TargetKind } from './types';

// The palette's pages: the root, the switchers, and the picker steps where a command asks for its record.

export const PAGE_PLACEHOLDER: Record<PalettePage, string> = {
  root: 'Type a command, a screen, an account or a merchant, or paste an ID',
  accounts: 'Switch to account…',
  merchants: 'Switch to merchant…',
  query: 'Type a query, e.g. status:success created:>7d',
  views: 'Open a saved view…',
  transaction: 'Paste or type a transaction ID…',
  chargeback: 'Paste or type a case ID, a chargeback ID or a customer…',
  mid: 'Paste or type a MID ID…',
  route: 'Paste or type a route ID…',
  subscription: 'Paste or type a subscription ID…',
  invoice: 'Type an invoice number…',
};

/** The `g v` picker with no views yet. */
export const NO_VIEWS_HINT = 'No saved views yet: save one from a list’s Views menu';

/** What an empty picker step says before anything is typed. */
export const PICKER_HINT: Record<TargetKind, string> = {
  transaction: 'Paste a transaction ID, or type its first characters',
  chargeback: 'Paste or type the case, its chargeback or payment ID, or the customer’s name or e-mail',
  mid: 'Paste a MID ID, or type its first characters',
  route: 'Paste a route ID, or type its first characters',
  subscription: 'Paste a subscription ID of this merchant, or type its first characters',
  invoice: 'Type at least 3 characters of an invoice number of this account',
};

export function isTargetPage(page: PalettePage): page is TargetKind {
  return (
    page === 'transaction' ||
    page === 'chargeback' ||
    page === 'mid' ||
    page === 'route' ||
    page === 'subscription' ||
    page === 'invoice'
  );
}
