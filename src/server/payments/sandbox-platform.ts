import type { SubscriptionAction } from '@domain/subscriptions';

// The sandbox platform: the stand-in for the payments platform that applies subscription actions (cancel, pause,
// resume; spec 3, sections 4, 7 and 9), as sandbox-acquirer.ts stands in for the acquirers. The console's PATCH hands
// the action to the platform and answers once the platform confirms it, which "can take up to 30 seconds".
//
// The contract the service relies on: every request carries a deadline, and the platform applies the action only if
// it confirms before the deadline; past it the request is void (the answer 'expired'). So a call the server gave up on
// (504) can never be applied afterwards, and nothing is left half-done on either side.
//
// How the sandbox answers, so tests and demos reach every outcome on purpose:
// 1. It waits SANDBOX_PLATFORM_DELAY_MS (default 2,000 ms: "a few seconds"; tests use 0), then confirms.
// 2. SANDBOX_PLATFORM_MODE changes every answer: confirm (the default), refuse (after the delay, error 0601
//    'Subscription Action Rejected') or timeout (never confirms: 'expired' at the deadline).
// 3. A cancel whose reason is Other with the text 'sandbox refuse' or 'sandbox timeout' (any case) answers that way
//    whatever the mode, so the console shows both failures on any subscription.
// 4. A delay past the deadline answers 'expired' at the deadline (SANDBOX_PLATFORM_DELAY_MS=40000 shows the 30 s
//    timeout too).

export const SANDBOX_PLATFORM_DEFAULT_DELAY_MS = 2_000;

export const SANDBOX_PLATFORM_MODES = ['confirm', 'refuse', 'timeout'] as const;
export type SandboxPlatformMode = (typeof SANDBOX_PLATFORM_MODES)[number];

/** The mode an environment value names; confirm for anything else. */
export function sandboxPlatformMode(value: string | undefined): SandboxPlatformMode {
  return (SANDBOX_PLATFORM_MODES as readonly string[]).includes(value ?? '')
    ? (value as SandboxPlatformMode)
    : 'confirm';
}

/** What the platform is sent (spec 3, section 7: account, subscription, merchant, reason and action). */
export interface PlatformActionRequest {
  accountId: string;
  merchantId: string;
  subscriptionId: string;
  action: SubscriptionAction;
  /** CANCEL: the reason as sent ('High prices', 'Other: my text'); PAUSE: BACKOFFICE_PAUSE; RESUME: null. */
  reason: string | null;
  /** Epoch milliseconds (real time): the platform applies nothing after it. */
  deadline: number;
}

export interface PlatformError {
  code: string;
  message: string;
}

export type PlatformAnswer =
  | { outcome: 'confirmed' }
  | { outcome: 'refused'; error: PlatformError }
  /** The deadline passed before the platform could confirm: the request is void. */
  | { outcome: 'expired' };

/** The platform as the subscriptions service sees it. */
export interface SubscriptionPlatform {
  apply(request: PlatformActionRequest): Promise<PlatformAnswer>;
}

export const SANDBOX_PLATFORM_ERRORS = {
  rejected: { code: '0601', message: 'Subscription Action Rejected' },
} as const satisfies Record<string, PlatformError>;

/** The trigger texts of rule 3 (each fits Other's 16 characters). */
export const SANDBOX_PLATFORM_TRIGGERS = { refuse: 'sandbox refuse', timeout: 'sandbox timeout' } as const;

/** The rule above as a pure function of the request and the mode: what the sandbox does after its delay. */
export function sandboxPlatformBehaviour(
  request: Pick<PlatformActionRequest, 'action' | 'reason'>,
  mode: SandboxPlatformMode,
): SandboxPlatformMode {
  const text = request.action === 'CANCEL' ? (request.reason ?? '').toLowerCase() : '';
  if (text.endsWith(SANDBOX_PLATFORM_TRIGGERS.timeout)) return 'timeout';
  if (text.endsWith(SANDBOX_PLATFORM_TRIGGERS.refuse)) return 'refuse';
  return mode;
}

export interface SandboxPlatformOptions {
  delayMs: number;
  mode: SandboxPlatformMode;
  /** Real time; tests may move it. */
  clock?: () => number;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    if (ms <= 0) {
      resolve();
      return;
    }
    // Unreferenced: a pending sandbox answer never keeps a finished process (or test run) alive.
    setTimeout(resolve, ms).unref();
  });

export function createSandboxPlatform(options: SandboxPlatformOptions): SubscriptionPlatform {
  const clock = options.clock ?? Date.now;
  return {
    async apply(request) {
      const behaviour = sandboxPlatformBehaviour(request, options.mode);
      const untilDeadline = Math.max(0, request.deadline - clock());
      if (behaviour === 'timeout' || options.delayMs >= untilDeadline) {
        await wait(untilDeadline);
        return { outcome: 'expired' };
      }
      await wait(options.delayMs);
      if (clock() > request.deadline) return { outcome: 'expired' };
      if (behaviour === 'refuse') return { outcome: 'refused', error: SANDBOX_PLATFORM_ERRORS.rejected };
      return { outcome: 'confirmed' };
    },
  };
}
