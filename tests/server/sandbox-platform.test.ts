import { loadConfig } from '@server/config';
import {
  createSandboxPlatform,
  type PlatformActionRequest,
  sandboxPlatformBehaviour,
  sandboxPlatformMode,
} from '@server/payments/sandbox-platform';
import { describe, expect, it } from 'vitest';

// The sandbox platform confirms subscription actions after its delay, refuses or never confirms on purpose (by mode,
// or by a cancel's Other text), and never confirms after a request's deadline: what the subscriptions service relies on
// to leave nothing half-done.

const request = (overrides: Partial<PlatformActionRequest> = {}): PlatformActionRequest => ({
  accountId: 'a',
  merchantId: 'm',
  subscriptionId: 's',
  action: 'CANCEL',
  reason: 'High prices',
  deadline: Date.now() + 5_000,
  ...overrides,
});

describe('the sandbox platform', () => {
  it('answers by mode, and a cancel by its Other text whatever the mode', () => {
    expect(sandboxPlatformBehaviour({ action: 'PAUSE', reason: 'BACKOFFICE_PAUSE' }, 'confirm')).toBe('confirm');
    expect(sandboxPlatformBehaviour({ action: 'RESUME', reason: null }, 'refuse')).toBe('refuse');
    expect(sandboxPlatformBehaviour({ action: 'CANCEL', reason: 'Other: Sandbox Timeout' }, 'confirm')).toBe('timeout');
    expect(sandboxPlatformBehaviour({ action: 'CANCEL', reason: 'Other: sandbox refuse' }, 'timeout')).toBe('refuse');
    expect(sandboxPlatformMode('timeout')).toBe('timeout');
    expect(sandboxPlatformMode('nonsense')).toBe('confirm');
    expect(sandboxPlatformMode(undefined)).toBe('confirm');
  });

  it('confirms after its delay, refuses with a code, and answers expired at the deadline', async () => {
    const platform = createSandboxPlatform({ delayMs: 20, mode: 'confirm' });
    const started = Date.now();
    expect(await platform.apply(request())).toEqual({ outcome: 'confirmed' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(await platform.apply(request({ reason: 'Other: sandbox refuse' }))).toEqual({
      outcome: 'refused',
      error: { code: '0601', message: 'Subscription Action Rejected' },
    });
    expect(await platform.apply(request({ reason: 'Other: sandbox timeout', deadline: Date.now() + 30 }))).toEqual({
      outcome: 'expired',
    });
    // A delay past the deadline never confirms.
    const slow = createSandboxPlatform({ delayMs: 10_000, mode: 'confirm' });
    expect(await slow.apply(request({ deadline: Date.now() + 30 }))).toEqual({ outcome: 'expired' });
  });

  it('is configured from the environment: a few seconds and confirm by default, 30 s for the server to wait', () => {
    const defaults = loadConfig({});
    expect(defaults.sandboxPlatform).toEqual({ delayMs: 2_000, mode: 'confirm' });
    expect(defaults.subscriptionActionTimeoutMs).toBe(30_000);
    const tuned = loadConfig({
      SANDBOX_PLATFORM_DELAY_MS: '0',
      SANDBOX_PLATFORM_MODE: 'refuse',
      SUBSCRIPTION_ACTION_TIMEOUT_MS: '500',
    });
    expect(tuned.sandboxPlatform).toEqual({ delayMs: 0, mode: 'refuse' });
    expect(tuned.subscriptionActionTimeoutMs).toBe(500);
  });
});
