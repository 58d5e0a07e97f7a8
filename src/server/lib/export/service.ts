import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BASE64_HEADER,
  EXPORT_DIRECT_LIMIT,
  EXPORT_EMAIL_LIMIT,
  type ExportFormat,
  type ExportQuery,
  type ExportStatus,
} from '@domain/contract/exports';
import { messageFor } from '@domain/errors';
import { can } from '@domain/permissions';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { primaryOnly, type Reads } from '../../db/replicas';
import { exportFiles, roles, userAccounts, users } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { PermanentJobError } from '../../jobs/worker';
import type { Mailer } from '../../mail/mailer';
import { exportFailedMail, exportReadyMail } from '../../mail/templates';
import type { AuthContext } from '../../plugins/auth';
import { ApiError, forbidden, notFound } from '../../plugins/errors';
import { type ActivityEntry, recordActivity } from '../audit';
import { contentDisposition } from '../content-disposition';
import { fileStamp } from './csv';
import type { AnyExportDefinition, ExportDefinition, ExportScope } from './definition';
import { csvStream, type FileProgress, fileStream } from './stream';
import { base64Encoder } from './zip';

// The one export engine (spec 1, section 4 "Export"; design.md section 6). Every list export goes through `send`:
//   up to 10,000 rows     200, the file streamed in the response (CSV, or a ZIP as base64 text)
//   10,001 to 100,000     406 'export-too-big', or with forceEmailExport a background job builds the file and e-mails
//                         a link (204); the link needs the same user's session and expires after 72 hours
//   above 100,000         422 'export-too-large'
// Every export writes an audit entry (resource type EXPORT) before any data leaves.

export const EXPORT_JOB = 'export';
/** How long an e-mailed file can be downloaded. */
export const EXPORT_LINK_TTL_MS = 72 * 3600_000;
/** Rows per database read while streaming. */
export const EXPORT_BATCH_SIZE = 2_000;

export interface ExportOptions {
  directLimit: number;
  emailLimit: number;
  batchSize: number;
  /** Where e-mailed files are kept (DATA_DIR/exports). */
  dir: string;
  linkTtlMs: number;
}

