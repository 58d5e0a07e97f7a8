import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchants_account_name_idx').on(t.accountId, sql`lower(${t.prettyName})`),
    index('merchants_pretty_name_idx').on(sql`lower(${t.prettyName})`),
    index('merchants_pretty_name_trgm_idx').using('gin', sql`lower(${t.prettyName}) gin_trgm_ops`),
    index('merchants_legal_name_trgm_idx').using('gin', sql`lower(${t.merchantLegalName}) gin_trgm_ops`),
  ],
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

/** Sign-in attempts, kept for rate limiting per identity (account + e-mail) and per address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identity: text('identity').notNull(),
    address: text('address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_identity_idx').on(t.identity, t.at),
    index('login_attempts_address_idx').on(t.address, t.at),
  ],
);

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
