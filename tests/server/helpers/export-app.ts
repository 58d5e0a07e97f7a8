import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig, type ServerConfig } from '@server/config';
import type { ExportOptions } from '@server/lib/export/service';
import type { SubscriptionPlatform } from '@server/payments/sandbox-platform';
import { type AuthDeps, TokenSigner } from '@server/plugins/auth';
import type { FastifyInstance } from 'fastify';
import { createClock, createTestDatabase, insertRoles, type TestApp } from './test-app';

// A test app whose e-mailed exports go to a temporary folder, with export limits of the test's choosing and room for
// extra routes (registered before the app is ready, with the app's sign-in).

export interface ExportTestApp extends TestApp {
  exportsDir: string;
}

export async function buildExportTestApp(
  options: {
    exports?: Partial<ExportOptions>;
    register?: (app: FastifyInstance, auth: AuthDeps) => Promise<void>;
    configOverrides?: Partial<ServerConfig>;
    /** Applies subscription actions instead of the configured sandbox platform. */
    platform?: SubscriptionPlatform;
  } = {},
): Promise<ExportTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-exports-'));
  const database = await createTestDatabase();
  await insertRoles(database.db);
  const clock = createClock();
  const config = loadConfig({}, { logLevel: 'silent', serveConsole: false, dataDir, ...options.configOverrides });
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    exports: options.exports,
    ...(options.platform ? { platform: options.platform } : {}),
  });
  if (options.register) {
    // The same secret as the app's (kept in the database), so the app's tokens sign in to the extra routes too.
    const signer = await TokenSigner.create(database.db, config.tokenSecret, config.accessTokenTtlSeconds);
    await options.register(app, { db: database.db, signer, now: clock.now });
  }
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    exportsDir: join(dataDir, 'exports'),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