export interface ExportServiceDeps {
  db: Db;
  /** Where the rows are read: a read replica holding what the file must include, or the primary (db/replicas.ts). */
  reads?: Reads;
  mailer: Mailer;
  jobs: JobQueue;
  now: () => number;
  /** Base of the links in e-mails (the console's address). */
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

interface SendInput<Params, Query extends ExportQuery> {
  params: Params;
  query: Query;
}

type ExportRecord = typeof exportFiles.$inferSelect;

export interface ExportService {
  readonly options: ExportOptions;
  /** Makes a definition available to queued jobs; every exportable list registers its definition once. */
  register(definition: AnyExportDefinition): void;
  /** Answers a list's export call (see the table above). */
  send<Params, Query extends ExportQuery, Row>(
    request: FastifyRequest,
    reply: FastifyReply,
    definition: ExportDefinition<Params, Query, Row>,
    input: SendInput<Params, Query>,
  ): Promise<void>;
  /** The e-mailed export `exportId` when the caller asked for it and may still see its data; 404 otherwise. */
  findOwn(auth: AuthContext, exportId: string): Promise<ExportRecord>;
  statusOf(record: ExportRecord): ExportStatus;
  /** Streams a built file: 410 'link-expired' once expired. */
  sendStored(reply: FastifyReply, record: ExportRecord): Promise<void>;
  /** Removes the files of expired exports; returns how many. */
  sweepExpired(): Promise<number>;
  /** The background build, registered with the job worker under EXPORT_JOB. */
  readonly jobHandler: JobHandler;
}

const jobPayload = z.object({
  exportId: z.string(),
  source: z.string(),
  format: z.enum(['csv', 'zip']),
  userId: z.string(),
  /** The accounts the caller could act on when asking; the build may only narrow them. */
  accountIds: z.array(z.string()),
  params: z.unknown(),
  query: z.unknown(),
  /** With read replicas: the primary's WAL position when the export was asked for; the file holds all before it. */
  readAfterLsn: z.number().int().nonnegative().optional(),
});
type ExportJobPayload = z.infer<typeof jobPayload>;

const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', zip: 'application/zip' };

/** The query as the audit log keeps it: the list's filters, without paging and without the export's own options. */
function filtersOf(query: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, limit: _limit, timeZone: _zone, forceEmailExport: _force, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** Sets the file headers and sends `body`; a ZIP goes as base64 text (spec 1, section 4). */
function sendFile(reply: FastifyReply, format: ExportFormat, fileName: string, body: Readable): void {
  reply
    .code(200)
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(fileName))
    // Exported data must not stay in shared caches or the browser's disk cache.
    .header('cache-control', 'no-store');
  if (format === 'zip') {
    reply.header(BASE64_HEADER, 'base64');
    const encoder = base64Encoder();
    // pipeline destroys both ends when either fails or the client goes away.
    pipeline(body, encoder).catch(() => undefined);
    reply.send(encoder);
    return;
  }
  reply.send(body);
}

/** The caller's grants and accounts now, for a job running without a session; undefined when they cannot sign in. */
async function loadJobAuth(db: Db, userId: string, accountIds: readonly string[]) {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (row?.user.status !== 'ACTIVE') return undefined;
  const linked = await db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(eq(userAccounts.userId, userId));
  const auth: AuthContext = {
    userId,
    // A background job acts with no session; only the grants and accounts matter to it.
    sessionId: '',
    email: row.user.email,
    fullName: `${row.user.firstName} ${row.user.lastName}`.trim(),
    userType: row.user.userType as AuthContext['userType'],
    isProviderStaff: row.user.userType === 'INTERNAL',
    permissions: row.role.permissions,
    allAllowed: row.role.allAllowed,
    accountIds: linked.map((link) => link.accountId).filter((id) => accountIds.includes(id)),
  };
  return { auth, firstName: row.user.firstName, email: row.user.email };
}

export function createExportService(deps: ExportServiceDeps, overrides: Partial<ExportOptions> = {}): ExportService {
  const options: ExportOptions = {
    directLimit: EXPORT_DIRECT_LIMIT,
    emailLimit: EXPORT_EMAIL_LIMIT,
    batchSize: EXPORT_BATCH_SIZE,
    dir: '.data/exports',
    linkTtlMs: EXPORT_LINK_TTL_MS,
    ...overrides,
  };
  const { db, now } = deps;
  const reads = deps.reads ?? primaryOnly(db);
  const registry = new Map<string, AnyExportDefinition>();
  const linkOf = (exportId: string) => `${deps.publicUrl.replace(/\/$/, '')}/exports/${exportId}`;

  const tooLarge = () =>
    new ApiError(
      422,
      'export-too-large',
      `Exports are limited to ${options.emailLimit.toLocaleString('en')} records. Narrow the filters and try again.`,
    );

  function auditEntry(
    auth: AuthContext,
    definition: AnyExportDefinition,
    scope: ExportScope,
    details: { exportId: string; fileName: string; delivery: 'download' | 'email'; rowCount: number; query: object },
  ): ActivityEntry {
    const query = details.query as Record<string, unknown>;
    return {
      actor: { userId: auth.userId, email: auth.email, fullName: auth.fullName },
      actionType: 'INSERT',
      resourceType: 'EXPORT',
      resourceId: details.exportId,
      newValue: {
        source: definition.source,
        fileName: details.fileName,
        format: definition.format,
        delivery: details.delivery,
        rowCount: details.rowCount,
        timeZone: query.timeZone,
        filters: filtersOf(query),
      },
      accountId: scope.accountId,
      merchantId: scope.merchantId ?? null,
    };
  }

  function definitionOf(source: string): AnyExportDefinition | undefined {
    return registry.get(source);
  }

  /** Whether the caller may still see the data of an export: its permission, and its tenant. */
  function mayAccess(auth: AuthContext, record: ExportRecord): boolean {
    const definition = definitionOf(record.source);
    if (!definition || !can(auth, definition.permission)) return false;
    return record.accountId === null ? auth.isProviderStaff : auth.accountIds.includes(record.accountId);
  }

  const isExpired = (record: ExportRecord) => record.expiresAt !== null && record.expiresAt.getTime() <= now();

  async function removeStored(record: Pick<ExportRecord, 'id' | 'storedName'>) {
    if (!record.storedName) return;
    await rm(join(options.dir, record.storedName), { force: true });
    await db.update(exportFiles).set({ storedName: null }).where(eq(exportFiles.id, record.id));
  }

  async function build(payload: ExportJobPayload, record: ExportRecord) {
    const definition = definitionOf(payload.source);
    if (!definition) throw new PermanentJobError(`No export is registered as '${payload.source}'`);
    const caller = await loadJobAuth(db, payload.userId, payload.accountIds);
    if (!caller) throw new PermanentJobError('The user who asked for this export can no longer sign in');
    const { auth } = caller;
    if (!can(auth, definition.permission)) {
      throw new PermanentJobError('The user who asked for this export no longer has the permission');
    }
    const params = definition.params.safeParse(payload.params);
    const query = definition.query.safeParse(payload.query);
    if (!params.success || !query.success) throw new PermanentJobError('The export request is no longer valid');
    try {
      definition.scope(auth, params.data);
    } catch (error) {
      if (error instanceof ApiError) {
        throw new PermanentJobError('The user who asked for this export no longer has access to its data');
      }
      throw error;
    }
    // Everything committed before the user asked is in the file: read on a replica that has replayed that far.
    const source = await reads.reaching(payload.readAfterLsn ?? (await reads.primaryLsn()));
    const rows = definition.rows(source, { auth, params: params.data, query: query.data });
    if ((await rows.count(options.emailLimit + 1)) > options.emailLimit)
      throw new PermanentJobError(tooLarge().message);

    await mkdir(options.dir, { recursive: true });
    const storedName = `${record.id}-${randomBytes(8).toString('hex')}.${payload.format}`;
    const partial = join(options.dir, `${storedName}.part`);
    const progress: FileProgress = { rows: 0 };
    try {
      const csv = csvStream(definition.columns, rows, { timeZone: query.data.timeZone }, options.batchSize, progress);
      const csvName = record.fileName.replace(/\.[a-z]+$/, '.csv');
      await pipeline(fileStream(payload.format, csv, csvName, record.createdAt), createWriteStream(partial));
      await rename(partial, join(options.dir, storedName));
    } finally {
      await rm(partial, { force: true });
    }
    const { size } = await stat(join(options.dir, storedName));
    const readyAt = new Date(now());
    const expiresAt = new Date(readyAt.getTime() + options.linkTtlMs);
    // A file the database does not record would never be cleaned up: it goes if the record cannot be written.
    const recorded = db.transaction(async (tx) => {
      await tx
        .update(exportFiles)
        .set({
          status: 'ready',
          storedName,
          rowCount: progress.rows,
          sizeBytes: size,
          error: null,
          readyAt,
          expiresAt,
        })
        .where(eq(exportFiles.id, record.id));
      await deps.mailer.enqueue(
        tx,
        exportReadyMail({
          to: caller.email,
          firstName: caller.firstName,
          url: linkOf(record.id),
          fileName: record.fileName,
          rowCount: progress.rows,
          expiresAt,
        }),
      );
    });
    await recorded.catch(async (error: unknown) => {
      await rm(join(options.dir, storedName), { force: true });
      throw error;
    });
  }

  const jobHandler: JobHandler = {
    async run(raw, job) {
      const payload = jobPayload.safeParse(raw);
      if (!payload.success) throw new PermanentJobError('Malformed export job');
      const [record] = await db.select().from(exportFiles).where(eq(exportFiles.id, payload.data.exportId));
      // Removed with its user, or built by an earlier attempt that failed to mark its job done.
      if (!record || record.status === 'ready') return;
      await db.update(exportFiles).set({ status: 'running' }).where(eq(exportFiles.id, record.id));
      try {
        await build(payload.data, record);
      } catch (error) {
        if (!(error instanceof PermanentJobError) && job.attempt < job.maxAttempts) {
          await db.update(exportFiles).set({ status: 'queued' }).where(eq(exportFiles.id, record.id));
        }
        throw error;
      }
      await deps.mailer.flush().catch((error) => deps.log.error({ err: error }, 'export mail delivery failed'));
      await sweepExpired().catch((error) => deps.log.error({ err: error }, 'expired exports clean-up failed'));
    },
    async failed(raw, error) {
      const payload = jobPayload.safeParse(raw);
      if (!payload.success) return;
      const [record] = await db
        .update(exportFiles)
        .set({ status: 'failed', error: error.message.slice(0, 500) })
        .where(eq(exportFiles.id, payload.data.exportId))
        .returning();
      if (!record) return;
      const [user] = await db.select().from(users).where(eq(users.id, record.userId));
      if (!user) return;
      await deps.mailer.enqueue(
        db,
        exportFailedMail({
          to: user.email,
          firstName: user.firstName,
          url: linkOf(record.id),
          fileName: record.fileName,
        }),
      );
      await deps.mailer.flush().catch((failure) => deps.log.error({ err: failure }, 'export mail delivery failed'));
    },
  };

  async function sweepExpired(): Promise<number> {
    const expired = await db
      .select({ id: exportFiles.id, storedName: exportFiles.storedName })
      .from(exportFiles)
      .where(and(isNotNull(exportFiles.storedName), lt(exportFiles.expiresAt, new Date(now()))));
    for (const record of expired) await removeStored(record);
    return expired.length;
  }

  return {
    options,
    jobHandler,
    sweepExpired,
    register(definition) {
      const known = registry.get(definition.source);
      if (known && known !== definition) throw new Error(`Two exports are registered as '${definition.source}'`);
      registry.set(definition.source, definition);
    },

    async send(request, reply, definition, { params, query }) {
      const { auth } = request;
      if (!can(auth, definition.permission)) throw forbidden();
      const scope = definition.scope(auth, params);
      const rows = definition.rows(reads.after(auth.writeLsn), { auth, params, query });
      const count = await rows.count(options.emailLimit + 1);
      if (count > options.emailLimit) throw tooLarge();
      if (count > options.directLimit && !query.forceEmailExport) {
        throw new ApiError(406, 'export-too-big', messageFor('export-too-big').content);
      }

      const at = new Date(now());
      const fileName = `${definition.fileLabel}-${fileStamp(at)}.${definition.format}`;
      const exportId = randomUUID();
      if (count > options.directLimit) {
        if (!registry.has(definition.source)) throw new Error(`Export '${definition.source}' is not registered`);
        const payload: ExportJobPayload = {
          exportId,
          source: definition.source,
          format: definition.format,
          userId: auth.userId,
          accountIds: [...auth.accountIds],
          params,
          query,
          ...(reads.enabled ? { readAfterLsn: await reads.primaryLsn() } : {}),
        };
        await db.transaction(async (tx) => {
          await tx.insert(exportFiles).values({
            id: exportId,
            userId: auth.userId,
            accountId: scope.accountId,
            source: definition.source,
            fileName,
            format: definition.format,
            createdAt: at,
          });
          await deps.jobs.enqueue(tx, EXPORT_JOB, payload);
          await recordActivity(
            tx,
            auditEntry(auth, definition, scope, { exportId, fileName, delivery: 'email', rowCount: count, query }),
          );
        });
        deps.jobs.wake();
        await reply.code(204).send();
        return;
      }

      await recordActivity(
        db,
        auditEntry(auth, definition, scope, { exportId, fileName, delivery: 'download', rowCount: count, query }),
      );
      const csv = csvStream(definition.columns, rows, { timeZone: query.timeZone }, options.batchSize);
      const body = fileStream(definition.format, csv, fileName.replace(/\.zip$/, '.csv'), at);
      sendFile(reply, definition.format, fileName, body);
      // Resolves once the response has ended, so the route's handler does not answer a second time.
      await reply;
    },

    async findOwn(auth, exportId) {
      const [record] = await db
        .select()
        .from(exportFiles)
        .where(and(eq(exportFiles.id, exportId), eq(exportFiles.userId, auth.userId)));
      if (!record || !mayAccess(auth, record)) throw notFound();
      return record;
    },

    statusOf(record) {
      const status = record.status === 'ready' && isExpired(record) ? 'expired' : record.status;
      return {
        exportId: record.id,
        fileName: record.fileName,
        status: status as ExportStatus['status'],
        rowCount: record.rowCount,
        expiresAt: record.expiresAt?.toISOString() ?? null,
      };
    },

    async sendStored(reply, record) {
      if (isExpired(record)) {
        await removeStored(record);
        throw new ApiError(410, 'link-expired', 'This download link has expired');
      }
      if (record.status !== 'ready' || !record.storedName) throw notFound();
      const path = join(options.dir, record.storedName);
      // Checked before answering, so a file removed behind our back is a 404, not a broken 200.
      await stat(path).catch(() => {
        throw notFound();
      });
      sendFile(reply, record.format as ExportFormat, record.fileName, createReadStream(path));
      await reply;
    },
  };
}
