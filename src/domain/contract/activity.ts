import { z } from 'zod';
import { ACTION_TYPES, RESOURCE_TYPES } from '../enums';
import { MSG } from '../validation';
import { isoDate, listQuery, listResponse, queryArray, uuid } from './common';
import { exportQuery } from './exports';

// The audit log of user activity (spec 2, sections 2.8, 3 and 7). Served under the user-activity base address.

export const activityEntry = z.object({
  userActivityId: uuid,
  actionType: z.enum(ACTION_TYPES),
  resourceType: z.enum(RESOURCE_TYPES),
  resourceId: z.string(),
  user: z.object({ prettyName: z.string(), email: z.string() }).nullable(),
  merchant: z.object({ id: uuid, merchantLegalName: z.string() }).nullable(),
  accountId: uuid.nullable(),
  /** Whether the resource no longer exists (its last entry is a DELETE): no link is offered then. */
  resourceDeleted: z.boolean(),
  date: isoDate,
});
export type ActivityEntry = z.infer<typeof activityEntry>;

/** GET /useractivity/{id}: the entry with its values. version is the new state, oldVersion the previous one. */
export const activityDetail = activityEntry.extend({
  version: z.record(z.string(), z.unknown()).nullable(),
  oldVersion: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

const activityFilters = listQuery.extend({
  actionType: queryArray(z.enum(ACTION_TYPES)),
  merchantId: queryArray(uuid),
  resourceType: queryArray(z.enum(RESOURCE_TYPES)),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});

const datesInOrder = (query: { dateFrom?: string | undefined; dateTo?: string | undefined }) =>
  !query.dateFrom || !query.dateTo || Date.parse(query.dateFrom) <= Date.parse(query.dateTo);
const datesIncorrect = { message: MSG.datesIncorrect, path: ['dateTo'] };

/**
 * GET /account/{accountId}/useractivity. searchType ID matches the resource id (prefix), TEXT the user's name or
 * e-mail; dateFrom and dateTo are instants (the console sends the start and end of the chosen days).
 */
export const activityListQuery = activityFilters.refine(datesInOrder, datesIncorrect);
export type ActivityListQuery = z.infer<typeof activityListQuery>;
export const activityList = listResponse(activityEntry);

export const activityParams = z.object({ userActivityId: z.string() });

/** GET /account/{accountId}/useractivity/export: the list's filters and order, plus timeZone and forceEmailExport. */
export const activityExportQuery = activityFilters
  .omit({ page: true, limit: true })
  .extend(exportQuery.shape)
  .refine(datesInOrder, datesIncorrect);
export type ActivityExportQuery = z.infer<typeof activityExportQuery>;
