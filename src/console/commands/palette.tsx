import type { ScreenDefinition } from '@console/app/screen-types';
import { useApi, useSession } from '@console/session/session-provider';
import { Kbd } from '@console/ui/kbd';
import { merchantList } from '@domain/contract/merchants';
import { type SearchHit, searchResponse } from '@domain/contract/search';
import { type TransactionIdSearchItem, transactionIdSearchResponse } from '@domain/contract/transactions';
import { TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS } from '@domain/enums';
import { formatMinorMoney } from '@domain/format';
import { isIdentifier, looksLikeIdPrefix } from '@domain/ids';
import { can, PERMISSIONS } from '@domain/permissions';
import { Command as Cmdk } from 'cmdk';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { isScopeReachable, useFocusScope } from './focus-scope';
import { PALETTE_RENDER_LIMIT, rankItems } from './palette-filter';
import { executeCommand, isCommandAvailable, useCommandContext, useCommands, usePaletteSources } from './registry';
import { useStableVisibleScreens } from './stable-screens';
import type { CommandContext, PaletteItem, PalettePage, PaletteSource } from './types';
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

const ROOT_GROUP_ORDER = ['Open', 'Navigation', 'Commands', 'Transactions', 'Accounts', 'Merchants'];

export const accountHomePath = (accountId: string) => `/accounts/${accountId}/merchants`;
export const merchantHomePath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/detail`;
export const transactionPath = (accountId: string, transactionId: string) =>
  `/accounts/${accountId}/transactions/${transactionId}`;

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
      search: async (query, _ctx, signal) => {
        const { items } = await api.get('/search', {
          query: { q: query, limit: REMOTE_LIMIT },
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

function transactionSubtitle(item: TransactionIdSearchItem): string {
  return [
    TRANSACTION_TYPE_LABELS[item.transactionType],
    TRANSACTION_STATUS_LABELS[item.status],
    formatMinorMoney(item.money.amount, item.money.currency),
    item.merchantName,
  ].join(' · ');
}

/**
 * A pasted or typed transaction id (issue 4): GET /transaction/search finds it by prefix across the accounts the user
 * may see. A whole id that matches is offered as 'Open <id>' first, so pasting and Enter opens the transaction.
 */
function useTransactionSearchSources(): PaletteSource[] {
  const api = useApi();
  const { grants } = useSession();
  const canOpen = can(grants, PERMISSIONS.transactionRead) && can(grants, PERMISSIONS.transactionSelect);
  return useMemo(() => {
    if (!canOpen) return [];
    return [
      {
        id: 'builtin:transactions',
        minQueryLength: TRANSACTION_SEARCH_MIN_LENGTH,
        search: async (query, _ctx, signal) => {
          const text = query.trim().toLowerCase();
          if (!looksLikeIdPrefix(text)) return [];
          const { items } = await api.get('/transaction/search', {
            query: { q: text, limit: TRANSACTION_SEARCH_LIMIT },
            schema: transactionIdSearchResponse,
            notFoundIsAnswer: true,
            signal,
          });
          return items.map((item): PaletteItem => {
            const path = transactionPath(item.accountId, item.transactionId);
            const exact = item.transactionId.toLowerCase() === text;
            return {
              id: exact ? `open:${item.transactionId}` : `transaction:${item.transactionId}`,
              title: exact ? `Open ${item.transactionId}` : item.transactionId,
              subtitle: `${exact ? 'Transaction · ' : ''}${transactionSubtitle(item)}`,
              group: exact ? 'Open' : 'Transactions',
              onSelect: (context: CommandContext) => context.navigate(path),
            };
          });
        },
      },
    ];
  }, [api, canOpen]);
}

function sourcePage(source: PaletteSource): PalettePage {
  return source.page ?? 'root';
}

interface RemoteResult {
  query: string;
  items: readonly PaletteItem[];
}

/** Runs the sources' remote searches for a query: debounced, aborted when the query changes. */
function useRemoteResults(sources: readonly PaletteSource[], query: string, ctx: CommandContext): RemoteResult {
  const [result, setResult] = useState<RemoteResult>({ query: '', items: [] });
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;

  useEffect(() => {
    const text = query.trim();
    const searching = sources.filter(
      (source) => source.search && text.length >= (source.minQueryLength ?? SEARCH_MIN_LENGTH),
    );
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

  return result;
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
};

export interface CommandPaletteProps {
  open: boolean;
  page: PalettePage;
  onClose: () => void;
  onPageChange: (page: PalettePage) => void;
}

/** The palette; <CommandLayer /> owns its open state and the commands that open it. */
export function CommandPalette(props: CommandPaletteProps) {
  return props.open ? <PaletteDialog {...props} /> : null;
}

function PaletteDialog({ page, onClose, onPageChange }: CommandPaletteProps) {
  const ctx = useCommandContext('palette');
  const registered = usePaletteSources();
  const screenSource = useScreenSource();
  const commandSource = useCommandSource();
  const accountSources = useAccountSources();
  const merchantSources = useMerchantSources(ctx.accountId);
  const searchSource = useApiSearchSource();
  const transactionSources = useTransactionSearchSources();
  const [query, setQuery] = useState('');
  const restoreFocus = useRef(true);

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

  const sources = useMemo(
    () =>
      [
        screenSource,
        commandSource,
        ...accountSources,
        ...merchantSources,
        ...transactionSources,
        searchSource,
        ...registered,
      ].filter((source) => sourcePage(source) === page),
    [screenSource, commandSource, accountSources, merchantSources, transactionSources, searchSource, registered, page],
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
    restoreFocus.current = false;
    onClose();
    void Promise.resolve()
      .then(() => item.onSelect(ctx))
      .catch((error: unknown) => console.error(`Palette item ${item.id} failed`, error));
  };

  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the overlay only catches clicks outside the palette
    <div className="palette-overlay" onMouseDown={onOverlayMouseDown}>
      <div className="palette" role="dialog" aria-modal="true" aria-label="Command palette">
        {/* vimBindings off: cmdk would take Ctrl+K (move up) away from the toggle. */}
        <Cmdk label="Command palette" shouldFilter={false} loop vimBindings={false}>
          <Cmdk.Input
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
          <Cmdk.List className="palette__list">
            <Cmdk.Empty className="palette__empty">No results</Cmdk.Empty>
            {groups.map((group) => (
              <Cmdk.Group key={group.heading} heading={group.heading} className="palette__group">
                {group.items.map((item) => (
                  <Cmdk.Item key={item.id} value={item.id} onSelect={() => select(item)} className="palette__item">
                    <span className="palette__title">{item.title}</span>
                    {item.subtitle ? <span className="palette__subtitle">{item.subtitle}</span> : null}
                    {item.keys?.[0] ? <Kbd keys={item.keys[0]} className="palette__keys" /> : null}
                  </Cmdk.Item>
                ))}
              </Cmdk.Group>
            ))}
          </Cmdk.List>
          <div className="palette__footer" aria-live="polite">
            {matched > shown ? `Showing ${shown} of ${matched}; keep typing to narrow` : ''}
          </div>
        </Cmdk>
      </div>
    </div>,
    document.body,
  );
}
