// Where the transactions screens live (spec 3, section 2): the account's list and detail, and the same two inside a
// merchant. A detail opened from a merchant's list stays at merchant level, so its links and back link do too.

export interface TransactionScope {
  accountId: string;
  /** Set at merchant level. */
  merchantId?: string | undefined;
}

export function transactionsListPath({ accountId, merchantId }: TransactionScope): string {
  return merchantId
    ? `/accounts/${accountId}/merchants/${merchantId}/transactions`
    : `/accounts/${accountId}/transactions`;
}

export function transactionDetailPath(scope: TransactionScope, transactionId: string): string {
  return scope.merchantId
    ? `${transactionsListPath(scope)}/detail/${transactionId}`
    : `${transactionsListPath(scope)}/${transactionId}`;
}
