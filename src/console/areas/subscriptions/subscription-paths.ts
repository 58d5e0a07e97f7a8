// Where the subscriptions screens live (spec 3, section 2): under the merchant, the overview (the default tab) at
// .../subscriptions, the list at .../subscriptions-table and one subscription at .../subscriptions/detail/{id}. The
// third tab, Plans, is the plans screen's own path.

export interface SubscriptionScope {
  accountId: string;
  merchantId: string;
}

const merchantPath = ({ accountId, merchantId }: SubscriptionScope) => `/accounts/${accountId}/merchants/${merchantId}`;

export const subscriptionsOverviewPath = (scope: SubscriptionScope) => `${merchantPath(scope)}/subscriptions`;
export const subscriptionsListPath = (scope: SubscriptionScope) => `${merchantPath(scope)}/subscriptions-table`;
export const subscriptionDetailPath = (scope: SubscriptionScope, subscriptionId: string) =>
  `${merchantPath(scope)}/subscriptions/detail/${subscriptionId}`;

/** An attempt's transaction, at merchant level where the subscription lives. */
export const attemptTransactionPath = (scope: SubscriptionScope, transactionId: string) =>
  `${merchantPath(scope)}/transactions/detail/${transactionId}`;
