import { asc, eq, inArray } from 'drizzle-orm';
import { merchants, roles, userAccounts, userActivity, users } from '../schema';
import type { Random } from './random';
import type { GeneratorStep, SeedContext, SeededAccount } from './seed-types';

// The audit log of the demo world: what the demo users would have done to reach today's data. Merchants and users
// were created on their creation dates, invitations accepted, and over the last six weeks merchants edited, roles
// changed, a provider added, a test merchant and a mistaken invitation created and deleted, and lists exported. The
// values are those the areas write (no keys, no secrets), and every UPDATE ends on the value the row holds now.

const DAY_MS = 86_400_000;
/** How far back the recent activity goes. */
const WINDOW_DAYS = 42;
/** Roles that change configuration; viewers and support only read. */
const WRITER_ROLES = new Set(['ADMINISTRATOR', 'MANAGER', 'PAYMENTS_SPECIALIST']);

type Entry = typeof userActivity.$inferInsert;

interface Person {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  userType: string;
  status: string;
  role: string;
  createdAt: Date;
  accountIds: string[];
}

const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;
const actorFields = (person: Person) => ({ userId: person.id, userEmail: person.email, userName: fullName(person) });

/** What the users area keeps of a user in the log. */
const userView = (person: Person, overrides: Partial<Record<string, unknown>> = {}) => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  jobTitle: person.jobTitle,
  userType: person.userType,
  role: person.role,
  status: person.status,
  accountIds: [...person.accountIds].sort(),
  ...overrides,
});

type MerchantRow = typeof merchants.$inferSelect;

