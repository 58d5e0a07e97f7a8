import type { ActivityEntry } from '@domain/contract/activity';
import { isIdentifier } from '@domain/ids';

// Where an audit entry's resource lives in the console: account, merchant, the action 'detail' and the resource id
// (spec 2, section 2.8). Resources without a detail screen of their own open the screen that lists them; deleted
// resources and exports have nowhere to go.

export type LinkableEntry = Pick<
  ActivityEntry,
  'resourceType' | 'resourceId' | 'accountId' | 'merchant' | 'resourceDeleted'
>;

export function resourcePath(entry: LinkableEntry): string | null {
  if (entry.resourceDeleted) return null;
  const id = entry.resourceId;
  const account = entry.accountId ? `/accounts/${entry.accountId}` : null;
  const merchant = account && entry.merchant ? `${account}/merchants/${entry.merchant.id}` : null;
  const underMerchant = (rest: string) => (merchant ? `${merchant}${rest}` : null);
  const underAccount = (rest: string) => (account ? `${account}${rest}` : null);
  if (!isIdentifier(id)) return null;
  switch (entry.resourceType) {
    case 'ACCOUNT':
      return `/accounts/${id}/config`;
    case 'MERCHANT':
      return underAccount(`/merchants/${id}/detail`);
    case 'USER':
      return `/users/detail/${id}`;
    case 'MID':
      return underMerchant(`/mids/detail/${id}`);
    case 'ROUTE':
      return underMerchant(`/routes/detail/${id}`);
    case 'PLAN':
      return underMerchant(`/plans/detail/${id}`);
    case 'SUBSCRIPTION':
      return underMerchant(`/subscriptions/detail/${id}`);
    case 'TRANSACTION':
      return merchant ? `${merchant}/transactions/detail/${id}` : underAccount(`/transactions/${id}`);
    case 'CHARGEBACK':
      return underAccount(`/dispute-manager/${id}`);
    // Invoices have an editor but no detail screen.
    case 'INVOICE':
      return underAccount(`/invoices/edit/${id}`);
    // List items, templates and limits are shown on their list's screen.
    case 'URL':
    case 'TAG':
      return underMerchant('/my-lists');
    case 'CHARGEBACK_TEMPLATE':
      return underAccount('/dispute-configuration');
    case 'MID_LIMIT':
    case 'MID_LIMIT_ALERT':
    case 'GLOBAL_LIMIT':
    case 'GLOBAL_LIMIT_ALERT':
      return underMerchant('/counter/limits');
    case 'EXPORT':
      return null;
    // A shared view has no screen of its own: it lives in its list's Views menu, and its entry names the list.
    case 'SAVED_VIEW':
      return null;
  }
}
