import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RECENT_RECORD_KINDS } from '../../domain/recent-records';

// Foundation entities. Columns are snake_case; repositories map them to the contract's camelCase.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Acquirers (the spec calls them providers too). */
export const acquirers = pgTable('acquirers', {
  id: uuid('id').primaryKey().defaultRandom(),
  prettyName: text('pretty_name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortId: text('short_id').notNull(),
    prettyName: text('pretty_name').notNull(),
    image: text('image'),
    hasChargebacksFeature: boolean('has_chargebacks_feature').notNull().default(false),
    /** Raised by every save: a save names the version it read, so a concurrent edit is refused, never merged away. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('accounts_short_id_key').on(sql`lower(${t.shortId})`),
    index('accounts_pretty_name_idx').on(sql`lower(${t.prettyName})`),
    // Trigram indexes serve the "name contains" searches (lower(name) like '%text%'), which a btree cannot.
    index('accounts_pretty_name_trgm_idx').using('gin', sql`lower(${t.prettyName}) gin_trgm_ops`),
  ],
);

/** The providers enabled for an account. */
export const accountProviders = pgTable(
  'account_providers',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    acquirerId: uuid('acquirer_id')
      .notNull()
      .references(() => acquirers.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.acquirerId] })],
);

/** Solutions of a provider inside one account. */
export const solutions = pgTable(
  'solutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    acquirerId: uuid('acquirer_id')
      .notNull()
      .references(() => acquirers.id),
    prettyName: text('pretty_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('solutions_account_acquirer_name_key').on(t.accountId, t.acquirerId, t.prettyName)],
);

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    prettyName: text('pretty_name').notNull(),
    image: text('image'),
    merchantLegalName: text('merchant_legal_name').notNull(),
    vatNumber: text('vat_number').notNull(),
    corporateUrl: text('corporate_url').notNull(),
    dba: text('dba').notNull(),
    mccCode: text('mcc_code').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    supportUrl: text('support_url').notNull(),
    supportEmail: text('support_email').notNull(),
    supportPhone: text('support_phone'),
    webhooksNotificationsUrl: text('webhooks_notifications_url'),
    successRedirectUrl: text('success_redirect_url'),
    failedRedirectUrl: text('failed_redirect_url'),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    /** Raised by every save, as the account's version. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchants_account_name_idx').on(t.accountId, sql`lower(${t.prettyName})`),
    index('merchants_pretty_name_idx').on(sql`lower(${t.prettyName})`),
    index('merchants_pretty_name_trgm_idx').using('gin', sql`lower(${t.prettyName}) gin_trgm_ops`),
    index('merchants_legal_name_trgm_idx').using('gin', sql`lower(${t.merchantLegalName}) gin_trgm_ops`),
    // The palette (search/queries.ts): names that start with the text, read in order so LIMIT stops early (C
    // collation: LIKE 'ab%' and ORDER BY use the same btree).
    index('merchants_name_prefix_idx').on(sql`(lower(${t.prettyName}) collate "C")`, t.id),
    index('merchants_account_name_prefix_idx').on(t.accountId, sql`(lower(${t.prettyName}) collate "C")`, t.id),
  ],
);

/**
 * The later words of each merchant's name (the first is the name's own prefix), kept by a trigger on merchants
 * (migration 0012), so the palette finds 'ot' in 'Swift Otter Pets' through a btree read in order: a GIN or trigram
 * index would first collect every name with such a word, tens of thousands for one letter.
 */
export const merchantNameWords = pgTable(
  'merchant_name_words',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    position: smallint('position').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.position] }),
    // With the merchant last, the search's ORDER BY word, merchant is read from the index without sorting.
    index('merchant_name_words_word_idx').on(sql`(${t.word} collate "C")`, t.merchantId),
    index('merchant_name_words_account_word_idx').on(t.accountId, sql`(${t.word} collate "C")`, t.merchantId),
  ],
);

/** My Lists (spec 2, section 2.6): a merchant's URL list and custom-tag list, the values MIDs and routes match on. */
export const merchantListItems = pgTable(
  'merchant_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** URL or TAG. */
    list: text('list').notNull(),
    /** The URL as entered (trimmed), or the tag in upper case. */
    prettyName: text('pretty_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('merchant_list_items_value_key').on(t.merchantId, t.list, t.prettyName),
    check('merchant_list_items_list', sql`${t.list} in ('URL', 'TAG')`),
  ],
);

/** Who last changed a merchant's list and when: the screen's 'Last Edition' line. */
export const merchantListEdits = pgTable(
  'merchant_list_edits',
  {
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.list] })],
);

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  prettyName: text('pretty_name').notNull(),
  isInternal: boolean('is_internal').notNull().default(false),
  allAllowed: boolean('all_allowed').notNull().default(false),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    /** INTERNAL (provider staff) or ACCOUNT. */
    userType: text('user_type').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    status: text('status').notNull().default('INVITED'),
    passwordHash: text('password_hash'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /**
     * Raised by every edit through the user form (PUT /user/{userId} and its accounts): an edit names the version it
     * read, so two administrators editing one user never overwrite each other. Sign-ins and invitations leave it.
     */
    version: integer('version').notNull().default(1),
    /**
     * Raised by a trigger on user_accounts with every link added or removed (migration 0034), however it is written:
     * every call reads it with the session, and the linked accounts are read again only when it moved.
     */
    accountLinksVersion: integer('account_links_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** Which accounts a user may act on: exactly one for account users, any number for provider staff. */
export const userAccounts = pgTable(
  'user_accounts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('user_accounts_account_idx').on(t.accountId)],
);

/**
 * One row per sign-in. A user has at most one active session: a new sign-in revokes the previous one with
 * reason 'replaced', which its next call reports as 'session-opened-another-device'.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account an account user signed in to; null for provider staff. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout, replaced, reuse, disabled */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * Where the primary's WAL stood after this session's latest write (bytes from 0/0; at first its creation, which
     * follows whatever the user wrote before signing in): with read replicas, the session's reads go to a replica only
     * once it has replayed that far (db/replicas.ts).
     */
    writeLsn: bigint('write_lsn', { mode: 'number' }).default(
      sql`(pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint`,
    ),
  },
  (t) => [index('sessions_user_active_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

/** Refresh tokens, stored hashed. Each renewal uses one and issues the next; the session is the token family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Single-use links for password reset and invitations, stored hashed, valid for 24 hours. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** reset or new (invitation) */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/**
 * Rate-limit counters (src/server/lib/rate-limit.ts): one row per bucket (what is limited: sign-in failures per
 * identity, per address, per device; reset e-mails; analytics events per session) and subject (who, stored as a
 * SHA-256 hash so the key is short whatever the input and no e-mail or address is kept here). A hit is one atomic
 * INSERT ... ON CONFLICT DO UPDATE, so the count holds for parallel requests and for several processes.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    hits: integer('hits').notNull(),
    /** When the current window began; a release only gives hits back to the window it took them from. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** When the count starts again from zero; rows past it are dead and swept. */
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject] }), index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * The routing backtest each user runs (issue 23: one at a time, whichever API process runs it). A new run takes the
 * row over, then cancels the run it replaced (src/server/areas/routes/backtest-runs.ts); a run that finds another
 * run in its row was replaced. A run deletes its row when it ends.
 */
export const backtestRuns = pgTable('backtest_runs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail the product sends. Without SMTP the outbox is the delivery: the development mailbox reads it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** invitation, reset, export, ... */
    kind: text('kind').notNull(),
    links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
    /** queued, sent, failed, kept (outbox only) */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

/**
 * The audit log of user activity. Append-only: a trigger in the migration refuses UPDATE and DELETE.
 * Entries are written in the same transaction as the change they describe.
 */
export const userActivity = pgTable(
  'user_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionType: text('action_type').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    userName: text('user_name'),
    accountId: uuid('account_id'),
    merchantId: uuid('merchant_id'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_activity_account_date_idx').on(t.accountId, t.date),
    index('user_activity_resource_idx').on(t.resourceType, t.resourceId),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    eventName: text('event_name').notNull(),
    eventProperties: jsonb('event_properties').notNull().default({}),
    userProperties: jsonb('user_properties').notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_idx').on(t.eventName, t.receivedAt)],
);

/** Small key-value store for server settings that must survive restarts (the token signing secret). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The background job queue (design.md: pg-boss or an equivalent running on PGlite too). Workers claim due rows with
 * FOR UPDATE SKIP LOCKED, so several API processes share one queue; a claimed job holds a lease, and a job whose
 * worker died is claimed again once the lease has passed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Names the handler: 'export', ... */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued, running, done, failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
  ],
);

