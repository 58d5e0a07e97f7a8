import { readFileSync } from 'node:fs';
import type { RuntimeConfig } from '@domain/contract/config';

// Every setting the server reads from the environment, in one place (the README's configuration table).

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the public links in e-mails point; defaults to http://localhost:PORT. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Secret for signing access tokens. When unset, one is generated and kept in the database. */
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  sessionTtlSeconds: number;
  loginLimit: { perIdentity: number; perAddress: number; windowSeconds: number };
  runtime: RuntimeConfig;
  /** Serve the built console from dist/console (false under `npm run dev` and in API tests). */
  serveConsole: boolean;
  logLevel: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = num(env.PORT, 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const apiBase = env.API_BASE ?? '/api';
  let helpVideos = HELP_VIDEOS;
  if (env.HELP_VIDEOS) helpVideos = JSON.parse(env.HELP_VIDEOS) as RuntimeConfig['helpVideos'];
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? '.data',
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Payments Ops Console <no-reply@ops.example>',
    tokenSecret: env.TOKEN_SECRET || undefined,
    accessTokenTtlSeconds: num(env.ACCESS_TOKEN_TTL, 600),
    sessionTtlSeconds: num(env.SESSION_TTL, 12 * 3600),
    loginLimit: {
      perIdentity: num(env.LOGIN_LIMIT_PER_ACCOUNT, 5),
      perAddress: num(env.LOGIN_LIMIT_PER_ADDRESS, 20),
      windowSeconds: num(env.LOGIN_LIMIT_WINDOW, 900),
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
      mailbox: !env.SMTP_URL && env.MAILBOX !== 'off',
      helpVideos,
    },
    serveConsole: env.SERVE_CONSOLE !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    ...overrides,
  };
}
