import { z } from 'zod';
import { listQuery, listResponse, uuid } from './common';

export const solution = z.object({ id: uuid, prettyName: z.string(), usedByMid: z.boolean() });
export const provider = z.object({
  acquirerId: uuid,
  prettyName: z.string(),
  usedByMid: z.boolean(),
  solutions: z.array(solution),
});

/** An account as the shell and the accounts list see it (spec 1, section 3; spec 2, section 3). */
export const account = z.object({
  accountId: uuid,
  shortId: z.string(),
  prettyName: z.string().max(50),
  image: z.string().nullable(),
  hasChargebacksFeature: z.boolean(),
  providers: z.array(provider),
  merchantCount: z.number().int(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof account>;

export const accountListQuery = listQuery;
export const accountList = listResponse(account);

/** An acquirer (provider) of the platform, as GET /acquirer lists them. */
export const acquirer = z.object({ id: uuid, prettyName: z.string(), description: z.string() });
export type Acquirer = z.infer<typeof acquirer>;
export const acquirerList = listResponse(acquirer);

export const accountParams = z.object({ accountId: z.string() });
