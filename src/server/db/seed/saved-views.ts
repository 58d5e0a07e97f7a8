import { printQuery, TRANSACTION_QUERY_KEYS } from '@domain/search-query';
import { eq } from 'drizzle-orm';
import { savedViews, userActivity, users } from '../schema';
import type { GeneratorStep } from './seed-types';

// Demo saved views (issue 26): each account shares 'Declined this month' on its transactions list, made by its
// first active administrator, with the audit entry a shared view's creation writes. The filters are what the list's
// address holds (a preset slug stays relative, so the view is this month's whenever it is opened).

const DECLINED_THIS_MONTH = { status: ['DECLINED'], creationDate: ['this-month'] };

export const savedViewsStep: GeneratorStep = {
  name: 'saved-views',
  async run(ctx, rng) {
    const { query } = printQuery({ filters: DECLINED_THIS_MONTH, search: '' }, TRANSACTION_QUERY_KEYS, {
      now: ctx.baseDate,
    });
    const createdAt = new Date(ctx.baseDate.getTime() - 86_400_000);
    for (const account of ctx.accounts) {
      const author = ctx.users.find(
        (user) =>
          user.role === 'ADMINISTRATOR' &&
          user.status === 'ACTIVE' &&
          user.userType === 'ACCOUNT' &&
          user.accountIds.includes(account.id),
      );
      if (!author) continue;
      const [row] = await ctx.db
        .insert(savedViews)
        .values({
          // From the seed, so the same seed gives the same world, audit log included.
          id: rng.uuid(),
          accountId: account.id,
          ownerId: author.id,
          list: 'account/transactions',
          name: 'Declined this month',
          shared: true,
          query,
          filters: DECLINED_THIS_MONTH,
          search: '',
          sort: '-creationDate',
          pageSize: 50,
          columns: null,
          version: 1,
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      const [person] = await ctx.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, author.id));
      // Dated like the rest of the demo history: a day before the base date, never after it.
      await ctx.db.insert(userActivity).values({
        id: rng.uuid(),
        actionType: 'INSERT',
        resourceType: 'SAVED_VIEW',
        resourceId: row!.id,
        oldValue: null,
        newValue: { name: row!.name, list: row!.list, shared: true, query, filters: DECLINED_THIS_MONTH },
        userId: author.id,
        userEmail: author.email,
        userName: `${person!.firstName} ${person!.lastName}`,
        accountId: account.id,
        date: createdAt,
      });
    }
  },
};
