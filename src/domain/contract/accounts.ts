import { z } from 'zod';
import { listQuery, listResponse, openedVersion, uuid } from './common';

/** usedByMid: a MID uses it, or payments did; it cannot be removed from the account (spec 2, section 4). */
export const solution = z.object({ id: uuid, prettyName: z.string(), usedByMid: z.boolean() });
export const provider = z.object({
  acquirerId: uuid,
  prettyName: z.string(),
  usedByMid: z.boolean(),
  solutions: z.array(solution),
});
export type Provider = z.infer<typeof provider>;

/** An account as the shell and the accounts list see it (spec 1, section 3; spec 2, section 3). */
export const account = z.object({
  accountId: uuid,
  shortId: z.string(),
  prettyName: z.string().max(50),
  image: z.string().nullable(),
  hasChargebacksFeature: z.boolean(),
  providers: z.array(provider),
  merchantCount: z.number().int(),
  /** Account users linked to it: with merchants, they keep an account from being deleted. */
  userCount: z.number().int(),
  /** Raised by every save; the wizard sends back the one it read (accountUpdate.version). */
  version: z.number().int(),
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

// ---- Writes (spec 2, sections 2.1, 3 and 5): the account wizard's payload, checked alike by the console and the server.

export const ACCOUNT_LIMITS = { name: 50, solutionName: 50, solutionsPerProvider: 200 } as const;

export const ACCOUNT_MESSAGES = {
  nameTooLong: 'Account name too long. The maximum is 50 characters',
  noProvider: 'You must select at least one provider to continue',
  noSolution: 'To proceed, you need to add at least one solution to a provider.',
  allDuplicated: 'These Solutions are already on the list.',
  solutionTooLong: `Solution name too long. The maximum is ${ACCOUNT_LIMITS.solutionName} characters`,
  providerInUse: 'A MID uses this provider: it cannot be removed.',
  solutionInUse: 'A MID or payments use this solution: it cannot be deleted.',
} as const;

export const accountName = z
  .string()
  .trim()
  .min(1, 'Required field')
  .max(ACCOUNT_LIMITS.name, ACCOUNT_MESSAGES.nameTooLong);

export const solutionName = z
  .string()
  .trim()
  .min(1, 'Required field')
  .max(ACCOUNT_LIMITS.solutionName, ACCOUNT_MESSAGES.solutionTooLong);

/** One provider of the account, with the names of its solutions (new and kept ones alike). */
export const accountProviderSave = z.object({
  id: uuid,
  prettyName: z.string().max(200).optional(),
  solutions: z.array(solutionName).max(ACCOUNT_LIMITS.solutionsPerProvider),
});

/** The name and the whole set of providers and solutions, as the wizard saves them. */
const accountFields = z.object({
  prettyName: accountName,
  acquirers: z
    .array(accountProviderSave)
    .min(1, ACCOUNT_MESSAGES.noProvider)
    .max(100)
    .refine((list) => new Set(list.map((provider) => provider.id)).size === list.length, 'Providers repeat'),
});

const withASolution = <T extends z.ZodType<{ acquirers: { solutions: string[] }[] }>>(schema: T) =>
  schema.refine((save) => save.acquirers.some((provider) => provider.solutions.length > 0), {
    message: ACCOUNT_MESSAGES.noSolution,
    path: ['acquirers'],
  });

/** POST /account: a new account. */
export const accountSave = withASolution(accountFields);
/**
 * PUT /account/{accountId}: with the account's version the editor read; a save over a newer version is refused with
 * 409 'account-changed' rather than dropping the other user's solutions.
 */
export const accountUpdate = withASolution(accountFields.extend({ version: openedVersion }));
export type AccountUpdate = z.infer<typeof accountUpdate>;
export type AccountSave = z.infer<typeof accountSave>;

/** Solutions typed in the wizard: split on semicolons, trimmed, empty and repeated entries dropped, sorted. */
export function splitSolutions(input: string): string[] {
  const names = input
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

/** GET /account/{accountId}/acquirer: the account's providers with their solutions and what uses them. */
export const accountAcquirerQuery = z.object({
  withUsingInformation: z.enum(['true', 'false']).optional(),
  withSolutions: z.enum(['true', 'false']).optional(),
  /** Only what this merchant's MIDs use (with from=TXS, what its payments used). */
  merchantId: uuid.optional(),
  /** TXS: only the providers and solutions that carried payments (the transactions list's filters). */
  from: z.enum(['TXS']).optional(),
});
export const accountAcquirerList = listResponse(provider);

/** GET /account/{accountId}/solution: every solution of the account with its provider. */
export const accountSolution = solution.extend({ acquirerId: uuid, acquirerPrettyName: z.string() });
export type AccountSolution = z.infer<typeof accountSolution>;
export const accountSolutionList = listResponse(accountSolution);
