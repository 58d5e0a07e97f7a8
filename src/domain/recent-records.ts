import { TRANSACTION_TYPE_LABELS, type TransactionType } from './enums';
import { formatMinorMoney } from './format';
import { can, type Grants, PERMISSIONS as P } from './permissions';

// Recent records (issue 26): the records a user opened last, kept per user on the server so the palette's empty state
// lists them on every device. The rules every side shares live here: which kinds there are, what a user must hold to
// reach each (the same permissions as the record's detail call), how many are kept and listed, and what the palette
// shows for each.

export const RECENT_RECORD_KINDS = ['TRANSACTION', 'CHARGEBACK', 'MID', 'ROUTE', 'MERCHANT'] as const;
export type RecentRecordKind = (typeof RECENT_RECORD_KINDS)[number];

export const RECENT_RECORD_LIMITS = {
  /** Rows kept per user: the oldest beyond this are deleted with the open that pushes them out. */
  kept: 50,
  /** Records listed: the palette's empty state has room for these beside its screens and commands. */
  listed: 20,
} as const;

/** The permissions of each kind's detail call: a record the user may not open any more is not listed. */
export const RECENT_RECORD_PERMISSIONS: Record<RecentRecordKind, readonly string[]> = {
  TRANSACTION: [P.transactionSelect],
  CHARGEBACK: [P.chargebackRead, P.chargebackSelect],
  MID: [P.midRead, P.midSelect],
  ROUTE: [P.routeRead, P.routeSelect],
  MERCHANT: [P.merchantSelect],
};

export const canReachRecentKind = (grants: Grants, kind: RecentRecordKind): boolean =>
  RECENT_RECORD_PERMISSIONS[kind].every((permission) => can(grants, permission));

/** The noun the palette shows beside a record's label. */
export const RECENT_RECORD_NOUNS: Record<RecentRecordKind, string> = {
  TRANSACTION: 'Transaction',
  CHARGEBACK: 'Chargeback',
  MID: 'MID',
  ROUTE: 'Route',
  MERCHANT: 'Merchant',
};

/** What a record is called in the list, from its own current fields (so a renamed record shows its new name). */
export type RecentRecordFields =
  | { kind: 'TRANSACTION'; transactionType: string; amount: number; currency: string; referenceOrderId: string }
  | { kind: 'CHARGEBACK'; id: string; caseId: string | null; disputeId: string | null }
  | { kind: 'MID'; description: string; midAcquirerId: string }
  | { kind: 'ROUTE'; description: string }
  | { kind: 'MERCHANT'; prettyName: string };

export function recentRecordLabel(fields: RecentRecordFields): string {
  switch (fields.kind) {
    case 'TRANSACTION': {
      const type = TRANSACTION_TYPE_LABELS[fields.transactionType as TransactionType] ?? fields.transactionType;
      return `${type} ${formatMinorMoney(fields.amount, fields.currency)} · Order ${fields.referenceOrderId}`;
    }
    case 'CHARGEBACK':
      return `Case ${fields.caseId?.trim() || fields.disputeId?.trim() || fields.id}`;
    case 'MID':
      return `${fields.description} (${fields.midAcquirerId})`;
    case 'ROUTE':
      return fields.description;
    case 'MERCHANT':
      return fields.prettyName;
  }
}