/** A merchant as the log keeps it: every field but the API keys, dates as ISO text. */
function merchantView(row: MerchantRow) {
  const { publicKey: _public, privateKey: _private, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** An instant during working hours, `daysAgo` days before the base date. */
function workingTime(ctx: SeedContext, rng: Random, daysAgo: number): Date {
  const day = new Date(ctx.baseDate.getTime() - daysAgo * DAY_MS);
  day.setUTCHours(rng.int(7, 18), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999));
  return day;
}

const afterMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

/** A plausible earlier value of a merchant field, different from today's. */
const PREVIOUS: Record<string, (row: MerchantRow, rng: Random) => string | null> = {
  supportEmail: (row) => row.supportEmail.replace(/^[^@]+/, 'help'),
  supportPhone: (row, rng) => (row.supportPhone ? null : `+34 9${rng.digits(2)} ${rng.digits(3)} ${rng.digits(3)}`),
  webhooksNotificationsUrl: (row) =>
    row.webhooksNotificationsUrl ? row.webhooksNotificationsUrl.replace('/webhooks/', '/hooks/v1/') : null,
  dba: (row) => `${row.prettyName} Shop`,
  successRedirectUrl: (row) => (row.successRedirectUrl ? row.successRedirectUrl.replace('/checkout/', '/pay/') : null),
};

async function loadPeople(ctx: SeedContext): Promise<Person[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: users.jobTitle,
      userType: users.userType,
      status: users.status,
      role: roles.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .orderBy(asc(users.createdAt), asc(users.id));
  const links = await ctx.db.select().from(userAccounts).orderBy(asc(userAccounts.accountId));
  return rows.map((row) => ({
    ...row,
    accountIds: links.filter((link) => link.userId === row.id).map((link) => link.accountId),
  }));
}

function accountHistory(
  ctx: SeedContext,
  rng: Random,
  account: SeededAccount,
  people: Person[],
  merchantRows: MerchantRow[],
): Entry[] {
  const entries: Entry[] = [];
  const staffAdmin = people.find((person) => person.role === 'PROVIDER_ADMINISTRATOR');
  const members = people.filter((person) => person.userType === 'ACCOUNT' && person.accountIds.includes(account.id));
  const writers = members.filter((person) => person.status === 'ACTIVE' && WRITER_ROLES.has(person.role));
  const admin = members.find((person) => person.role === 'ADMINISTRATOR' && person.status === 'ACTIVE') ?? staffAdmin;
  const someWriter = () => (writers.length > 0 ? rng.pick(writers) : (admin ?? staffAdmin));
  const base = { accountId: account.id };
  const push = (entry: Omit<Entry, 'accountId'> & { accountId?: string | null }) =>
    entries.push({ id: rng.uuid(), ...base, ...entry });

  // Creation of every merchant, by provider staff setting the account up.
  for (const row of merchantRows) {
    push({
      actionType: 'INSERT',
      resourceType: 'MERCHANT',
      resourceId: row.id,
      merchantId: row.id,
      newValue: merchantView(row),
      ...(staffAdmin ? actorFields(staffAdmin) : {}),
      date: row.createdAt,
    });
  }

  // Invitations and their acceptance; deactivations.
  for (const person of members) {
    const inviter = person.id === admin?.id || !admin ? staffAdmin : admin;
    push({
      actionType: 'INSERT',
      resourceType: 'USER',
      resourceId: person.id,
      newValue: userView(person, { status: 'INVITED' }),
      ...(inviter ? actorFields(inviter) : {}),
      date: person.createdAt,
    });
    if (person.status === 'INVITED') continue;
    const accepted = afterMinutes(person.createdAt, rng.int(30, 3 * 24 * 60));
    push({
      actionType: 'UPDATE',
      resourceType: 'USER',
      resourceId: person.id,
      oldValue: { status: 'INVITED' },
      newValue: { status: 'ACTIVE' },
      ...actorFields(person),
      date: accepted,
    });
    if (person.status === 'DEACTIVATED') {
      push({
        actionType: 'UPDATE',
        resourceType: 'USER',
        resourceId: person.id,
        oldValue: { status: 'ACTIVE' },
        newValue: { status: 'DEACTIVATED' },
        ...(inviter ? actorFields(inviter) : {}),
        date: workingTime(ctx, rng, rng.int(3, WINDOW_DAYS)),
      });
    }
  }

  // The last weeks: merchant fields edited, each (merchant, field) once, ending on today's value.
  const edits = rng.int(8, 16);
  const edited = new Set<string>();
  for (let index = 0; index < edits && merchantRows.length > 0; index++) {
    const row = rng.pick(merchantRows);
    const field = rng.pick(Object.keys(PREVIOUS)) as keyof typeof PREVIOUS & keyof MerchantRow;
    const previous = PREVIOUS[field]!(row, rng);
    const current = row[field] as string | null;
    if (edited.has(`${row.id}:${field}`) || previous === current) continue;
    edited.add(`${row.id}:${field}`);
    const actor = someWriter();
    push({
      actionType: 'UPDATE',
      resourceType: 'MERCHANT',
      resourceId: row.id,
      merchantId: row.id,
      oldValue: { [field]: previous },
      newValue: { [field]: current },
      ...(actor ? actorFields(actor) : {}),
      date: workingTime(ctx, rng, rng.int(1, WINDOW_DAYS)),
    });
  }

  // A role or job title changed for some colleagues.
  for (const person of members.filter((member) => member.status === 'ACTIVE' && member.id !== admin?.id)) {
    if (!admin || !rng.bool(0.6)) continue;
    const change = rng.bool(0.5)
      ? { oldValue: { role: person.role === 'VIEWER' ? 'SUPPORT' : 'VIEWER' }, newValue: { role: person.role } }
      : { oldValue: { jobTitle: 'Analyst' }, newValue: { jobTitle: person.jobTitle } };
    if (change.oldValue.role === change.newValue.role) continue;
    push({
      actionType: 'UPDATE',
      resourceType: 'USER',
      resourceId: person.id,
      ...change,
      ...actorFields(admin),
      date: workingTime(ctx, rng, rng.int(1, WINDOW_DAYS)),
    });
  }

  // Provider staff enabled the account's latest provider, as the account wizard records it (changed fields only).
  if (staffAdmin && account.providers.length > 1) {
    const providers = (list: SeededAccount['providers']) =>
      Object.fromEntries(
        list.map((provider) => [provider.prettyName, provider.solutions.map((solution) => solution.prettyName).sort()]),
      );
    push({
      actionType: 'UPDATE',
      resourceType: 'ACCOUNT',
      resourceId: account.id,
      oldValue: { providers: providers(account.providers.slice(0, -1)) },
      newValue: { providers: providers(account.providers) },
      ...actorFields(staffAdmin),
      date: workingTime(ctx, rng, rng.int(WINDOW_DAYS - 10, WINDOW_DAYS)),
    });
  }

  // An invitation sent to a mistyped address, then deleted.
  if (admin && admin.userType === 'ACCOUNT') {
    const id = rng.uuid();
    const invited = workingTime(ctx, rng, rng.int(3, WINDOW_DAYS));
    const mistaken = {
      firstName: 'Jon',
      lastName: 'Doe',
      email: `jon.doe@${account.domain}.exmaple`,
      jobTitle: 'Analyst',
      userType: 'ACCOUNT',
      role: 'VIEWER',
      status: 'INVITED',
      accountIds: [account.id],
    };
    push({
      actionType: 'INSERT',
      resourceType: 'USER',
      resourceId: id,
      newValue: mistaken,
      ...actorFields(admin),
      date: invited,
    });
    push({
      actionType: 'DELETE',
      resourceType: 'USER',
      resourceId: id,
      oldValue: mistaken,
      ...actorFields(admin),
      date: afterMinutes(invited, rng.int(5, 90)),
    });
  }

  // Exports of the audit log itself, as the export engine records them.
  for (let index = rng.int(1, 3); index > 0; index--) {
    const actor = admin ?? staffAdmin;
    if (!actor) break;
    const date = workingTime(ctx, rng, rng.int(1, WINDOW_DAYS));
    const fileName = `user-activity-${date.toISOString().replaceAll(':', '-')}.csv`;
    push({
      actionType: 'INSERT',
      resourceType: 'EXPORT',
      resourceId: rng.uuid(),
      newValue: {
        source: 'useractivity',
        fileName,
        format: 'csv',
        delivery: 'download',
        rowCount: rng.int(20, 90),
        timeZone: 'Europe/Madrid',
        filters: rng.bool(0.5) ? { actionType: ['UPDATE'] } : {},
      },
      ...actorFields(actor),
      date,
    });
  }
  return entries;
}

export const activityStep: GeneratorStep = {
  name: 'activity',
  async run(ctx, rng) {
    const people = await loadPeople(ctx);
    const accountIds = ctx.accounts.map((account) => account.id);
    const merchantRows =
      accountIds.length === 0
        ? []
        : await ctx.db
            .select()
            .from(merchants)
            .where(inArray(merchants.accountId, accountIds))
            .orderBy(asc(merchants.createdAt), asc(merchants.id));
    const entries = ctx.accounts.flatMap((account) =>
      accountHistory(
        ctx,
        rng.fork(account.id),
        account,
        people,
        merchantRows.filter((row) => row.accountId === account.id),
      ),
    );
    entries.sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime());
    for (let start = 0; start < entries.length; start += 500) {
      await ctx.db.insert(userActivity).values(entries.slice(start, start + 500));
    }
  },
};
