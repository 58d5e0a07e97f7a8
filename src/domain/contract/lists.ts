import { z } from 'zod';
import { LIST_LIMITS } from '../lists';
import { uuid } from './common';

// My Lists over the API (spec 2, sections 3 and 7): GET /merchant/{merchantId}/list, GET, POST and DELETE on
// /merchant/{merchantId}/url and /merchant/{merchantId}/custom-tag.

export const listItem = z.object({ id: uuid, prettyName: z.string() });
export type ListItem = z.infer<typeof listItem>;

export const lastEditor = z.object({ fullName: z.string(), date: z.string() });

export const merchantItemList = z.object({
  items: z.array(listItem),
  /** Who last added or deleted an item, and when: the screen's 'Last Edition'. */
  lastEditor: lastEditor.nullable(),
});
export type MerchantItemList = z.infer<typeof merchantItemList>;

/** Both lists at once; a list the caller may not read is null. */
export const merchantLists = z.object({ url: merchantItemList.nullable(), customTag: merchantItemList.nullable() });
export type MerchantLists = z.infer<typeof merchantLists>;

export const listAdd = z.object({
  items: z
    .array(z.string().max(LIST_LIMITS.url + 64))
    .min(1, 'Required field')
    .max(LIST_LIMITS.itemsPerAdd, `Add at most ${LIST_LIMITS.itemsPerAdd.toLocaleString('en')} items at a time`),
  /** Re-sent after 'item-duplicated': add the new items and skip the ones already there. */
  force: z.boolean().optional(),
});
export type ListAdd = z.infer<typeof listAdd>;

export const listParams = z.object({ merchantId: z.string() });
export const listItemParams = z.object({ merchantId: z.string(), itemId: z.string() });
