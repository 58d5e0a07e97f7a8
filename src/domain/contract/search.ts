import { z } from 'zod';
import { PERMISSIONS as P, type Permission } from '../permissions';
import { NAME_SOURCES, type NameSource } from '../search-query/key-spec';
import { boundedQueryNumber, uuid } from './common';

/** What the palette asks the API while the user types: accounts and merchants by name, any of them by id prefix. */
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  limit: boundedQueryNumber('The limit', 1, 50, 20),
  /** The account the user is in: its merchants come first within each rank. */
  accountId: uuid.optional(),
});

export const searchHit = z.object({
  kind: z.enum(['account', 'merchant']),
  id: uuid,
  accountId: uuid,
  title: z.string(),
  subtitle: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchResponse = z.object({ items: z.array(searchHit) });

/** Where a query key's names come from (the query language's idList keys name their source). */
export { NAME_SOURCES, type NameSource } from '../search-query/key-spec';

/**
 * The query language's completion asks for the names of one kind of record as the user types a value
 * (`merchant:blu`): names of one account the caller may open, those that start with the text first.
 */
/**
 * What reading each source's names takes: the permissions of the list the names come from (the agents list also
 * needs the account's chargebacks feature, checked by the server).
 */
export const NAME_SOURCE_PERMISSIONS: Record<NameSource, readonly Permission[]> = {
  merchants: [P.merchantRead],
  mids: [P.midRead],
  routes: [P.routeRead],
  plans: [P.planRead],
  agents: [P.chargebackRead],
};

/** The sources kept per merchant, which a merchantId narrows. */
export const MERCHANT_NAME_SOURCES: readonly NameSource[] = ['mids', 'routes', 'plans'];

export const searchNamesQuery = z.object({
  source: z.enum(NAME_SOURCES),
  /** What is typed so far; empty lists the first names in order. */
  q: z.string().trim().max(100).default(''),
  accountId: uuid,
  /** MIDs, routes and plans of this merchant only; the other sources take no merchant. */
  merchantId: uuid.optional(),
  limit: boundedQueryNumber('The limit', 1, 20, 8),
});
export type SearchNamesQuery = z.infer<typeof searchNamesQuery>;

export const nameHit = z.object({ id: uuid, name: z.string() });
export type NameHit = z.infer<typeof nameHit>;

export const searchNamesResponse = z.object({ items: z.array(nameHit) });