/**
 * Files built by the background export job and e-mailed as a link. Only the user who asked may download one, until
 * it expires; the file itself lives under DATA_DIR/exports with a generated name.
 */
export const exportFiles = pgTable(
  'exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Which list was exported ('useractivity', 'users', ...). */
    source: text('source').notNull(),
    /** The name the download is given. */
    fileName: text('file_name').notNull(),
    /** The stored file's generated name inside the exports folder; null until built and after clean-up. */
    storedName: text('stored_name'),
    format: text('format').notNull(),
    /** queued, running, ready, failed (expired is derived from expires_at) */
    status: text('status').notNull().default('queued'),
    rowCount: integer('row_count'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('exports_user_idx').on(t.userId, t.createdAt),
    index('exports_expires_idx').on(t.expiresAt).where(sql`${t.storedName} is not null`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// The payments around the console: MIDs and routes (spec 2, section 3), transactions with refunds as child
// transactions, and the transaction history (spec 3, sections 2.2, 3 and 4). The platform that creates payments is
// not part of this repository; the demo data generator (db/seed/payments.ts) and the sandbox acquirer
// (payments/sandbox-acquirer.ts) stand in for it. Money is an integer count of the currency's minor units.

/** The six criteria lists a MID and a route share (routing-criteria.ts); empty accepts any order value. */
const criteriaColumns = () => ({
  currency: text('currency').array().notNull().default(sql`'{}'::text[]`),
  issuerCountry: text('issuer_country').array().notNull().default(sql`'{}'::text[]`),
  cardBrand: text('card_brand').array().notNull().default(sql`'{}'::text[]`),
  url: text('url').array().notNull().default(sql`'{}'::text[]`),
  customTag: text('custom_tag').array().notNull().default(sql`'{}'::text[]`),
  binCode: text('bin_code').array().notNull().default(sql`'{}'::text[]`),
});

/** A merchant's account at an acquirer's solution: the MID payments are processed on. */
export const mids = pgTable(
  'mids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Max 100 characters. */
    description: text('description').notNull(),
    /** The MID's own identifier at the acquirer, labelled 'MID Solution'. */
    midAcquirerId: text('mid_acquirer_id').notNull(),
    acquirerId: uuid('acquirer_id')
      .notNull()
      .references(() => acquirers.id),
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => solutions.id),
    enable: boolean('enable').notNull().default(true),
    /** REQUIRED_3DS, NO_3DS, INDIFFERENT or PREFERRED_3DS; null is the spec's 'NULL' (the default). */
    force3ds: text('force_3ds'),
    ...criteriaColumns(),
    /** Acquirer-specific fields from the acquirer's template, by field name. */
    customConfig: jsonb('custom_config').$type<Record<string, string>>().notNull().default({}),
    /** The template's credential fields, sealed (lib/secret-box.ts, the MID's id as additional data); null when none. */
    customSecrets: text('custom_secrets'),
    /** Raised by every save: a save names the version it read, so a concurrent edit is refused, never merged away. */
    version: integer('version').notNull().default(1),
    /** Answers within the payment call; only synchronous MIDs take part in fallback (routing.ts). */
    synchronous: boolean('synchronous').notNull().default(true),
    /**
     * The MID's provider refuses refunds within 24 hours of the payment, a PSP requirement: its payments are
     * PROVIDER_BLOCKED_SAME_DAY until then (refunds.ts, providerBlocksSameDay).
     */
    providerBlocksSameDay: boolean('provider_blocks_same_day').notNull().default(false),
    createdAt: createdAt(),
    /** The spec's modifiedDate ('edited'): the MIDs list sorts by it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mids_merchant_updated_idx').on(t.merchantId, t.updatedAt.desc().nullsFirst(), t.id),
    index('mids_account_idx').on(t.accountId),
    index('mids_solution_idx').on(t.solutionId),
    // The target of the limits' (mid_id, solution_id) key: a MID's limits follow it to another solution.
    unique('mids_id_solution_key').on(t.id, t.solutionId),
  ],
);

/** One route row: criteria, a MID, an optional fallback MID, priority 1 to 10 (10 highest) and weight 0 to 100. */
export const routes = pgTable(
  'routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** routeDescription: max 100 characters. */
    description: text('description').notNull(),
    priority: integer('priority').notNull().default(1),
    /** 0 never serves (spec 2, section 5: 'Routes with weight 0 cannot process payments'). */
    weight: integer('weight').notNull().default(0),
    midId: uuid('mid_id')
      .notNull()
      .references(() => mids.id),
    fallbackMidId: uuid('fallback_mid_id').references(() => mids.id),
    ...criteriaColumns(),
    /** Raised by every save: a save names the version it read, so a concurrent edit is refused, never merged away. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    /** The spec's edited date: the routes list sorts by it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('routes_merchant_updated_idx').on(t.merchantId, t.updatedAt.desc().nullsFirst(), t.id),
    index('routes_mid_idx').on(t.midId),
    index('routes_fallback_mid_idx').on(t.fallbackMidId).where(sql`${t.fallbackMidId} is not null`),
    check('routes_priority_range', sql`${t.priority} between 1 and 10`),
    check('routes_weight_range', sql`${t.weight} between 0 and 100`),
  ],
);

/**
 * Every transaction id, its account and its creation time: the registry the partitioned `transactions` table needs
 * (migration 0038). `transactions` is partitioned by month of `created_at`, so its own keys include the month and a
 * look-up by id alone would read every month. The registry keeps ids (and refund idempotency keys) unique across
 * months, answers 'which month holds this id' in one index probe, and is what other tables' foreign keys reference,
 * so an old month can be detached for archival while chargebacks and renewals still name its payments. Filled and
 * emptied by triggers on `transactions` (never written by the services).
 */
export const transactionKeys = pgTable(
  'transaction_keys',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    uniqueIndex('transaction_keys_idempotency_key_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * Every transaction: payments and recurrences, their fallback retries, and the children that act on a payment
 * (REFUND, PARTIAL_REFUND, CHARGEBACK, INFORMATION_REQUESTED, RDR) through parent_id. All transactions of one order
 * share root_id, the first attempt's id, which is how the history finds related transactions.
 */
export const transactions = pgTable(
  'transactions',
  {
    /** Unique through `transaction_keys`; the primary key adds `created_at`, the partition key. */
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The payment a refund, chargeback, retrieval or RDR acts on; null for payments. */
    parentId: uuid('parent_id').references((): AnyPgColumn => transactionKeys.id),
    /** The first transaction of the order (its own id for a first attempt). */
    rootId: uuid('root_id').notNull(),
    /** The recurrence box's parent transaction: the INITIAL payment a RENEWAL or MAINTENANCE charge belongs to. */
    recurrenceParentId: uuid('recurrence_parent_id').references((): AnyPgColumn => transactionKeys.id),
    /** PAYMENT, RECURRENCE, REFUND, PARTIAL_REFUND, CHARGEBACK, INFORMATION_REQUESTED, RDR. */
    transactionType: text('transaction_type').notNull(),
    /** SUCCESS, DECLINED, FAILED, IN_PROCESS, WAITING_FOR_USER, ABANDONED, PREVENTED, PENDING, REVERSED, ... */
    status: text('status').notNull(),
    /** Recurrence category: ONE-OFF, INITIAL, RENEWAL, MAINTENANCE. */
    category: text('category').notNull(),
    /** Minor units of `currency` (cents for EUR): never a float. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** CARD, or a wallet: APPLE_PAY, GOOGLE_PAY, PAYPAL, STRIPE_LINK. */
    paymentMethod: text('payment_method').notNull(),
    // Order
    orderUrl: text('order_url'),
    referenceOrderId: text('reference_order_id').notNull(),
    orderConcept: text('order_concept'),
    /** The order's custom tag, a routing criterion; null when the order has none. */
    customTag: text('custom_tag'),
    // Provider: the acquirer (paymentGateway) and solution of the MID, and the acquirer's own reference.
    acquirerId: uuid('acquirer_id').references(() => acquirers.id),
    solutionId: uuid('solution_id').references(() => solutions.id),
    providerTransactionId: text('provider_transaction_id'),
    // Routing
    midId: uuid('mid_id').references(() => mids.id),
    routeId: uuid('route_id').references(() => routes.id),
    /** The payment ran on the route's fallback MID after the first MID declined. */
    isFallback: boolean('is_fallback').notNull().default(false),
    // Card. The number is kept as BIN and last four digits only; the console shows it masked.
    cardBrand: text('card_brand'),
    cardBin: text('card_bin'),
    cardLast4: text('card_last4'),
    /** Issuer country (ISO 3166 alpha-2): the list's card country and the issuer-country filter. */
    cardCountry: text('card_country'),
    cardHolder: text('card_holder'),
    /** MM/YY */
    cardExpiry: text('card_expiry'),
    cardTokenUpdatedAt: timestamp('card_token_updated_at', { withTimezone: true }),
    /** CREDIT, DEBIT, PREPAID */
    cardType: text('card_type'),
    /** CONSUMER, BUSINESS, CORPORATE */
    cardSegment: text('card_segment'),
    cardBank: text('card_bank'),
    cardZipCode: text('card_zip_code'),
    threeDsSent: boolean('three_ds_sent'),
    threeDsVersion: text('three_ds_version'),
    // Authorization
    eci: text('eci'),
    eciDescription: text('eci_description'),
    avs: text('avs'),
    authorizationId: text('authorization_id'),
    // Shopper
    shopperStatement: text('shopper_statement'),
    shopperEmail: text('shopper_email'),
    shopperIp: text('shopper_ip'),
    shopperIpCountry: text('shopper_ip_country'),
    /** DESKTOP, MOBILE, TABLET */
    shopperDeviceType: text('shopper_device_type'),
    shopperBrowser: text('shopper_browser'),
    /** The fraud score, 0 to 1 with four decimals (exact, so 'value times 100, truncated' is exact too). */
    riskScore: numeric('risk_score', { precision: 5, scale: 4, mode: 'number' }),
    // Error (declined, failed, refused refunds)
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errorProviderMessage: text('error_provider_message'),
    /** Refunds: the reason chosen in the refund form. */
    refundReason: text('refund_reason'),
    // Risk alert on a payment (alert programmes such as RDR): type, status and case id.
    alertType: text('alert_type'),
    alertStatus: text('alert_status'),
    alertCaid: text('alert_caid'),
    /** Refunds sent through the API: the client's key, unique, so a replay cannot refund twice. */
    idempotencyKey: text('idempotency_key'),
    /** A hash of the request the key first came with; the same key with another body is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** creationDate */
    createdAt: createdAt(),
    /** lastActivity: the last status change. */
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lists' default order (creation date, newest first, id as tiebreaker) per account and per merchant, and
    // the same order inside the common filters, so a first page and the capped count read index ranges only.
    // Migration 0035 adds INCLUDE (status, transaction_type, currency, card_country, risk_score, category,
    // payment_method) to the account's: a typed query's count is then an index-only scan. The merchant's and the
    // MID's lead with the account (migration 0037), which every read names beside them.
    index('transactions_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id),
    index('transactions_merchant_created_idx').on(t.accountId, t.merchantId, t.createdAt.desc().nullsFirst(), t.id),
    index('transactions_account_status_created_idx').on(t.accountId, t.status, t.createdAt.desc().nullsFirst(), t.id),
    index('transactions_account_type_created_idx').on(
      t.accountId,
      t.transactionType,
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    // The MID filter, and 'this MID has transactions' (its acquirer cannot change; it cannot be deleted).
    index('transactions_mid_created_idx').on(t.accountId, t.midId, t.createdAt.desc().nullsFirst(), t.id),
    index('transactions_route_idx').on(t.routeId),
    // 'This solution carried payments': it can no longer be removed from its account.
    index('transactions_solution_idx').on(t.solutionId).where(sql`${t.solutionId} is not null`),
    // A payment's refunds, chargebacks and RDRs: the refundable amount reads them under the payment's lock.
    index('transactions_parent_idx').on(t.parentId).where(sql`${t.parentId} is not null`),
    // Search by the merchant's order reference: equality and prefix (LIKE 'abc%') through one btree.
    index('transactions_reference_order_idx').using('btree', t.referenceOrderId.op('text_pattern_ops')),
    // Refund idempotency keys are unique in transaction_keys: a partitioned table's unique index must hold the month.
    primaryKey({ name: 'transactions_pkey', columns: [t.id, t.createdAt] }),
    // The URL pick list of an account (44 s -> 1.7 ms on 10M rows), search by the provider's id and by the shopper's
    // e-mail prefix, and the list sorted by amount.
    index('transactions_account_url_idx').on(t.accountId, t.orderUrl).where(sql`${t.orderUrl} is not null`),
    index('transactions_provider_transaction_idx')
      .on(t.providerTransactionId)
      .where(sql`${t.providerTransactionId} is not null`),
    index('transactions_shopper_email_idx')
      .using('btree', sql`lower(${t.shopperEmail}) text_pattern_ops`)
      .where(sql`${t.shopperEmail} is not null`),
    index('transactions_account_amount_idx').on(t.accountId, t.amount, t.id),
    // The routing backtest's covering index of first attempts (account, merchant, created, INCLUDE the routing values)
    // is in migrations 0015 and 0037 only: Drizzle cannot declare INCLUDE.
    check('transactions_amount_not_negative', sql`${t.amount} >= 0`),
    check('transactions_risk_score_range', sql`${t.riskScore} between 0 and 1`),
  ],
);

/**
 * The daily sales rollup (issue 16): one row per UTC day of `created_at` and per account, merchant, acquirer, solution,
 * MID, card brand, descriptor (the shopper's statement text), currency, type, category, status and fallback flag, with
 * the count and the amount (minor units). Kept by the statement-level triggers of migration 0016 in the transaction of
 * every insert, update, delete and truncate of `transactions` (never written by the services); rows that reach a count
 * of 0 are deleted. `npm run seed -- --rebuild-rollups` recomputes it from the raw table (`sales_rollup_rebuild()`).
 * Counters and the dashboard read only this table.
 */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: uuid('account_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    acquirerId: uuid('acquirer_id'),
    solutionId: uuid('solution_id'),
    midId: uuid('mid_id'),
    cardBrand: text('card_brand'),
    /** The transaction's `shopper_statement` (the descriptor on the shopper's card statement), first 200 characters. */
    descriptor: text('descriptor'),
    currency: text('currency').notNull(),
    transactionType: text('transaction_type').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    isFallback: boolean('is_fallback').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The triggers' ON CONFLICT target; nulls are one value, so a missing MID, brand or descriptor groups as one.
    // Merchant and day first: the counters read a merchant's days.
    unique('sales_rollup_key')
      .on(
        t.merchantId,
        t.day,
        t.acquirerId,
        t.solutionId,
        t.midId,
        t.cardBrand,
        t.descriptor,
        t.currency,
        t.transactionType,
        t.category,
        t.status,
        t.isFallback,
        t.accountId,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * What the counters read (migration 0022): the sales rollup's limit sales (successful payments and recurrences on a
 * provider solution) added up by day and by whole calendar month, per MID, card brand and descriptor, without the
 * dimensions no counter shows (currency, category, fallback, acquirer). A month row (`wholeMonth`, `day` the month's
 * first day) is the sum of its day rows, so a range reads its whole months as one row per MID, brand and descriptor
 * (src/server/db/periods.ts). Kept by statement-level triggers on `sales_rollup`, in the same transaction.
 */
export const limitSales = pgTable(
  'limit_sales',
  {
    /** The sales rollup's account (migration 0037); like the other rollups', no foreign key (the triggers write it). */
    accountId: uuid('account_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    solutionId: uuid('solution_id').notNull(),
    /** A month's row rather than a day's: `day` is then the month's first day. */
    wholeMonth: boolean('whole_month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    midId: uuid('mid_id'),
    cardBrand: text('card_brand'),
    descriptor: text('descriptor'),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [
    // The trigger's ON CONFLICT target and the reads' index: the account, a merchant's solution, the span, then the
    // day range.
    unique('limit_sales_key')
      .on(t.accountId, t.merchantId, t.solutionId, t.wholeMonth, t.day, t.midId, t.cardBrand, t.descriptor)
      .nullsNotDistinct(),
  ],
);

/**
 * The dashboard's rollup (issue 17): the transactions the dashboard counts (payments that ended in success, failure,
 * decline or abandonment; successful refunds and chargebacks), one row set per combination of the dashboard's filters.
 * `grain` is a bit mask of the dimensions a row keeps: 1 the merchant, 2 the solution, 4 the issuer country; a
 * dimension the grain drops is null. So a call reads only rows already summed to its own filters: the account's
 * dashboard without filters reads grain 0 (days x currencies x outcomes), a merchant's with a country grain 5. Rows
 * with an error code count the rejected payments of that code and label (the top errors), with no currency, type,
 * category, status or amount; the other rows carry an error code of null. Kept by the same statement-level triggers
 * as `sales_rollup` (migration 0020), rebuilt with it by `npm run seed -- --rebuild-rollups`.
 */
export const dashboardRollup = pgTable(
  'dashboard_rollup',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull(),
    grain: smallint('grain').notNull(),
    merchantId: uuid('merchant_id'),
    /** The card's issuer country (`transactions.card_country`). */
    issuerCountry: text('issuer_country'),
    day: date('day', { mode: 'string' }).notNull(),
    solutionId: uuid('solution_id'),
    currency: text('currency'),
    transactionType: text('transaction_type'),
    category: text('category'),
    status: text('status'),
    isFallback: boolean('is_fallback'),
    errorCode: text('error_code'),
    /** The error's message, first 200 characters: the label of the top errors. */
    errorLabel: text('error_label'),
    count: bigint('count', { mode: 'number' }).notNull(),
    /** Minor units of `currency`; 0 on error rows. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /**
     * `amount` in each 'View amount in' currency at the day's rates, in 10^-12 of its minor unit (an integer; see
     * `dashboard_converted()` in migration 0020): converted as the row is written and again when that day's rates are
     * imported, so a read only adds. Null when a rate it needs is missing.
     */
    amountEur: numeric('amount_eur'),
    amountUsd: numeric('amount_usd'),
    amountGbp: numeric('amount_gbp'),
  },
  (t) => [
    // The triggers' ON CONFLICT target and the reads' index: the equality filters first (account, grain, merchant,
    // country), then the day range.
    unique('dashboard_rollup_key')
      .on(
        t.accountId,
        t.grain,
        t.merchantId,
        t.issuerCountry,
        t.day,
        t.solutionId,
        t.transactionType,
        t.category,
        t.status,
        t.isFallback,
        t.errorCode,
        t.errorLabel,
        // Last, so a statement's rows reach their totals rows (dashboardTotals) in the totals' key order.
        t.currency,
      )
      .nullsNotDistinct(),
    check('dashboard_rollup_grain', sql`${t.grain} between 0 and 7`),
  ],
);

/**
 * What the dashboard's calls read (migrations 0020 and 0021, dashboard_totals_apply()): the dashboard rollup added up
 * over its currencies, by day and by whole calendar month. A figure row holds the converted amounts in each 'View
 * amount in' currency and how many of the added rollup rows lack a conversion (a missing rate); an error row (an
 * `errorCode`, no type or status) counts the rejected payments of one code and label. A month row (`wholeMonth`, `day`
 * the month's first day) is the sum of that month's day rows, so a period reads its whole months as one row each and
 * only its other days by day (src/server/db/periods.ts). The rollup keeps the per-currency rows the
 * conversions are made from.
 */
export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    accountId: uuid('account_id').notNull(),
    grain: smallint('grain').notNull(),
    merchantId: uuid('merchant_id'),
    issuerCountry: text('issuer_country'),
    /** A month's row rather than a day's: `day` is then the month's first day. */
    wholeMonth: boolean('whole_month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    solutionId: uuid('solution_id'),
    transactionType: text('transaction_type'),
    category: text('category'),
    status: text('status'),
    isFallback: boolean('is_fallback'),
    errorCode: text('error_code'),
    errorLabel: text('error_label'),
    count: bigint('count', { mode: 'number' }).notNull(),
    amountEur: numeric('amount_eur').notNull(),
    amountUsd: numeric('amount_usd').notNull(),
    amountGbp: numeric('amount_gbp').notNull(),
    missingEur: integer('missing_eur').notNull(),
    missingUsd: integer('missing_usd').notNull(),
    missingGbp: integer('missing_gbp').notNull(),
  },
  (t) => [
    // The trigger's ON CONFLICT target and the reads' index: the equality filters, the span, then the day range.
    unique('dashboard_totals_key')
      .on(
        t.accountId,
        t.grain,
        t.merchantId,
        t.issuerCountry,
        t.wholeMonth,
        t.day,
        t.solutionId,
        t.transactionType,
        t.category,
        t.status,
        t.isFallback,
        t.errorCode,
        t.errorLabel,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * Daily exchange rates (issue 17): units of `currency` per 1 EUR on `day` (EUR itself has no row). Seeded for the demo
 * period, replaced by `npm run seed -- --import-rates file.csv`. The dashboard converts each day's amounts at that
 * day's rate; a missing one makes the amount unavailable, never a wrong total.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    day: date('day', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.currency] }),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_not_base', sql`${t.currency} <> 'EUR'`),
  ],
);

/**
 * Sales limits (spec 3, section 3 "Limits"): one row per limited scope of a merchant on a provider solution. The
 * level follows from which columns are set: no MID is the global limit, a MID without brand the MID's limit, a brand
 * without descriptor the brand's, all three a descriptor's. Values count successful sales (src/domain/limits.ts);
 * null is "no limit". A row is created by the first save of its scope and kept (with its id, which alerts and
 * firings name) when its values are cleared.
 */
export const limits = pgTable(
  'limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The provider solution (the API's pspId). */
    solutionId: uuid('solution_id')
      .notNull()
      .references(() => solutions.id),
    midId: uuid('mid_id').references(() => mids.id, { onDelete: 'cascade' }),
    cardBrand: text('card_brand'),
    descriptor: text('descriptor'),
    /** Monthly limit (the spec's total). */
    total: integer('total'),
    daily: integer('daily'),
    /** The alert's percentage as a fraction (0.5 is 50 %); null is no alert. Last write wins (the modal warns). */
    alertPercentage: doublePrecision('alert_percentage'),
    /**
     * Raised by every save of the global limit (on its row) or of a MID's tree (on the MID's row): a save names the
     * version it was based on, so a concurrent edit is refused, never overwritten.
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('limits_scope_key').on(t.merchantId, t.solutionId, t.midId, t.cardBrand, t.descriptor).nullsNotDistinct(),
    // A MID's limits live on the MID's solution: moved with it (PUT /mid with another solutionId, in its transaction),
    // and a limit saved for a MID on a solution it has just left is refused instead of left behind (issue 23).
    foreignKey({
      name: 'limits_mid_solution_fk',
      columns: [t.midId, t.solutionId],
      foreignColumns: [mids.id, mids.solutionId],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    check(
      'limits_scope_nesting',
      sql`(${t.cardBrand} IS NULL OR ${t.midId} IS NOT NULL) AND (${t.descriptor} IS NULL OR ${t.cardBrand} IS NOT NULL)`,
    ),
    check('limits_positive', sql`(${t.total} IS NULL OR ${t.total} > 0) AND (${t.daily} IS NULL OR ${t.daily} > 0)`),
    index('limits_alerting_idx').on(t.accountId).where(sql`${t.alertPercentage} IS NOT NULL`),
  ],
);

/**
 * Alerts that fired: one row per limit, period kind and period, so an alert fires once per day (DAILY) or month
 * (MONTHLY) whatever the number of checks, restarts or server processes (the insert that wins the key sends the
 * e-mail, in its transaction).
 */
export const limitAlertFirings = pgTable(
  'limit_alert_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    limitId: uuid('limit_id')
      .notNull()
      .references(() => limits.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    solutionId: uuid('solution_id').notNull(),
    /** DAILY or MONTHLY. */
    period: text('period').notNull(),
    /** The day, or the first day of the month (UTC). */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** What was in force when it fired. */
    percentage: doublePrecision('percentage').notNull(),
    limitValue: integer('limit_value').notNull(),
    sales: integer('sales').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('limit_alert_firings_once').on(t.limitId, t.period, t.periodStart),
    index('limit_alert_firings_psp_idx').on(t.merchantId, t.solutionId, t.firedAt.desc()),
  ],
);

/**
 * The transaction history: one event per status a transaction took, filed under its order's root transaction, so
 * the detail of any transaction lists the related ones (first attempt, fallback retry, refunds, chargebacks, RDR)
 * with their statuses and last activity.
 */
export const transactionHistory = pgTable(
  'transaction_history',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    /** The transaction's account (migration 0037): every read names it, as every read of `transactions` does. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    rootId: uuid('root_id').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactionKeys.id),
    /**
     * The transaction's `created_at`, the partition key (migration 0038): a transaction and its events are in the same
     * month, so they are detached together.
     */
    transactionCreatedAt: timestamp('transaction_created_at', { withTimezone: true }).notNull(),
    transactionType: text('transaction_type').notNull(),
    status: text('status').notNull(),
    isFallback: boolean('is_fallback').notNull().default(false),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'transaction_history_pkey', columns: [t.id, t.transactionCreatedAt] }),
    index('transaction_history_root_idx').on(t.accountId, t.rootId, t.occurredAt, t.id),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Chargebacks (spec 3, sections 2.3 to 2.5, 3 and 4): the dispute cases the acquirers notify about payments, the
// account's dispute agents, and the account's dispute templates. A case's payment data (date, amount, card, shopper,
// order, provider) and company data (the merchant) are read through the linked payment, not copied, except the two
// values the text search looks at (order id and customer e-mail).

// The values the checks accept: the same lists as @domain/enums (CHARGEBACK_STATUSES, DISPUTE_OPERATIONS,
// CHARGEBACK_REASONS, FRAUD_TYPES), written out because drizzle-kit loads this file without the path aliases.
const CHARGEBACK_STATUS_VALUES = ['TO_DO', 'IN_PROGRESS', 'DONE', 'NOT_DISPUTED', 'EXPIRED', 'REFUNDED', 'OTHERS'];
const DISPUTE_OPERATION_VALUES = ['CHARGEBACK', 'RETRIEVAL'];
const CHARGEBACK_REASON_VALUES = [
  'OthersDefault',
  'CancelledMerchandiseServices',
  'CancelledRecurringTransaction',
  'CreditNotProcessed',
  'DuplicateProcessing',
  'FraudNoCardholderAuthorization',
  'IncorrectAmount',
  'MerchandiseServicesNotProvided',
  'NotAsDescribed',
  'UnrecognisedTransaction',
  'ChargebackDocumentation',
];
const FRAUD_TYPE_VALUES = [
  'FRAUD',
  'PRODUCT_PROCESSING_ERROR',
  'CLIENT_CONTACT',
  'DOCUMENT_OR_ACTION_NEEDED',
  'REFUND_SOLICITED_FORM_NOT_RECEIVED',
  'LEGITIMATE_PURCHASE',
  'LEGITIMATE_PURCHASE_PROVEN_USE',
];
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** The people who work an account's dispute queue (GET /account/{accountId}/agent). */
export const chargebackAgents = pgTable(
  'chargeback_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    /** The console user this agent is, when the agent signs in to the console; agents may be outside staff too. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The target of the chargebacks' (account_id, agent_id) key: an agent of another account cannot be assigned.
    unique('chargeback_agents_account_id_key').on(t.accountId, t.id),
    uniqueIndex('chargeback_agents_account_name_key').on(t.accountId, sql`lower(${t.name})`),
  ],
);

/** Dispute template keys (@domain/enums DISPUTE_TEMPLATE_KEYS): the slot a case's last document was made from. */
const DISPUTE_TEMPLATE_KEY_VALUES = [
  'Default',
  'Others',
  ...CHARGEBACK_REASON_VALUES.filter((reason) => reason !== 'OthersDefault'),
  'ChargebackAccepted',
  'ChargebackInvalid',
  'Refund',
];

/**
 * One dispute case: a CHARGEBACK or a RETRIEVAL (information request) on a payment. Status is compare-and-set by
 * the service (design.md section 6): an update names the status it expects to replace. The assignment lives on the
 * case: an agent of the account (agent_id), or Others (assigned_to_others: handled outside the agent list, by the
 * acquirer or a lawyer), or neither (unassigned); the queue's agent filter reads the same indexes as its default
 * order.
 */
export const chargebacks = pgTable(
  'chargebacks',
  {
    /** chargebackId */
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The disputed payment (PAYMENT or RECURRENCE): payment, card, customer, order and provider data come from it. */
    paymentTransactionId: uuid('payment_transaction_id')
      .notNull()
      .references(() => transactionKeys.id),
    /**
     * The payment's creation time, its month in the partitioned `transactions` (migration 0039): the queue reads each
     * case's payment in that month only. Set by a trigger from `transaction_keys` on every insert and NOT NULL in the
     * database; optional here because no writer gives it.
     */
    paymentCreatedAt: timestamp('payment_created_at', { withTimezone: true }),
    /** The CHARGEBACK or INFORMATION_REQUESTED transaction the acquirer booked for this case, when there is one. */
    disputeTransactionId: uuid('dispute_transaction_id').references(() => transactionKeys.id),
    /** caseId: the acquirer's case reference. */
    caseId: text('case_id').notNull(),
    /** disputeId: the card network's dispute reference ('Case ID: {disputeId}' in the detail header; '-' if null). */
    disputeId: text('dispute_id'),
    /** CHARGEBACK or RETRIEVAL (the spec's dispute types). */
    operation: text('operation').notNull(),
    /** TO_DO, IN_PROGRESS, DONE, NOT_DISPUTED, EXPIRED, REFUNDED, OTHERS. */
    status: text('status').notNull().default('TO_DO'),
    /** reason.parsed: one of the spec's chargeback reasons (OthersDefault, FraudNoCardholderAuthorization, ...). */
    reason: text('reason').notNull(),
    /** The network's reason code as the acquirer sent it ('10.4', '4837', 'F29'). */
    reasonCode: text('reason_code'),
    /** reason.processor: the acquirer's own wording of the reason. */
    reasonProcessor: text('reason_processor'),
    /** Set only for the fraud-with-no-cardholder-authorization reason; null otherwise. */
    fraudType: text('fraud_type'),
    /** The disputed amount, in minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    notificationDate: timestamp('notification_date', { withTimezone: true }).notNull(),
    /** The case is expired once this is before the start of today (the reader's day). */
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    hasPreviousChargebacks: boolean('has_previous_chargebacks').notNull().default(false),
    hasRefund: boolean('has_refund').notNull().default(false),
    /** customer.name as the merchant knows the customer (may differ from the cardholder). */
    customerName: text('customer_name'),
    /**
     * orderId and customer.email: the payment's order reference and shopper e-mail, copied onto the case when it is
     * notified (they never change), so the queue's text search reads the case alone instead of probing a payment
     * per case.
     */
    orderId: text('order_id'),
    customerEmail: text('customer_email'),
    /** custom: extra fields the merchant sends with its cases, listed as 'Additional info'. */
    custom: jsonb('custom').$type<{ label: string; value: string }[]>().notNull().default([]),
    /** externalUrl: the case in the merchant's CRM. */
    externalUrl: text('external_url'),
    agentId: uuid('agent_id'),
    /** Assigned to Others, the pseudo-agent { id: 'OTHERS', name: 'Others' } (never together with agent_id). */
    assignedToOthers: boolean('assigned_to_others').notNull().default(false),
    /** When the current assignment (an agent or Others) was made; null while unassigned. */
    agentAssignedAt: timestamp('agent_assigned_at', { withTimezone: true }),
    /** The template key the last dispute document was made from (after the fallback); null before the first one. */
    template: text('template'),
    /** The last generated document, under DATA_DIR with a generated name, and the name it downloads as. */
    documentStoredName: text('document_stored_name'),
    documentFileName: text('document_file_name'),
    documentGeneratedAt: timestamp('document_generated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'chargebacks_agent_fk',
      columns: [t.accountId, t.agentId],
      foreignColumns: [chargebackAgents.accountId, chargebackAgents.id],
    }),
    // The queue's default order (notification date, newest first, then id the same way, as the list and its export
    // sort) per account, and the same order inside its common filters (status, agent, Others or unassigned), so a
    // first page reads one index range, forwards for the default order and backwards for the oldest first.
    index('chargebacks_account_notification_idx').on(
      t.accountId,
      t.notificationDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('chargebacks_account_status_notification_idx').on(
      t.accountId,
      t.status,
      t.notificationDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('chargebacks_account_agent_notification_idx').on(
      t.accountId,
      t.agentId,
      t.notificationDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('chargebacks_account_unagented_notification_idx')
      .on(t.accountId, t.assignedToOthers, t.notificationDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.agentId} is null`),
    // 'Hide expired', the expiration date range and the sort by expiration date; the sort by amount.
    index('chargebacks_account_expiration_idx').on(t.accountId, t.expirationDate, t.id),
    index('chargebacks_account_amount_idx').on(t.accountId, t.amount, t.id),
    // The transaction detail's cases, and search by case and dispute reference.
    index('chargebacks_payment_idx').on(t.paymentTransactionId),
    uniqueIndex('chargebacks_dispute_transaction_key')
      .on(t.disputeTransactionId)
      .where(sql`${t.disputeTransactionId} is not null`),
    index('chargebacks_account_case_idx').on(t.accountId, t.caseId),
    index('chargebacks_account_dispute_idx').on(t.accountId, t.disputeId).where(sql`${t.disputeId} is not null`),
    check('chargebacks_operation_valid', sql`${t.operation} in (${inList(DISPUTE_OPERATION_VALUES)})`),
    check('chargebacks_status_valid', sql`${t.status} in (${inList(CHARGEBACK_STATUS_VALUES)})`),
    check('chargebacks_reason_valid', sql`${t.reason} in (${inList(CHARGEBACK_REASON_VALUES)})`),
    // A fraud type describes a fraud claim: only cases with that reason carry one (spec 3, section 2.4).
    check(
      'chargebacks_fraud_type_valid',
      sql`${t.fraudType} is null or (${t.reason} = 'FraudNoCardholderAuthorization' and ${t.fraudType} in (${inList(FRAUD_TYPE_VALUES)}))`,
    ),
    check('chargebacks_amount_not_negative', sql`${t.amount} >= 0`),
    check('chargebacks_expiration_after_notification', sql`${t.expirationDate} >= ${t.notificationDate}`),
    check('chargebacks_agent_or_others', sql`not (${t.agentId} is not null and ${t.assignedToOthers})`),
    check(
      'chargebacks_assigned_when_agent',
      sql`(${t.agentId} is not null or ${t.assignedToOthers}) = (${t.agentAssignedAt} is not null)`,
    ),
    check(
      'chargebacks_template_valid',
      sql`${t.template} is null or ${t.template} in (${inList(DISPUTE_TEMPLATE_KEY_VALUES)})`,
    ),
    // A document is recorded whole: its stored file, its name and when it was made.
    check(
      'chargebacks_document_complete',
      sql`(${t.documentStoredName} is null) = (${t.documentFileName} is null) and (${t.documentStoredName} is null) = (${t.documentGeneratedAt} is null)`,
    ),
  ],
);

/**
 * An account's dispute templates: one .docx or .docm per slot (Default, Others and each reason key). The file lives
 * under DATA_DIR/dispute-templates with a generated name; file_name is the name it was uploaded with.
 */
export const disputeTemplates = pgTable(
  'dispute_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The slot: 'Default', or a template key (Others, a reason, ChargebackAccepted, ChargebackInvalid, Refund). */
    templateKey: text('template_key').notNull(),
    fileName: text('file_name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('dispute_templates_account_key_key').on(t.accountId, t.templateKey),
    check('dispute_templates_size_range', sql`${t.sizeBytes} between 1 and 3145728`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Risk alerts (spec 3, sections 2.9 and 3 "Transaction alert"): the cases the alert programmes (RDR, Ethoca, Verifi
// CDRN, Order Insight, Compelling Evidence ...) open on a payment, as their own records, with their history of status
// changes. The payment's own alert columns (transactions.alert_type, alert_status, alert_caid) mirror the latest one.

/** The values the checks accept: @domain/enums ALERT_TYPES and ALERT_STATUSES, written out for drizzle-kit. */
const ALERT_TYPE_VALUES = [
  'RDR',
  'ETHOCA',
  'VERIFI_CDRN',
  'INIT_REFUND',
  'ORDER_INSIGHT',
  'COMPELLING_EVIDENCE',
  'CONSUMER_CLARITY',
  'TEST',
];
const ALERT_STATUS_VALUES = [
  'PENDING',
  'SUCCESS',
  'PREVENTED',
  'REFUNDED_MANUALLY',
  'PREVIOUSLY_REFUNDED',
  'CANNOT_REFUND',
];

/**
 * One alert on a payment (GET /merchant/{merchantId}/transactionalert). Amount, currency, card brand, MID and
 * descriptor are the alerted payment's as the programme reported them, copied so the list reads this table alone.
 */
export const transactionAlerts = pgTable(
  'transaction_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The alerted payment. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactionKeys.id),
    /** The MID the payment ran on (midId); null when the payment had none. */
    midId: uuid('mid_id').references(() => mids.id),
    /** RDR, ETHOCA, VERIFI_CDRN, INIT_REFUND, ORDER_INSIGHT, COMPELLING_EVIDENCE, CONSUMER_CLARITY, TEST. */
    type: text('type').notNull(),
    /** PENDING, SUCCESS, PREVENTED, REFUNDED_MANUALLY, PREVIOUSLY_REFUNDED, CANNOT_REFUND. */
    status: text('status').notNull(),
    /** The statement descriptor the shopper saw. */
    descriptor: text('descriptor'),
    /** The card scheme's case id. */
    caid: text('caid').notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** paymentMethod: the card brand, VISA or MC (the alert programmes are Visa's and Mastercard's). */
    cardBrand: text('card_brand').notNull(),
    /** creationDate */
    createdAt: createdAt(),
    /** lastUpdateDate: the last status change. */
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's default order (creation date, newest first, id the same way) per merchant and per account, and the
    // last-change order and range.
    index('transaction_alerts_merchant_created_idx').on(
      t.merchantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transaction_alerts_account_created_idx').on(
      t.accountId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transaction_alerts_merchant_updated_idx').on(
      t.merchantId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Search by transaction id, CAID and MID id; the transaction detail's alerts.
    index('transaction_alerts_transaction_idx').on(t.transactionId),
    index('transaction_alerts_merchant_caid_idx').using('btree', t.merchantId, t.caid.op('text_pattern_ops')),
    index('transaction_alerts_mid_idx').on(t.midId).where(sql`${t.midId} is not null`),
    check('transaction_alerts_type_valid', sql`${t.type} in (${inList(ALERT_TYPE_VALUES)})`),
    check('transaction_alerts_status_valid', sql`${t.status} in (${inList(ALERT_STATUS_VALUES)})`),
    check('transaction_alerts_card_brand_valid', sql`${t.cardBrand} in ('VISA', 'MC')`),
    check('transaction_alerts_amount_not_negative', sql`${t.amount} >= 0`),
    check('transaction_alerts_updated_after_created', sql`${t.updatedAt} >= ${t.createdAt}`),
  ],
);

/** An alert's history: its creation (from_status null) and every status change after it. */
export const transactionAlertEvents = pgTable(
  'transaction_alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => transactionAlerts.id, { onDelete: 'cascade' }),
    /** The alert's account (migration 0037): every read names it. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for the alert's arrival. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
  },
  (t) => [
    index('transaction_alert_events_alert_idx').on(t.accountId, t.alertId, t.at, t.id),
    check(
      'transaction_alert_events_status_valid',
      sql`${t.toStatus} in (${inList(ALERT_STATUS_VALUES)}) and (${t.fromStatus} is null or ${t.fromStatus} in (${inList(ALERT_STATUS_VALUES)}))`,
    ),
  ],
);

/**
 * A merchant's subscription plan (spec 3, sections 3 "Plan", 4 "Plan form" and 5 "Plan"). The five settings are kept
 * as the spec's objects (their shapes and rules live in src/domain/contract/plans.ts and src/domain/plans.ts): a plan
 * is read and written whole, and the subscriptions read only the cycle, the amounts and the retry sequence.
 */
export const plans = pgTable(
  'plans',
  {
    /** planId */
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The plan's name: at most 50 characters. */
    description: text('description').notNull(),
    /** Charging cycle and time; locked once the plan exists. */
    basicSettings: jsonb('basic_settings').notNull(),
    amountSettings: jsonb('amount_settings').notNull(),
    /** null when the plan has no trial period. */
    trialSettings: jsonb('trial_settings'),
    /** null when the setting is discarded. */
    cancellationSettings: jsonb('cancellation_settings'),
    /** null when the plan retries nothing. */
    retrySettings: jsonb('retry_settings'),
    /** Raised by every save: an edit names the version it read (compare-and-set). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    /** The spec's modifiedDate ('Last changes'): the list sorts by it, newest first. */
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plans_merchant_modified_idx').on(t.merchantId, t.modifiedAt.desc(), t.id)],
);

/** The statuses a subscription can have (spec 3, section 4 "Subscription"; FULFILLED is shown as active). */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELLED', 'ARCHIVED', 'FULFILLED'] as const;
/** The types of a subscription's attempts (spec 3, section 3 "Subscription"). */
export const SUBSCRIPTION_ATTEMPT_TYPES = [
  'INITIAL',
  'RENEWAL',
  'MAINTENANCE',
  'REFUND',
  'PARTIAL_REFUND',
  'RDR',
  'CHARGEBACK',
  'INFORMATION_REQUESTED',
] as const;

const quotedList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A shopper's subscription to a merchant's plan (issue 24; spec 3, sections 2.10, 3 and 4 "Subscription"): started by
 * an INITIAL payment and renewed on the plan's cycle. The card, e-mail and order url are the initial payment's; the
 * last attempt is kept on the row so the list (sorted by it, newest first) reads one table. `monthly_amount` is the
 * recurring revenue the subscription brings per month (src/domain/subscriptions-kpis.ts), what the churn rate weighs.
 * The KPI rollup `subscription_kpis` is kept from this table and `subscription_attempts` by triggers (migration 0028).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    /** subscriptionId */
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    /** ACTIVE, PAUSED, CANCELLED, ARCHIVED, FULFILLED. */
    status: text('status').notNull(),
    /** The INITIAL payment that started it: one subscription per initial payment. */
    initialTransactionId: uuid('initial_transaction_id').references(() => transactionKeys.id),
    cardHolder: text('card_holder'),
    cardBrand: text('card_brand'),
    /** Issuer country (ISO 3166 alpha-2): the list's Country column and filter. */
    cardCountry: text('card_country'),
    cardBin: text('card_bin'),
    cardLast4: text('card_last4'),
    customerEmail: text('customer_email'),
    /** The order's url. */
    url: text('url'),
    /** The card was refreshed by the account updater. */
    accountUpdated: boolean('account_updated').notNull().default(false),
    currency: text('currency').notNull(),
    /** What a cycle charges, minor units of `currency` (the plan's amount, or the initial payment's when dynamic). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The recurring revenue per month, minor units of `currency` (src/domain/subscriptions-kpis.ts). */
    monthlyAmount: bigint('monthly_amount', { mode: 'number' }).notNull(),
    /** The current cycle: 1 while the initial payment's cycle runs. */
    cycle: integer('cycle').notNull().default(1),
    // The last attempt (lastPayment): the list's 'Last Attempt' and 'Attempt Date'.
    lastAttemptAmount: bigint('last_attempt_amount', { mode: 'number' }).notNull(),
    lastAttemptCurrency: text('last_attempt_currency').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
    lastAttemptStatus: text('last_attempt_status').notNull(),
    /** When the next renewal or retry falls due; null once nothing more is charged (cancelled, paused, fulfilled). */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** The cancellation source: HARD_DECLINE, MERCHANT_API, END_PLAN, BACKOFFICE_API, DISPUTE. */
    cancellationReason: text('cancellation_reason'),
    /** BACKOFFICE_API: the reason the user chose (its label; Other followed by the text). */
    cancellationReasonDetails: text('cancellation_reason_details'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Raised by every action: an action names the version the user saw (compare-and-set, 409 when it changed). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // The list's default order (last attempt, newest first, id as tiebreaker) per merchant, and the same order inside
    // each filter, so a first page and the capped count read index ranges only. Both columns DESC NULLS FIRST, as the
    // list and the export's keyset write ORDER BY last_attempt_at DESC, id DESC (migration 0030: NULLS LAST, or the
    // id ascending, made PostgreSQL sort the merchant's every row for a page). The account leads (migration 0037):
    // every read names it beside the merchant.
    index('subscriptions_merchant_attempt_idx').on(
      t.accountId,
      t.merchantId,
      t.lastAttemptAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('subscriptions_merchant_status_attempt_idx').on(
      t.accountId,
      t.merchantId,
      t.status,
      t.lastAttemptAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('subscriptions_merchant_plan_attempt_idx').on(
      t.accountId,
      t.merchantId,
      t.planId,
      t.lastAttemptAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('subscriptions_merchant_country_attempt_idx').on(
      t.accountId,
      t.merchantId,
      t.cardCountry,
      t.lastAttemptAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Search by text: the customer's e-mail, equality and prefix (lower(...) LIKE 'abc%').
    index('subscriptions_merchant_email_idx').using(
      'btree',
      t.accountId,
      t.merchantId,
      sql`lower(${t.customerEmail}) text_pattern_ops`,
    ),
    uniqueIndex('subscriptions_initial_transaction_key')
      .on(t.initialTransactionId)
      .where(sql`${t.initialTransactionId} is not null`),
    index('subscriptions_plan_idx').on(t.planId),
    // The live demo traffic's renewals: the active subscriptions that fall due.
    index('subscriptions_due_idx')
      .on(t.nextChargeAt)
      .where(sql`${t.status} = 'ACTIVE' and ${t.nextChargeAt} is not null`),
    check('subscriptions_status_known', sql`${t.status} in (${quotedList(SUBSCRIPTION_STATUSES)})`),
    check(
      'subscriptions_cancelled_has_reason',
      sql`${t.status} <> 'CANCELLED' or (${t.cancelledAt} is not null and ${t.cancellationReason} is not null)`,
    ),
    check('subscriptions_cycle_positive', sql`${t.cycle} >= 1`),
    check('subscriptions_amounts_not_negative', sql`${t.amount} >= 0 and ${t.monthlyAmount} >= 0`),
  ],
);

/**
 * A subscription's attempts, grouped by cycle in its history (spec 3, section 3 "Subscription", Attempt): the initial
 * payment (cycle 1), each renewal and retry (RENEWAL or MAINTENANCE, per the plan's retry sequence), and the refunds,
 * chargebacks, RDRs and information requests of those payments, each with the transaction it is. `merchant_id` and
 * `plan_id` are the subscription's, kept here so the KPI trigger needs no join.
 */
export const subscriptionAttempts = pgTable(
  'subscription_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** The subscription's account (migration 0037): every read names it. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: uuid('merchant_id').notNull(),
    planId: uuid('plan_id').notNull(),
    cycle: integer('cycle').notNull(),
    /** INITIAL, RENEWAL, MAINTENANCE, REFUND, PARTIAL_REFUND, RDR, CHARGEBACK, INFORMATION_REQUESTED. */
    type: text('type').notNull(),
    /** The transaction's status (SUCCESS, DECLINED, FAILED, ...). */
    status: text('status').notNull(),
    transactionId: uuid('transaction_id').references(() => transactionKeys.id),
    midId: uuid('mid_id').references(() => mids.id),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The history: a subscription's cycles newest first, each cycle's attempts in order.
    index('subscription_attempts_subscription_idx').on(
      t.accountId,
      t.subscriptionId,
      t.cycle.desc(),
      t.createdAt,
      t.id,
    ),
    uniqueIndex('subscription_attempts_transaction_key').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    check('subscription_attempts_type_known', sql`${t.type} in (${quotedList(SUBSCRIPTION_ATTEMPT_TYPES)})`),
    check('subscription_attempts_cycle_positive', sql`${t.cycle} >= 1`),
    check('subscription_attempts_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/**
 * The subscriptions overview's rollup (issue 24): per merchant, currency, plan and UTC day, and per whole calendar month
 * (`wholeMonth`, `day` the month's first day, the sum of its days, as the dashboard's totals), the subscriptions
 * started, the cycles renewed, the subscriptions cancelled (those in their first cycle apart) and the monthly recurring
 * revenue started and cancelled. Rows with a `cancellationReason` carry the cancellations of that source; the others
 * the starts and renewals. Kept by statement-level triggers on `subscriptions` and `subscription_attempts` in the
 * writing transaction (migration 0028), rebuilt by `subscription_kpis_rebuild()`. The overview reads only this table.
 */
export const subscriptionKpis = pgTable(
  'subscription_kpis',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The subscriptions' account (migration 0037); like the other rollups', no foreign key (the triggers write it). */
    accountId: uuid('account_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    currency: text('currency').notNull(),
    wholeMonth: boolean('whole_month').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    planId: uuid('plan_id').notNull(),
    /** null on the rows of starts and renewals. */
    cancellationReason: text('cancellation_reason'),
    /** Subscriptions started (their INITIAL payment): Active, Initials. */
    started: bigint('started', { mode: 'number' }).notNull().default(0),
    /** Cycles renewed (successful RENEWAL or MAINTENANCE attempts): Active, Renewals. */
    renewed: bigint('renewed', { mode: 'number' }).notNull().default(0),
    /** Subscriptions cancelled on the day (by `cancellationReason`). */
    cancelled: bigint('cancelled', { mode: 'number' }).notNull().default(0),
    /** Of those, cancelled in their first cycle: Cancelled, Initials. */
    cancelledInitial: bigint('cancelled_initial', { mode: 'number' }).notNull().default(0),
    /** Monthly recurring revenue of the subscriptions started, minor units of `currency`. */
    startedRevenue: bigint('started_revenue', { mode: 'number' }).notNull().default(0),
    /** Monthly recurring revenue of the subscriptions cancelled, minor units of `currency`. */
    cancelledRevenue: bigint('cancelled_revenue', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // The triggers' ON CONFLICT target and the reads' index: the account, a merchant's currency, the grain, then the
    // day range.
    unique('subscription_kpis_key')
      .on(t.accountId, t.merchantId, t.currency, t.wholeMonth, t.day, t.planId, t.cancellationReason)
      .nullsNotDistinct(),
  ],
);

/**
 * A subscription action handed to the platform and not confirmed yet (issue 24; spec 3, sections 4 and 9): at most one
 * per subscription, so two users acting on one subscription never both reach the platform. The PATCH claims the row
 * (after checking the version the user saw), asks the platform, then in one transaction deletes the claim, writes the
 * new status with its audit entry (the KPI rollup follows by trigger); a refusal or a timeout deletes the claim and
 * changes nothing. A claim outlives its request only if the process dies: past `expiresAt` the platform applies
 * nothing (the request's deadline) and a new claim replaces it. src/server/areas/subscriptions/service.ts.
 */
export const subscriptionPendingActions = pgTable('subscription_pending_actions', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id),
  /** The subscription's account (migration 0037): every read names it. */
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  /** The claim's own id: only the request that made it confirms or releases it. */
  token: uuid('token').notNull(),
  /** CANCEL, PAUSE or RESUME. */
  action: text('action').notNull(),
  userId: uuid('user_id'),
  /** The request's deadline (now + the action timeout). */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** The statuses an invoice can have (spec 3, section 4 "Invoice"; src/domain/invoices.ts). */
export const INVOICE_STATUS_VALUES = ['DRAFT', 'PENDING', 'PAID', 'CLAIMED', 'OVERDUE', 'CANCELLED'] as const;

/**
 * An account's invoice (issue 25; spec 3, sections 2.12, 3 "Invoice" and 4): its number (unique per account, case
 * aside, by index: two saves of one number race to the index, never to a check), calendar dates, the payments count
 * and amount it bills, and its PDF, stored under a generated name in DATA_DIR/invoice-documents (the uploaded name is
 * `document_name`). Status changes compare-and-set on the status the user saw; field edits of a draft on `version`.
 */
export const invoices = pgTable(
  'invoices',
  {
    /** invoiceId */
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    /** DRAFT, PENDING, PAID, CLAIMED, OVERDUE, CANCELLED. */
    status: text('status').notNull(),
    /** SAP code format: letters and digits, at most 20. */
    number: text('number').notNull(),
    issuingDate: date('issuing_date', { mode: 'string' }).notNull(),
    /** Always the issuing date plus 10 days (a check below keeps it so). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    timePeriodFrom: date('time_period_from', { mode: 'string' }).notNull(),
    timePeriodTo: date('time_period_to', { mode: 'string' }).notNull(),
    /** The successful payments the invoice bills (paymentsAmount). */
    paymentsCount: integer('payments_count').notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The PDF's name on disk, generated (never the uploaded name). */
    documentStoredName: text('document_stored_name').notNull().unique(),
    /** The uploaded file's base name, sanitised: what downloads are named. */
    documentName: text('document_name').notNull(),
    documentSize: integer('document_size').notNull(),
    /** A problem the platform reported with this invoice; null when none. */
    error: text('error'),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change: a draft's edit names the version it was opened on. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // The list's default order (issuing date, newest first, id as tiebreaker, both DESC like the keyset order) per
    // account, and the same order inside the status filter, so a first page and its capped count read index ranges.
    index('invoices_account_issuing_idx').on(t.accountId, t.issuingDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invoices_account_status_issuing_idx').on(
      t.accountId,
      t.status,
      t.issuingDate.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // One number per account, whatever its case: 'INV1' and 'inv1' are one invoice to a finance user.
    uniqueIndex('invoices_account_number_key').on(t.accountId, sql`lower(${t.number})`),
    // Search by number ("contains"): trigrams (pg_trgm, migration 0002).
    index('invoices_number_trgm_idx').using('gin', sql`lower(${t.number}) gin_trgm_ops`),
    check('invoices_status_known', sql`${t.status} in (${quotedList(INVOICE_STATUS_VALUES)})`),
    check('invoices_due_date_rule', sql`${t.dueDate} = ${t.issuingDate} + 10`),
    check(
      'invoices_period_order',
      sql`${t.timePeriodFrom} <= ${t.timePeriodTo} and ${t.timePeriodTo} <= ${t.issuingDate}`,
    ),
    check('invoices_number_shape', sql`${t.number} ~ '^[A-Za-z0-9]{1,20}$'`),
    check('invoices_amounts_not_negative', sql`${t.amount} >= 0 and ${t.paymentsCount} >= 0`),
    check('invoices_document_size_range', sql`${t.documentSize} between 1 and 5242880`),
  ],
);

/**
 * Recent records (issue 26): the records each user opened last, one row per (user, kind, record), so the palette's
 * empty state lists them on any device. Opening again moves the row's opened_at (an upsert on the key, never a read
 * then a write); each open trims the user's rows to the newest 50 in its transaction. The record itself is not a
 * foreign key (five tables); the list joins it at read time, so a deleted record drops out. A read trail, not a
 * configuration change: no audit entries.
 */
export const recentRecords = pgTable(
  'recent_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** TRANSACTION, CHARGEBACK, MID, ROUTE or MERCHANT. */
    kind: text('kind').notNull(),
    recordId: uuid('record_id').notNull(),
    /** The record's account and merchant when it was opened; a record never moves to another tenant. */
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    merchantId: uuid('merchant_id'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.recordId] }),
    index('recent_records_user_opened_idx').on(t.userId, t.openedAt.desc(), t.kind, t.recordId),
    check('recent_records_kind_known', sql`${t.kind} in (${quotedList(RECENT_RECORD_KINDS)})`),
  ],
);

/**
 * Saved views (issue 26): a list's filters, search, order, page size and columns under a name, personal (owner only)
 * or shared with the account. Names are unique, ignoring case, per (account, list, owner) among personal views and
 * per (account, list) among shared ones: two partial unique indexes decide parallel saves. A shared view outlives its
 * author (owner set null); a personal one goes with them.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The list's key ('account/transactions', src/domain/saved-views.ts). */
    list: text('list').notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull(),
    query: text('query').notNull(),
    filters: jsonb('filters').$type<Record<string, string[]>>().notNull(),
    search: text('search').notNull(),
    sort: text('sort'),
    pageSize: integer('page_size').notNull(),
    columns: jsonb('columns').$type<string[] | null>(),
    version: integer('version').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_views_personal_name_key')
      .on(t.accountId, t.list, t.ownerId, sql`lower(${t.name})`)
      .where(sql`not ${t.shared}`),
    uniqueIndex('saved_views_shared_name_key').on(t.accountId, t.list, sql`lower(${t.name})`).where(sql`${t.shared}`),
    index('saved_views_owner_list_idx').on(t.ownerId, t.accountId, t.list),
    check('saved_views_page_size_known', sql`${t.pageSize} in (50, 100, 500)`),
  ],
);

/** The caller's default view of a list in an account: one per (user, account, list), by the key. */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    viewId: uuid('view_id')
      .notNull()
      .references(() => savedViews.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId, t.list] }), index('saved_view_defaults_view_idx').on(t.viewId)],
);
