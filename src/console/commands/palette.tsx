import { isApiError } from '@console/api/errors';
import type { ScreenDefinition } from '@console/app/screen-types';
import { chargebackDetailPath } from '@console/areas/chargebacks/chargeback-paths';
import { transactionDetailPath } from '@console/areas/transactions/transaction-paths';
import { useApi, useSession } from '@console/session/session-provider';
import { Kbd } from '@console/ui/kbd';
import type { AccountSummary } from '@domain/contract/auth';
import {
  type ChargebackDetail,
  type ChargebackListItem,
  chargebackDetail,
  chargebackList,
} from '@domain/contract/chargebacks';
import { merchantList } from '@domain/contract/merchants';
import { type SearchHit, searchResponse } from '@domain/contract/search';
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
import { Command as Cmdk, useCommandState } from 'cmdk';
import { type MouseEvent, type RefObject, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { isScopeReachable, useFocusScope } from './focus-scope';
import { PALETTE_RENDER_LIMIT, rankItems } from './palette-filter';
import { executeCommand, isCommandAvailable, useCommandContext, useCommands, usePaletteSources } from './registry';
import { useStableVisibleScreens } from './stable-screens';
import type { CommandContext, PaletteItem, PalettePage, PaletteSource, TargetKind } from './types';
import './palette.css';

// The command palette (issue 2, point 10). Everything it lists comes from palette sources: the built-in ones below
// (screens, registered commands, accounts, merchants, the API search) and any an area registers with
// useRegisterPaletteSources. The palette ranks and cuts the list itself, so cmdk only ever holds what is rendered.

/** Typing pauses this long before the API is asked; a pasted identifier is looked up at once. */
export const SEARCH_DEBOUNCE_MS = 120;
export const SEARCH_MIN_LENGTH = 2;
/** Hits of remote searches shown at most, so local matches keep room in the rendered 50. */
const REMOTE_LIMIT = 20;
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

const ROOT_GROUP_ORDER = ['Open', 'Navigation', 'Commands', 'Transactions', 'Chargebacks', 'Accounts', 'Merchants'];

export const accountHomePath = (accountId: string) => `/accounts/${accountId}/merchants`;
export const merchantHomePath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/detail`;
const transactionPath = (accountId: string, transactionId: string) =>
  transactionDetailPath({ accountId }, transactionId);

/** Screens whose path needs nothing but the account and merchant ids (detail screens of a record are left out). */
function isNavigable(screen: ScreenDefinition, ctx: CommandContext): boolean {
  const params = [...screen.pattern.matchAll(/:(\w+)/g)].map((match) => match[1]);
  if (params.some((param) => param !== 'accountId' && param !== 'merchantId')) return false;
  if (params.includes('accountId') && !ctx.accountId) return false;
  if (params.includes('merchantId') && !ctx.merchantId) return false;
  return true;
}

const LEVEL_TEXT: Record<ScreenDefinition['level'], string> = {
  global: '',
  account: 'Account',
  merchant: 'Merchant',
};

function useScreenSource(): PaletteSource {
  const screens = useStableVisibleScreens();
  return useMemo(
    () => ({
      id: 'builtin:screens',
      items: (ctx) =>
        screens
          .filter((screen) => isNavigable(screen, ctx))
          .map((screen) => ({
            id: `screen:${screen.id}`,
            title: screen.title,
            subtitle: LEVEL_TEXT[screen.level],
            group: 'Navigation',
            keywords: ['go', 'open', screen.id],
            keys: screen.goKey ? [`g>${screen.goKey}`] : undefined,
            onSelect: (context) =>
              context.navigate(screen.path({ accountId: context.accountId, merchantId: context.merchantId })),
          })),
    }),
    [screens],
  );
}

function useCommandSource(): PaletteSource {
  const commands = useCommands();
  return useMemo(
    () => ({
      id: 'builtin:commands',
      items: (ctx) =>
        commands
          .filter(
            (command) =>
              !command.hiddenInPalette &&
              isScopeReachable(command.scope, { ignorePalette: true }) &&
              isCommandAvailable(command, ctx),
          )
          .map((command) => ({
            id: `command:${command.id}`,
            title: command.title,
            subtitle: command.group,
            group: 'Commands',
            keywords: command.keywords,
            keys: command.keys,
            // A command that needs a record asks for it first, in the palette's picker step of that kind.
            opens: command.target ? { page: command.target, commandId: command.id } : undefined,
            onSelect: (context) => {
              void executeCommand(command, context, 'palette');
            },
          })),
    }),
    [commands],
  );
}

function useAccountSources(): PaletteSource[] {
  const { accounts, isProviderStaff } = useSession();
  return useMemo(() => {
    if (!isProviderStaff && accounts.length < 2) return [];
    const items = (ctx: CommandContext): PaletteItem[] =>
      accounts
        .filter((account) => account.accountId !== ctx.accountId)
        .map((account) => ({
          id: `account:${account.accountId}`,
          title: account.prettyName,
          subtitle: account.shortId,
          group: 'Accounts',
          keywords: ['switch account', account.shortId, account.accountId],
          onSelect: (context) => context.navigate(accountHomePath(account.accountId)),
        }));
    return [
      { id: 'builtin:accounts', page: 'accounts', items },
      { id: 'builtin:accounts-root', items, minQueryLength: 1 },
    ];
  }, [accounts, isProviderStaff]);
}

interface MerchantOption {
  merchantId: string;
  accountId: string;
  prettyName: string;
  merchantLegalName: string;
}

// The current account's merchants, kept between openings so the palette lists them at once while it refreshes.
const merchantCache = new Map<string, MerchantOption[]>();

function useMerchantSources(accountId: string | undefined): PaletteSource[] {
  const api = useApi();
  const [merchants, setMerchants] = useState<MerchantOption[]>(() =>
    accountId ? (merchantCache.get(accountId) ?? []) : [],
  );

  useEffect(() => {
    if (!accountId) {
      setMerchants([]);
      return;
    }
    setMerchants(merchantCache.get(accountId) ?? []);
    const controller = new AbortController();
    api
      .get(`/account/${accountId}/merchant`, {
        query: { limit: 500, order: 'prettyName' },
        schema: merchantList,
        notFoundIsAnswer: true,
        signal: controller.signal,
      })
      .then((list) => {
        const options = list.items.map(({ merchantId, accountId: owner, prettyName, merchantLegalName }) => ({
          merchantId,
          accountId: owner,
          prettyName,
          merchantLegalName,
        }));
        merchantCache.set(accountId, options);
        setMerchants(options);
      })
      // The palette still works from the search without the list; the failure is not the user's concern here.
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, accountId]);

  return useMemo(() => {
    if (merchants.length === 0) return [];
    const items = (ctx: CommandContext): PaletteItem[] =>
      merchants
        .filter((merchant) => merchant.merchantId !== ctx.merchantId)
        .map((merchant) => ({
          id: `merchant:${merchant.merchantId}`,
          title: merchant.prettyName,
          subtitle: merchant.merchantLegalName,
          group: 'Merchants',
          keywords: ['switch merchant', merchant.merchantId],
          onSelect: (context) => context.navigate(merchantHomePath(merchant.accountId, merchant.merchantId)),
        }));
    return [
      { id: 'builtin:merchants', page: 'merchants', items },
      { id: 'builtin:merchants-root', items, minQueryLength: 1 },
    ];
  }, [merchants]);
}

function hitPath(hit: SearchHit): string {
  return hit.kind === 'account' ? accountHomePath(hit.id) : merchantHomePath(hit.accountId, hit.id);
}

function useApiSearchSource(): PaletteSource {
  const api = useApi();
  return useMemo(
    () => ({
      id: 'builtin:search',
      minQueryLength: SEARCH_MIN_LENGTH,
      search: async (query, ctx, signal) => {
        const { items } = await api.get('/search', {
          // The account the user is in: its merchants rank first.
          query: { q: query, limit: REMOTE_LIMIT, accountId: ctx.accountId },
          schema: searchResponse,
          notFoundIsAnswer: true,
          signal,
        });
        const byId = looksLikeIdPrefix(query);
        return items.map((hit) => {
          const kindText = hit.kind === 'account' ? 'Account' : 'Merchant';
          const opensId = byId && hit.id.toLowerCase().startsWith(query.trim().toLowerCase());
          return opensId
            ? {
                id: `open:${hit.id}`,
                title: `Open ${hit.id}`,
                subtitle: `${kindText} · ${hit.title}`,
                group: 'Open',
                onSelect: (context: CommandContext) => context.navigate(hitPath(hit)),
              }
            : {
                id: `${hit.kind}:${hit.id}`,
                title: hit.title,
                subtitle: hit.subtitle,
                group: hit.kind === 'account' ? 'Accounts' : 'Merchants',
                onSelect: (context: CommandContext) => context.navigate(hitPath(hit)),
              };
        });
      },
    }),
    [api],
  );
}

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
function ownerLine(account: string, merchant?: string | null): string {
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
function useTransactionSearchSources(): PaletteSource[] {
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
function useChargebackSearchSources(): PaletteSource[] {
  const api = useApi();
  const screens = useStableVisibleScreens();
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

function sourcePage(source: PaletteSource): PalettePage {
  return source.page ?? 'root';
}

interface RemoteResult {
  query: string;
  items: readonly PaletteItem[];
}

/** A source's remote search runs for this text. */
function searchesFor(source: PaletteSource, text: string): boolean {
  return source.search !== undefined && text.length >= (source.minQueryLength ?? SEARCH_MIN_LENGTH);
}

/**
 * Runs the sources' remote searches for a query: debounced, aborted when the query changes. `pending` while the
 * answer for the query as typed has not come yet.
 */
function useRemoteResults(
  sources: readonly PaletteSource[],
  query: string,
  ctx: CommandContext,
): RemoteResult & { pending: boolean } {
  const [result, setResult] = useState<RemoteResult>({ query: '', items: [] });
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  useEffect(() => {
    const text = query.trim();
    const searching = sources.filter((source) => searchesFor(source, text));
    if (searching.length === 0) {
      setResult((current) => (current.items.length === 0 ? current : { query: text, items: [] }));
      return;
    }
    const controller = new AbortController();
    const delay = isIdentifier(text) ? 0 : SEARCH_DEBOUNCE_MS;
    const timer = setTimeout(() => {
      Promise.allSettled(searching.map((source) => source.search!(text, ctxRef.current, controller.signal))).then(
        (outcomes) => {
          if (controller.signal.aborted) return;
          const items = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
          setResult({ query: text, items });
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [sources, query]);

  const text = query.trim();
  const pending = result.query !== text && sources.some((source) => searchesFor(source, text));
  return { ...result, pending };
}

interface PaletteGroup {
  heading: string;
  items: PaletteItem[];
}

function groupItems(items: readonly PaletteItem[], fixedOrder: boolean): PaletteGroup[] {
  const groups = new Map<string, PaletteItem[]>();
  for (const item of items) {
    const list = groups.get(item.group);
    if (list) list.push(item);
    else groups.set(item.group, [item]);
  }
  const result = [...groups].map(([heading, list]) => ({ heading, items: list }));
  if (fixedOrder) {
    const rank = (heading: string) => {
      const index = ROOT_GROUP_ORDER.indexOf(heading);
      return index === -1 ? ROOT_GROUP_ORDER.length : index;
    };
    result.sort((a, b) => rank(a.heading) - rank(b.heading));
  }
  return result;
}

const PAGE_PLACEHOLDER: Record<PalettePage, string> = {
  root: 'Type a command, a screen, an account or a merchant, or paste an ID',
  accounts: 'Switch to account…',
  merchants: 'Switch to merchant…',
  transaction: 'Paste or type a transaction ID…',
  chargeback: 'Paste or type a case ID, a chargeback ID or a customer…',
  mid: 'Paste or type a MID ID…',
  route: 'Paste or type a route ID…',
};

/** What an empty picker step says before anything is typed. */
const PICKER_HINT: Record<TargetKind, string> = {
  transaction: 'Paste a transaction ID, or type its first characters',
  chargeback: 'Paste or type the case, its chargeback or payment ID, or the customer’s name or e-mail',
  mid: 'Paste a MID ID, or type its first characters',
  route: 'Paste a route ID, or type its first characters',
};

function isTargetPage(page: PalettePage): page is TargetKind {
  return page === 'transaction' || page === 'chargeback' || page === 'mid' || page === 'route';
}

export interface CommandPaletteProps {
  open: boolean;
  page: PalettePage;
  /** On a picker step: the command waiting for the record the user picks. */
  commandId?: string | undefined;
  onClose: () => void;
  /** Moves to another page: back to the root, or to the picker step of a command that needs a target. */
  onPageChange: (page: PalettePage, commandId?: string) => void;
}

/** The palette; <CommandLayer /> owns its open state and the commands that open it. */
export function CommandPalette(props: CommandPaletteProps) {
  return props.open ? <PaletteDialog {...props} /> : null;
}

function PaletteDialog({ page, commandId, onClose, onPageChange }: CommandPaletteProps) {
  const ctx = useCommandContext('palette');
  const commands = useCommands();
  const registered = usePaletteSources();
  const screenSource = useScreenSource();
  const commandSource = useCommandSource();
  const accountSources = useAccountSources();
  const merchantSources = useMerchantSources(ctx.accountId);
  const searchSource = useApiSearchSource();
  const transactionSources = useTransactionSearchSources();
  const chargebackSources = useChargebackSearchSources();
  const [query, setQuery] = useState('');
  const restoreFocus = useRef(true);
  const waiting = isTargetPage(page) ? commands.find((command) => command.id === commandId) : undefined;

  useFocusScope('palette', { onEscape: onClose });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (restoreFocus.current && previous?.isConnected) previous.focus();
    };
  }, []);

  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setQuery('');
  }
  // A step chosen with the mouse took the focus away from the input: the next keys are the id.
  const inputRef = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is what moves the focus back
  useEffect(() => {
    inputRef.current?.focus();
  }, [page]);
  const listRef = useRef<HTMLDivElement>(null);

  const sources = useMemo(
    () =>
      [
        screenSource,
        commandSource,
        ...accountSources,
        ...merchantSources,
        ...transactionSources,
        ...chargebackSources,
        searchSource,
        ...registered,
      ].filter((source) => sourcePage(source) === page),
    [
      screenSource,
      commandSource,
      accountSources,
      merchantSources,
      transactionSources,
      chargebackSources,
      searchSource,
      registered,
      page,
    ],
  );

  // Items are built once per opening (and context), not per keystroke, so the filter's prepared text stays cached.
  const itemsBySource = useMemo(
    () => sources.map((source) => ({ minQueryLength: source.minQueryLength ?? 0, items: source.items?.(ctx) ?? [] })),
    [sources, ctx],
  );
  const queryLength = query.trim().length;
  const localItems = useMemo(
    () => itemsBySource.flatMap((entry) => (queryLength >= entry.minQueryLength ? entry.items : [])),
    [itemsBySource, queryLength],
  );

  const remote = useRemoteResults(sources, query, ctx);

  const { groups, matched, shown } = useMemo(() => {
    const remoteItems = query.trim() === '' ? [] : remote.items.slice(0, REMOTE_LIMIT);
    const remoteIds = new Set(remoteItems.map((item) => item.id));
    const ranked = rankItems(
      localItems.filter((item) => !remoteIds.has(item.id)),
      query,
      PALETTE_RENDER_LIMIT - remoteItems.length,
    );
    const idQuery = looksLikeIdPrefix(query);
    const ordered = idQuery ? [...remoteItems, ...ranked.items] : [...ranked.items, ...remoteItems];
    return {
      groups: groupItems(ordered, query.trim() === '' || idQuery),
      matched: ranked.matched + remoteItems.length,
      shown: ordered.length,
    };
  }, [localItems, remote, query]);

  const select = (item: PaletteItem) => {
    if (item.opens) {
      // The command needs a record: ask for it here, in the same palette (Backspace on an empty query goes back).
      setQuery('');
      onPageChange(item.opens.page, item.opens.commandId);
      return;
    }
    restoreFocus.current = false;
    onClose();
    const { target } = item;
    void Promise.resolve()
      .then(async () => {
        if (target && waiting) await executeCommand(waiting, ctx, 'palette', target);
        else await item.onSelect(ctx);
      })
      .catch((error: unknown) => console.error(`Palette item ${item.id} failed`, error));
  };

  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  const emptyText =
    isTargetPage(page) && query.trim() === '' ? PICKER_HINT[page] : remote.pending ? 'Searching…' : 'No results';

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay only catches clicks outside the palette
    <div className="palette-overlay" onMouseDown={onOverlayMouseDown}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        {waiting ? (
          <div className="palette__step">
            <span className="palette__step-title">{waiting.title}</span>
            <span className="palette__step-hint">
              <Kbd keys="backspace" /> to go back
            </span>
          </div>
        ) : null}
        {/* vimBindings off: cmdk would take Ctrl+K (move up) away from the toggle. */}
        <Cmdk label={waiting ? waiting.title : 'Command palette'} shouldFilter={false} loop vimBindings={false}>
          <Cmdk.Input
            ref={inputRef}
            className="palette__input"
            value={query}
            onValueChange={setQuery}
            placeholder={PAGE_PLACEHOLDER[page]}
            autoFocus
            onKeyDown={(event) => {
              if (event.key === 'Backspace' && query === '' && page !== 'root') {
                event.preventDefault();
                onPageChange('root');
              }
            }}
          />
          <Cmdk.List ref={listRef} className="palette__list">
            <Cmdk.Empty className="palette__empty">{emptyText}</Cmdk.Empty>
            {groups.map((group) => (
              <Cmdk.Group key={group.heading} heading={group.heading} className="palette__group">
                {group.items.map((item) => (
                  <Cmdk.Item key={item.id} value={item.id} onSelect={() => select(item)} className="palette__item">
                    <span className="palette__title">{item.title}</span>
                    {item.subtitle ? <span className="palette__subtitle">{item.subtitle}</span> : null}
                    {item.keys?.[0] ? <Kbd keys={item.keys[0]} className="palette__keys" /> : null}
                    {item.detail ? <span className="palette__detail">{item.detail}</span> : null}
                  </Cmdk.Item>
                ))}
              </Cmdk.Group>
            ))}
          </Cmdk.List>
          <ActiveOption inputRef={inputRef} listRef={listRef} />
          <div className="palette__footer" aria-live="polite">
            {matched > shown ? `Showing ${shown} of ${matched}; keep typing to narrow` : ''}
          </div>
        </Cmdk>
      </div>
    </div>,
    document.body,
  );
}

/**
 * Points the input (and the listbox) at the option shown selected, or at nothing when none is.
 *
 * cmdk 1.1.1 renders both attributes from its `selectedItemId` (dip/cmdk#413): when new results move the selection it
 * reads the selected element's id in a layout callback that runs before React has rendered the new selection, so it
 * keeps the previous option, which later results remove; a controlled `value` never updates it, and cmdk writes the
 * attribute after the props it is given, so no prop can correct it. The option marked aria-selected is the one Enter
 * runs. This component renders with every render of the palette (new results), every move of the selection and every
 * `selectedItemId` cmdk renders, so its layout effect runs in the same commit, before anything is painted or read.
 */
function ActiveOption({
  inputRef,
  listRef,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
}) {
  useCommandState((state) => state.value);
  useCommandState((state) => state.selectedItemId);
  useLayoutEffect(() => {
    const list = listRef.current;
    const id = list?.querySelector('[cmdk-item][aria-selected="true"]')?.id;
    for (const element of [inputRef.current, list]) {
      if (!element) continue;
      if (id) element.setAttribute('aria-activedescendant', id);
      else element.removeAttribute('aria-activedescendant');
    }
  });
  return null;
}
