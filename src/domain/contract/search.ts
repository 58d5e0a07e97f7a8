import { z } from 'zod';
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
