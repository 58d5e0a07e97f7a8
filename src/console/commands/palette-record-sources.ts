import { isApiError } from '@console/api/errors';
import type { ScreenDefinition } from '@console/app/screen-types';
import { chargebackDetailPath } from '@console/areas/chargebacks/chargeback-paths';
import { transactionDetailPath } from '@console/areas/transactions/transaction-paths';
import { useApi, useSession } from '@console/session/session-provider';
import type { AccountSummary } from '@domain/contract/auth';
import {
  type ChargebackDetail,
  type ChargebackListItem,
  chargebackDetail,
  chargebackList,
} from '@domain/contract/chargebacks';
import { type TransactionIdSearchItem, transactionIdSearchResponse } from '@domain/contract/transactions';
import {
  CHARGEBACK_REASON_LABELS,
  CHARGEBACK_STATUS_LABELS,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
} from '@domain/enums';
import { formatMinorMoney } from '@domain/format';
import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { can, PERMISSIONS } from '@domain/permissions';
import { useMemo } from 'react';
import type { CommandContext, PaletteItem, PaletteSource } from './types';

// The palette's lookups of records by a pasted or typed id: transactions across the user's accounts, the current
// account's cases. Each one lists at the root ('Open <id>' for a whole id) and is the picker step of the commands that
// need such a record ('Refund a transaction…', 'Change chargeback status…').

/** Transactions a typed id prefix lists at most; the rest of the remote room stays for accounts and merchants. */
const TRANSACTION_SEARCH_LIMIT = 10;
/** The transaction search starts where an id prefix can be told from a word (looksLikeIdPrefix). */
const TRANSACTION_SEARCH_MIN_LENGTH = 4;
/** Cases a lookup lists at most. */
const CHARGEBACK_SEARCH_LIMIT = 10;
/** The list call's smallest page size (the list convention allows 50, 100, 500); the lookup keeps the first ten. */
const CHARGEBACK_SEARCH_PAGE = 50;
/** In the case picker a case id, a customer or an order is searched from this many characters (the queue's 3). */
const CHARGEBACK_PICKER_MIN_LENGTH = 3;
/** The chargeback detail screen (app/screens.tsx): visible with the permissions and the account's feature. */
const CHARGEBACK_DETAIL_SCREEN = 'chargeback-detail';

const transactionPath = (accountId: string, transactionId: string) =>
  transactionDetailPath({ accountId }, transactionId);

/**
 * Account names by id, from the session: whose record a lookup found (provider staff see several accounts). `known`
 * is the name the record itself carries, for an account the session does not list.
 */
function useAccountNames(): (accountId: string, known?: string) => string {
  const { accounts } = useSession();
  return useMemo(() => {
    const byId = new Map<string, AccountSummary>(accounts.map((account) => [account.accountId, account]));
    return (accountId: string, known?: string) => {
      const account = byId.get(accountId);
      return account ? `${account.prettyName} (${account.shortId})` : (known ?? accountId);
    };
  }, [accounts]);
}

/** The second line of a found record, shown whole: the account and merchant it belongs to. */
export function ownerLine(account: string, merchant?: string | null): string {
  return merchant ? `Account: ${account} · Merchant: ${merchant}` : `Account: ${account}`;
}

function transactionSubtitle(item: TransactionIdSearchItem): string {
  return [
    TRANSACTION_TYPE_LABELS[item.transactionType],
    TRANSACTION_STATUS_LABELS[item.status],
    formatMinorMoney(item.money.amount, item.money.currency),
  ].join(' · ');
}

/** GET /transaction/search: transactions whose id starts with the text, across the accounts the user may see. */
async function lookupTransactions(
  api: ReturnType<typeof useApi>,
  query: string,
  signal: AbortSignal,
): Promise<readonly TransactionIdSearchItem[]> {
  const text = query.trim().toLowerCase();
  if (!looksLikeIdPrefix(text)) return [];
  const { items } = await api.get('/transaction/search', {
    query: { q: text, limit: TRANSACTION_SEARCH_LIMIT },
    schema: transactionIdSearchResponse,
    notFoundIsAnswer: true,
    signal,
  });
  return items;
}

/**
 * A pasted or typed transaction id (issue 4): the lookup finds it by prefix across the accounts the user may see. A
 * whole id that matches is offered as 'Open <id>' first, so pasting and Enter opens the transaction. The same lookup
 * is the picker step of the commands that need a transaction ('Refund a transaction…').
 */
export function useTransactionSearchSources(): PaletteSource[] {
  const api = useApi();
  const { grants } = useSession();
  const accountName = useAccountNames();
  const canOpen = can(grants, PERMISSIONS.transactionRead) && can(grants, PERMISSIONS.transactionSelect);
  return useMemo(() => {
    if (!canOpen) return [];
    const detailOf = (item: TransactionIdSearchItem) => ownerLine(accountName(item.accountId), item.merchantName);
    return [
      {
        id: 'builtin:transactions',
        minQueryLength: TRANSACTION_SEARCH_MIN_LENGTH,
        search: async (query, _ctx, signal) => {
          const text = query.trim().toLowerCase();
          const items = await lookupTransactions(api, text, signal);
          return items.map((item): PaletteItem => {
            const path = transactionPath(item.accountId, item.transactionId);
            const exact = item.transactionId.toLowerCase() === text;
            return {
              id: exact ? `open:${item.transactionId}` : `transaction:${item.transactionId}`,
              title: exact ? `Open ${item.transactionId}` : item.transactionId,
              subtitle: `${exact ? 'Transaction · ' : ''}${transactionSubtitle(item)}`,
              detail: detailOf(item),
              group: exact ? 'Open' : 'Transactions',
              onSelect: (context: CommandContext) => context.navigate(path),
            };
          });
        },
      },
      {
        id: 'builtin:transaction-picker',
        page: 'transaction',
        minQueryLength: TRANSACTION_SEARCH_MIN_LENGTH,
        search: async (query, _ctx, signal) =>
          (await lookupTransactions(api, query, signal)).map(
            (item): PaletteItem => ({
              id: `pick-transaction:${item.transactionId}`,
              title: item.transactionId,
              subtitle: transactionSubtitle(item),
              detail: detailOf(item),
              group: 'Transactions',
              target: { kind: 'transaction', id: item.transactionId, accountId: item.accountId },
              onSelect: () => undefined,
            }),
          ),
      },
    ];
  }, [api, canOpen, accountName]);
}

