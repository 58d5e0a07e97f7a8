import { useAccountMerchants } from '@console/app/account-merchants';
import type { ScreenDefinition } from '@console/app/screen-types';
import { useApi, useSession } from '@console/session/session-provider';
import { type SearchHit, searchResponse } from '@domain/contract/search';
import { looksLikeIdPrefix } from '@domain/ids';
import { useMemo } from 'react';
import { isScopeReachable } from './focus-scope';
import { executeCommand, isCommandAvailable, useCommands } from './registry';
import type { CommandContext, PaletteItem, PaletteSource } from './types';

// The palette's built-in sources for getting somewhere: the screens, the registered commands, the accounts and
// merchants to switch to, and the API's search of accounts and merchants by name or id.

/** The API's search starts from this many characters. */
export const SEARCH_MIN_LENGTH = 2;
/** Hits of remote searches shown at most, so local matches keep room in the rendered 50. */
export const REMOTE_LIMIT = 20;

export const accountHomePath = (accountId: string) => `/accounts/${accountId}/merchants`;
export const merchantHomePath = (accountId: string, merchantId: string) =>
  `/accounts/${accountId}/merchants/${merchantId}/detail`;

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

/** The screens the user may see, as navigation entries with their `g` keys. */
export function useScreenSource(screens: readonly ScreenDefinition[]): PaletteSource {
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

export function useCommandSource(): PaletteSource {
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

export function useAccountSources(): PaletteSource[] {
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

const NO_MERCHANTS: MerchantOption[] = [];

interface MerchantOption {
  merchantId: string;
  accountId: string;
  prettyName: string;
  merchantLegalName: string;
}

/**
 * The current account's merchants, kept in the query cache between openings so the palette lists them at once while
 * it refreshes (the cache is cleared at sign-out, so the next user of the tab never sees them).
 */
export function useMerchantSources(accountId: string | undefined): PaletteSource[] {
  // Refreshed at every opening (staleTime 0): a merchant made a moment ago is listed. A failure leaves the palette
  // working from the search; it is not the user's concern here.
  const { data } = useAccountMerchants(accountId, { staleTime: 0 });
  const merchants = useMemo(
    () =>
      accountId && data
        ? data.items.map(({ merchantId, accountId: owner, prettyName, merchantLegalName }) => ({
            merchantId,
            accountId: owner,
            prettyName,
            merchantLegalName,
          }))
        : NO_MERCHANTS,
    [accountId, data],
  );

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

export function useApiSearchSource(): PaletteSource {
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
