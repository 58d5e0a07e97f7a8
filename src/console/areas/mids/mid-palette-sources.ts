import { useRegisterPaletteSources } from '@console/commands/registry';
import type { CommandContext, PaletteItem, PaletteSource } from '@console/commands/types';
import { useApi, useSession } from '@console/session/session-provider';
import { type MidIdSearchItem, midIdSearchResponse } from '@domain/contract/mids';
import { looksLikeIdPrefix } from '@domain/ids';
import { can, PERMISSIONS as P } from '@domain/permissions';
import { midDetailPath } from './mid-paths';

/** The id lookup starts at four characters, as the transactions' does. */
const MIN_LENGTH = 4;

/** GET /mid/search: MIDs whose id starts with the text, across the accounts the user may see. */
async function lookupMids(api: ReturnType<typeof useApi>, query: string, signal: AbortSignal) {
  const text = query.trim().toLowerCase();
  if (!looksLikeIdPrefix(text)) return [];
  const { items } = await api.get('/mid/search', { query: { q: text }, schema: midIdSearchResponse, signal });
  return items;
}

const detailOf = (item: MidIdSearchItem) => `Merchant: ${item.merchantName}`;

/**
 * A pasted or typed MID id in the palette: 'Open <id>' for a whole id, straight to the MID's detail, and the picker
 * step of 'Find MID…' (target-commands.ts).
 */
export function useMidPaletteSources(): void {
  const api = useApi();
  const { grants } = useSession();
  const allowed = can(grants, P.midRead) && can(grants, P.midSelect);
  const sources: PaletteSource[] = allowed
    ? [
        {
          id: 'mids:open',
          minQueryLength: MIN_LENGTH,
          search: async (query, _ctx, signal) => {
            const text = query.trim().toLowerCase();
            return (await lookupMids(api, text, signal)).map((item): PaletteItem => {
              const exact = item.midId === text;
              return {
                id: exact ? `open-mid:${item.midId}` : `mid:${item.midId}`,
                title: exact ? `Open ${item.midId}` : item.description,
                subtitle: exact ? `MID · ${item.description} · ${item.midAcquirerId}` : `MID · ${item.midAcquirerId}`,
                detail: detailOf(item),
                group: exact ? 'Open' : 'MIDs',
                onSelect: (context: CommandContext) =>
                  context.navigate(midDetailPath(item.accountId, item.merchantId, item.midId)),
              };
            });
          },
        },
        {
          id: 'mids:picker',
          page: 'mid',
          minQueryLength: MIN_LENGTH,
          search: async (query, _ctx, signal) =>
            (await lookupMids(api, query, signal)).map(
              (item): PaletteItem => ({
                id: `pick-mid:${item.midId}`,
                title: item.description,
                subtitle: `${item.midId} · ${item.midAcquirerId}`,
                detail: detailOf(item),
                group: 'MIDs',
                target: { kind: 'mid', id: item.midId, accountId: item.accountId, merchantId: item.merchantId },
                onSelect: () => undefined,
              }),
            ),
        },
      ]
    : [];
  useRegisterPaletteSources(sources, [api, allowed]);
}