/** How a case is named in the queue's controls: its case id, else its dispute id, else its id. */
function caseNameOf(item: ChargebackListItem): string {
  return item.caseId?.trim() || item.disputeId?.trim() || item.chargebackId;
}

function chargebackSubtitle(item: ChargebackListItem): string {
  return [
    CHARGEBACK_STATUS_LABELS[item.status],
    formatMinorMoney(item.amount, item.currency),
    CHARGEBACK_REASON_LABELS[item.reason.parsed],
  ].join(' · ');
}

function isDetail(item: ChargebackListItem | ChargebackDetail): item is ChargebackDetail {
  return 'account' in item;
}

/**
 * The current account's cases for a text: a whole id is read directly (the detail names the merchant company too);
 * anything else goes through the queue's own search (ids by prefix; case, order and customer by part).
 */
async function lookupChargebacks(
  api: ReturnType<typeof useApi>,
  accountId: string,
  query: string,
  signal: AbortSignal,
): Promise<readonly (ChargebackListItem | ChargebackDetail)[]> {
  const text = query.trim();
  if (isIdentifier(text)) {
    try {
      const detail = await api.get(`/account/${accountId}/chargeback/${text.toLowerCase()}`, {
        schema: chargebackDetail,
        notFoundIsAnswer: true,
        signal,
      });
      return [detail];
    } catch (error) {
      // Not a case id: it may still be a payment's id, which the queue's search matches.
      if (!isApiError(error) || error.status !== 404) throw error;
    }
  }
  const { items } = await api.get(`/account/${accountId}/chargeback`, {
    query: { search: text, limit: CHARGEBACK_SEARCH_PAGE },
    schema: chargebackList,
    notFoundIsAnswer: true,
    signal,
  });
  return items.slice(0, CHARGEBACK_SEARCH_LIMIT);
}

/**
 * Cases of the current account by a pasted or typed id ('Open <id>' for a whole chargeback id), and the picker step
 * of the commands that need a case ('Change chargeback status…'). Only where the account has the chargebacks feature
 * and the user may open a case.
 */
export function useChargebackSearchSources(screens: readonly ScreenDefinition[]): PaletteSource[] {
  const api = useApi();
  const accountName = useAccountNames();
  const enabled = screens.some((screen) => screen.id === CHARGEBACK_DETAIL_SCREEN);
  return useMemo(() => {
    if (!enabled) return [];
    const detailOf = (item: ChargebackListItem | ChargebackDetail, accountId: string) =>
      isDetail(item)
        ? ownerLine(accountName(item.account.id, item.account.prettyName), item.company.name)
        : ownerLine(accountName(accountId));
    return [
      {
        id: 'builtin:chargebacks',
        minQueryLength: TRANSACTION_SEARCH_MIN_LENGTH,
        search: async (query, ctx, signal) => {
          const { accountId } = ctx;
          const text = query.trim().toLowerCase();
          // At the root only what looks like an id: words are the other sources' business.
          if (!accountId || !looksLikeIdPrefix(text)) return [];
          const items = await lookupChargebacks(api, accountId, text, signal);
          return items.map((item): PaletteItem => {
            const path = chargebackDetailPath(accountId, item.chargebackId);
            const exact = item.chargebackId === text;
            return {
              id: exact ? `open-chargeback:${item.chargebackId}` : `chargeback:${item.chargebackId}`,
              title: exact ? `Open ${item.chargebackId}` : `Case ${caseNameOf(item)}`,
              subtitle: exact
                ? `Chargeback · Case ${caseNameOf(item)} · ${chargebackSubtitle(item)}`
                : chargebackSubtitle(item),
              detail: detailOf(item, accountId),
              group: exact ? 'Open' : 'Chargebacks',
              onSelect: (context: CommandContext) => context.navigate(path),
            };
          });
        },
      },
      {
        id: 'builtin:chargeback-picker',
        page: 'chargeback',
        minQueryLength: CHARGEBACK_PICKER_MIN_LENGTH,
        search: async (query, ctx, signal) => {
          const { accountId } = ctx;
          if (!accountId) return [];
          return (await lookupChargebacks(api, accountId, query, signal)).map(
            (item): PaletteItem => ({
              id: `pick-chargeback:${item.chargebackId}`,
              title: `Case ${caseNameOf(item)}`,
              subtitle: chargebackSubtitle(item),
              detail: detailOf(item, accountId),
              group: 'Chargebacks',
              target: { kind: 'chargeback', id: item.chargebackId, accountId },
              onSelect: () => undefined,
            }),
          );
        },
      },
    ];
  }, [api, enabled, accountName]);
}
