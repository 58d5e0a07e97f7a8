import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { runtimeConfig } from '@domain/contract/config';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { accountsRoutes } from './areas/accounts/routes';
import { activityRoutes } from './areas/activity/routes';
import { analyticsRoutes } from './areas/analytics/routes';
import { authRoutes } from './areas/auth/routes';
import { chargebacksRoutes } from './areas/chargebacks/routes';
import { countersPspRoutes, countersRoutes } from './areas/counters/routes';
import { dashboardRoutes } from './areas/dashboard/routes';
import { disputeTemplatesRoutes } from './areas/dispute-templates/routes';
import { exportsRoutes } from './areas/exports/routes';
import { invoicesRoutes } from './areas/invoices/routes';
import { limitsPspRoutes, limitsRoutes } from './areas/limits/routes';
import { listsRoutes } from './areas/lists/routes';
import { mailboxRoutes } from './areas/mailbox/routes';
import { merchantsRoutes } from './areas/merchants/routes';
import { midsRoutes } from './areas/mids/routes';
import { plansRoutes } from './areas/plans/routes';
import { recentRecordsRoutes } from './areas/recent-records/routes';
import { riskAlertsRoutes } from './areas/risk-alerts/routes';
import { routesRoutes } from './areas/routes/routes';
import { savedViewsRoutes } from './areas/saved-views/routes';
import { searchRoutes } from './areas/search/routes';
import { subscriptionsRoutes } from './areas/subscriptions/routes';
import { transactionsRoutes } from './areas/transactions/routes';
import { usersRoutes } from './areas/users/routes';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import { createLimitAlerts, LIMIT_ALERTS_JOB, type LimitAlerts } from './jobs/limit-alerts';
import { createJobQueue } from './jobs/queue';
import { createJobWorker, type JobWorker, type JobWorkerOptions } from './jobs/worker';
import { createExportService, EXPORT_JOB, type ExportOptions, type ExportService } from './lib/export/service';
import { loadSecretBox } from './lib/secret-box';
import type { Mailer } from './mail/mailer';
import { createMailer } from './mail/outbox';
import { createSandboxAcquirer, SANDBOX_SETTLEMENT_JOB } from './payments/sandbox-acquirer';
import { createSandboxPlatform, type SubscriptionPlatform } from './payments/sandbox-platform';
import { registerApiDocs } from './plugins/api-docs';
import { requireAuth, TokenSigner } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { logSerializers } from './plugins/logging';
import { pspScopedRoutes } from './plugins/psp-scope';
import { registerQueryKeyGuard } from './plugins/query-keys';
import { registerSecurityHeaders } from './plugins/security-headers';

export interface BuildOptions {
  config: ServerConfig;
  database: Database;
  now?: () => number;
  mailer?: Mailer;
  /** Export limits and storage; the storage folder defaults to DATA_DIR/exports. */
  exports?: Partial<ExportOptions>;
  jobs?: JobWorkerOptions;
  /** Applies subscription actions; the sandbox platform configured by `config.sandboxPlatform` by default. */
  platform?: SubscriptionPlatform;
  /** Where the log goes (stdout by default); tests read it. */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs of this process: `npm start` starts it, tests run it with runDue(). */
    jobWorker: JobWorker;
    /** The one export engine, for areas registered outside buildApp (tests, the bench). */
    exportService: ExportService;
    /** The limit-alerts check: `npm start` and the demo traffic ask for runs, tests run it with the worker. */
    limitAlerts: LimitAlerts;
  }
}

/**
 * Query strings use bracketed array names (status[]=A&status[]=B). The brackets are dropped so schemas see
 * `status: ['A', 'B']`; a lone value stays a string and the schema's queryArray wraps it.
 */
