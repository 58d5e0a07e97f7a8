import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@domain/contract/config';
import { SUBSCRIPTION_ACTION_TIMEOUT_MS } from '@domain/subscriptions';
import { DEFAULT_MAX_LAG_MS } from './db/replicas';
import {
  SANDBOX_PLATFORM_DEFAULT_DELAY_MS,
  type SandboxPlatformMode,
  sandboxPlatformMode,
} from './payments/sandbox-platform';

// Every setting the server reads from the environment, in one place (the README's configuration table).

export interface ServerConfig {
  port: number;
  /** 127.0.0.1 unless HOST says otherwise: reaching the server from another machine is an explicit choice. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Read replicas of DATABASE_URL (DATABASE_READ_URL, comma-separated): where lists, details and exports read. */
  databaseReadUrls: string[];
  /** A replica further behind than this (DATABASE_READ_MAX_LAG_MS) is skipped until it catches up. */
  readMaxLagMs: number;
  /** Where the public links in e-mails point; defaults to http://localhost:PORT. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Secret for signing access tokens. When unset, one is generated and kept in the database. */
  tokenSecret: string | undefined;
  /** Key material sealing MID credentials (lib/secret-box.ts). When unset, one is generated and kept in the database. */
  credentialsKey: string | undefined;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  /** Sign-in failures allowed per identity from unknown devices, per address, per device cookie (README). */
  loginLimit: { perIdentity: number; perAddress: number; perDevice: number; windowSeconds: number };
  runtime: RuntimeConfig;
  /** Serve the built console (false under `npm run dev` and in API tests). */
  serveConsole: boolean;
  /** Folder of the built console: dist/console, or CONSOLE_DIR (a second checkout or a parallel e2e run). */
  consoleDir: string;
  logLevel: string;
  /** Live demo orders per minute across the demo accounts, placed by `npm start` on a demo database; 0 is off. */
  demoTrafficRate: number;
  /** How often the limit-alerts check runs (jobs/limit-alerts.ts), in milliseconds. */
  limitAlertsIntervalMs: number;
  /**
   * How long a subscription action (cancel, pause, resume) waits for the platform before it fails with 504 and
   * changes nothing (spec 3, section 9: up to 30 seconds). Tests shorten it.
   */
  subscriptionActionTimeoutMs: number;
  /** The sandbox platform (payments/sandbox-platform.ts): how long it takes to confirm an action, and how it answers. */
  sandboxPlatform: { delayMs: number; mode: SandboxPlatformMode };
}

const packageVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const num = (value: string | undefined, fallback: number) =>
  value && Number.isFinite(Number(value)) ? Number(value) : fallback;

const HELP_VIDEOS: RuntimeConfig['helpVideos'] = {
  'Getting started': [{ title: 'A tour of the console', url: 'https://help.example/videos/getting-started' }],
  Routes: [{ title: 'Steering payments with routes', url: 'https://help.example/videos/routes' }],
  MIDs: [{ title: 'Setting up a MID', url: 'https://help.example/videos/mids' }],
  Simulator: [{ title: 'Simulating traffic', url: 'https://help.example/videos/simulator' }],
  Disputes: [{ title: 'Working the dispute queue', url: 'https://help.example/videos/disputes' }],
};

/**
 * The development mailbox shows every e-mail the console would send, reset and invitation links included, so it
 * exists only where mail goes nowhere else: never with SMTP_URL, never with NODE_ENV=production, not with MAILBOX=off.
 */
export function mailboxEnabled(env: NodeJS.ProcessEnv): boolean {
  return !env.SMTP_URL && env.NODE_ENV !== 'production' && env.MAILBOX !== 'off';
}

/** DEMO_TRAFFIC=off or DEMO_TRAFFIC_RATE=0 stop the live demo orders; tests (NODE_ENV=test) drive them explicitly. */
export function demoTrafficRate(env: NodeJS.ProcessEnv): number {
  if (env.DEMO_TRAFFIC === 'off') return 0;
  return Math.max(0, num(env.DEMO_TRAFFIC_RATE, env.NODE_ENV === 'test' ? 0 : 6));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = num(env.PORT, 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const apiBase = env.API_BASE ?? '/api';
  let helpVideos = HELP_VIDEOS;
  if (env.HELP_VIDEOS) helpVideos = JSON.parse(env.HELP_VIDEOS) as RuntimeConfig['helpVideos'];
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrls: (env.DATABASE_READ_URL ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    readMaxLagMs: Math.max(0, num(env.DATABASE_READ_MAX_LAG_MS, DEFAULT_MAX_LAG_MS)),
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Payments Ops Console <no-reply@ops.example>',
    tokenSecret: env.TOKEN_SECRET || undefined,
    credentialsKey: env.CREDENTIALS_KEY || undefined,
    accessTokenTtlSeconds: num(env.ACCESS_TOKEN_TTL, 600),
    sessionTtlSeconds: num(env.SESSION_TTL, 12 * 3600),
    loginLimit: {
      perIdentity: num(env.LOGIN_LIMIT_PER_ACCOUNT, 5),
      perAddress: num(env.LOGIN_LIMIT_PER_ADDRESS, 20),
      perDevice: num(env.LOGIN_LIMIT_PER_DEVICE, 5),
      // PCI DSS 8.3.4: a lockout lasts at least 30 minutes.
      windowSeconds: num(env.LOGIN_LIMIT_WINDOW, 1800),
    },
    runtime: {
      apiBase,
      userActivityBase: env.USER_ACTIVITY_BASE ?? `${apiBase}/audit`,
      analyticsBase: env.ANALYTICS_BASE ?? `${apiBase}/analytics`,
      liveOrigin: env.LIVE_ORIGIN ?? '',
      sandboxOrigin: env.SANDBOX_ORIGIN ?? publicUrl,
      appVersion: env.APP_VERSION ?? packageVersion(),
      internalDomains: (env.INTERNAL_EMAIL_DOMAINS ?? 'ops.example')
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
      mailbox: mailboxEnabled(env),
      helpVideos,
    },
    serveConsole: env.SERVE_CONSOLE !== 'false',
    consoleDir: env.CONSOLE_DIR || fileURLToPath(new URL('../../dist/console', import.meta.url)),
    logLevel: env.LOG_LEVEL ?? 'info',
    demoTrafficRate: demoTrafficRate(env),
    limitAlertsIntervalMs: Math.max(1, num(env.LIMIT_ALERTS_INTERVAL, 30)) * 1000,
    subscriptionActionTimeoutMs: Math.max(1, num(env.SUBSCRIPTION_ACTION_TIMEOUT_MS, SUBSCRIPTION_ACTION_TIMEOUT_MS)),
    sandboxPlatform: {
      delayMs: Math.max(0, num(env.SANDBOX_PLATFORM_DELAY_MS, SANDBOX_PLATFORM_DEFAULT_DELAY_MS)),
      mode: sandboxPlatformMode(env.SANDBOX_PLATFORM_MODE),
    },
    ...overrides,
  };
}
