import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { Reads } from './db/replicas';
import type { LimitAlerts } from './jobs/limit-alerts';
import type { JobQueue } from './jobs/queue';
import type { ExportService } from './lib/export/service';
import type { SecretBox } from './lib/secret-box';
import type { Mailer } from './mail/mailer';
import type { SandboxAcquirer } from './payments/sandbox-acquirer';
import type { SubscriptionPlatform } from './payments/sandbox-platform';
import type { TokenSigner } from './plugins/auth';

// A module of its own, so the area plugins that receive these need not import app.ts, which imports them.

/** What every area plugin receives. Tests build it with an in-memory database and a controllable clock. */
export interface AppDeps {
  db: Database['db'];
  /** Where lists, details, exports, counters, the dashboard and the backtest read (plugins/auth.ts readDb). */
  reads: Reads;
  config: ServerConfig;
  signer: TokenSigner;
  mailer: Mailer;
  now: () => number;
  jobs: JobQueue;
  exports: ExportService;
  /** Answers refunds (payments/sandbox-acquirer.ts); its asynchronous answers settle through the job worker. */
  acquirer: SandboxAcquirer;
  /** Applies subscription actions (payments/sandbox-platform.ts, or a test's stand-in). */
  platform: SubscriptionPlatform;
  /** Seals and opens MID credentials. */
  secrets: SecretBox;
  /** Fires limit alerts (jobs/limit-alerts.ts): requestCheck() after a change that may cross one. */
  limitAlerts: LimitAlerts;
}