function parseQueryString(query: string): Record<string, unknown> {
  const parsed = parseQuery(query);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const values = Array.isArray(value) ? value : [value ?? ''];
    result[name] = key.endsWith('[]') || values.length > 1 ? values : values[0];
  }
  return result;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? Date.now;
  const logger: FastifyServerOptions['logger'] =
    config.logLevel === 'silent'
      ? false
      : {
          level: config.logLevel,
          serializers: logSerializers,
          ...(options.logStream ? { stream: options.logStream } : {}),
        };
  const app = Fastify({
    logger,
    routerOptions: { querystringParser: parseQueryString },
    trustProxy: process.env.TRUST_PROXY === 'true',
    bodyLimit: 8 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerQueryKeyGuard(app);
  await registerSecurityHeaders(app);

  const signer = await TokenSigner.create(database.db, config.tokenSecret, config.accessTokenTtlSeconds);
  const mailer = options.mailer ?? createMailer(database.db, config);
  const jobs = createJobQueue(now);
  const exports = createExportService(
    { db: database.db, reads: database.reads, mailer, jobs, now, publicUrl: config.publicUrl, log: app.log },
    { dir: join(config.dataDir, 'exports'), ...options.exports },
  );
  const acquirer = createSandboxAcquirer({ db: database.db, jobs, now });
  const platform = options.platform ?? createSandboxPlatform(config.sandboxPlatform);
  const secrets = await loadSecretBox(database.db, config.credentialsKey);
  const limitAlerts = createLimitAlerts(
    { db: database.db, jobs, mailer, now, publicUrl: config.publicUrl, log: app.log },
    config.limitAlertsIntervalMs,
  );
  const deps: AppDeps = {
    db: database.db,
    reads: database.reads,
    config,
    signer,
    mailer,
    now,
    jobs,
    exports,
    acquirer,
    platform,
    secrets,
    limitAlerts,
  };
  const jobWorker = createJobWorker(
    {
      db: database.db,
      queue: jobs,
      now,
      handlers: {
        [EXPORT_JOB]: exports.jobHandler,
        [SANDBOX_SETTLEMENT_JOB]: acquirer.settlementHandler,
        [LIMIT_ALERTS_JOB]: limitAlerts.handler,
      },
      log: app.log,
    },
    options.jobs,
  );
  app.decorate('jobWorker', jobWorker);
  app.decorate('exportService', exports);
  app.decorate('limitAlerts', limitAlerts);
  app.addHook('onClose', () => jobWorker.stop());
  const apiBase = config.runtime.apiBase;

  await registerApiDocs(app, config);

  app.get('/config.json', { schema: { hide: true, response: { 200: runtimeConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return config.runtime;
  });
  app.get(`${apiBase}/health`, { schema: { hide: true } }, async () => ({
    ok: true,
    database: database.kind,
    // Whether each replica serves and how far behind it is; not where it is: this call answers anyone.
    ...(database.reads.enabled
      ? {
          replicas: database.reads
            .status()
            .map(({ serving, lagMs }) => ({ serving, lagMs: Number.isFinite(lagMs) ? lagMs : null })),
        }
      : {}),
  }));

  await app.register(
    async (api) => {
      await api.register(authRoutes, deps);
      await api.register(async (scope) => {
        requireAuth(scope, deps);
        if (config.runtime.mailbox) await scope.register(mailboxRoutes, deps);
        await scope.register(accountsRoutes, deps);
        await scope.register(merchantsRoutes, deps);
        await scope.register(listsRoutes, deps);
        await scope.register(midsRoutes, deps);
        await scope.register(countersRoutes, deps);
        await scope.register(limitsRoutes, deps);
        await scope.register(pspScopedRoutes(countersPspRoutes, limitsPspRoutes), deps);
        await scope.register(dashboardRoutes, deps);
        await scope.register(routesRoutes, deps);
        await scope.register(searchRoutes, deps);
        await scope.register(recentRecordsRoutes, deps);
        await scope.register(savedViewsRoutes, deps);
        await scope.register(exportsRoutes, deps);
        await scope.register(usersRoutes, deps);
        await scope.register(transactionsRoutes, deps);
        await scope.register(chargebacksRoutes, deps);
        await scope.register(riskAlertsRoutes, deps);
        await scope.register(plansRoutes, deps);
        await scope.register(subscriptionsRoutes, deps);
        await scope.register(disputeTemplatesRoutes, deps);
        await scope.register(invoicesRoutes, deps);
      });
    },
    { prefix: apiBase },
  );
  // The audit log and analytics have base addresses of their own (spec 1, section 7), with the same sign-in.
  await app.register(
    async (scope) => {
      requireAuth(scope, deps);
      await scope.register(activityRoutes, deps);
    },
    { prefix: config.runtime.userActivityBase },
  );
  await app.register(
    async (scope) => {
      requireAuth(scope, deps);
      await scope.register(analyticsRoutes, deps);
    },
    { prefix: config.runtime.analyticsBase },
  );

  const serveConsole = config.serveConsole && existsSync(join(config.consoleDir, 'index.html'));
  if (serveConsole) {
    // The wildcard route serves whatever the latest build holds; a missing file falls through to the handler below.
    // '/' is the root folder: its index.html is the console, the same page every client-side route gets (without
    // `index` the folder itself was refused with 403). The page is revalidated on every visit, so a new build shows.
    await app.register(fastifyStatic, {
      root: config.consoleDir,
      index: ['index.html'],
      setHeaders: (reply, path) => {
        if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith(`${apiBase}/`) || request.url === apiBase;
    // Paths with a file extension are assets: a missing one is a 404, not the console page.
    const isAsset = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (serveConsole && request.method === 'GET' && !isApi && !isAsset) {
      // Client-side routes: the console decides what is found.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send({ statusCode: 404, error: 'resource-not-found', message: `No route ${request.method} ${request.url}` });
  });

  return app;
}
