import { PERMISSIONS as P } from '@domain/permissions';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockTableLayout } from './activity-fixtures';
import { ACCOUNT_ID, json, renderApp, type Server } from './app-harness';
import {
  ACCOUNT,
  detailPath as caseDetailPath,
  chargebacksApi,
  DISPUTE_AGENT,
  EXPIRED_ID,
  preloadQueueModules,
  QUEUE_PATH,
} from './chargebacks-fixtures';

// Keys typed right after sign-in, while the landing screen is still loading (issue 11): `g c` lost about one time in
// sixteen, because the account (whose chargebacks feature makes `g c` exist) and the landing list were still on
// their way. Every answer the landing screen waits for is held open here until the keys have been typed.

const HOME = `/accounts/${ACCOUNT_ID}/merchants`;
const API_MERCHANTS = `/account/${ACCOUNT_ID}/merchant`;
const PERMISSIONS = [P.merchantRead, ...DISPUTE_AGENT];

function held() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** The landing screen with the account and the merchants list held open (never answered unless released). */
function renderLanding({ accountLoaded = false }: { accountLoaded?: boolean } = {}) {
  const account = held();
  const merchants = held();
  const queue = chargebacksApi();
  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return accountLoaded ? json(200, ACCOUNT) : account.promise;
    if (call.path === API_MERCHANTS) return merchants.promise;
    return queue.server(call);
  };
  const app = renderApp({ path: HOME, session: { permissions: PERMISSIONS }, server });
  return { ...app, releaseAccount: () => account.release(json(200, ACCOUNT)) };
}

beforeAll(preloadQueueModules, 20_000);

beforeEach(() => {
  mockTableLayout();
  HTMLElement.prototype.scrollTo = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('keys typed while the landing screen loads', () => {
  // The same every time: the race is replayed in each repetition with nothing left to chance.
  it.each(Array.from({ length: 8 }, (_, run) => run + 1))(
    'g then c typed before the account and the list have loaded lands on Chargebacks (run %i)',
    async () => {
      const { user, currentPath, releaseAccount, calls } = renderLanding();
      await user.keyboard('gc');
      // Nothing can know yet whether the account has chargebacks: the keys wait, the landing list is still pending.
      expect(currentPath()).toBe(HOME);
      await waitFor(() => expect(calls.some((call) => call.path === `/account/${ACCOUNT_ID}`)).toBe(true));
      releaseAccount();
      await waitFor(() => expect(currentPath()).toBe(QUEUE_PATH));
      expect(await screen.findByRole('heading', { level: 1, name: 'Chargebacks' })).toBeInTheDocument();
    },
  );

  it('g then c typed while only the landing list loads lands on Chargebacks at once', async () => {
    const { user, currentPath } = renderLanding({ accountLoaded: true });
    // The side bar shows Chargebacks once the account (and its feature) has loaded.
    await screen.findByRole('link', { name: /^Chargebacks/ });
    expect(screen.queryByRole('grid', { name: 'Merchants' })).not.toHaveAttribute('aria-rowcount');
    await user.keyboard('gc');
    await waitFor(() => expect(currentPath()).toBe(QUEUE_PATH));
  });

  it('j j Enter typed while the first page loads opens the second case once the rows come', async () => {
    const list = held();
    const queue = chargebacksApi();
    const server: Server = (call) =>
      call.path === `/account/${ACCOUNT_ID}/chargeback` ? list.promise : queue.server(call);
    const { user, currentPath } = renderApp({ path: QUEUE_PATH, session: { permissions: DISPUTE_AGENT }, server });
    await screen.findByRole('grid', { name: 'Chargebacks' });
    await user.keyboard('jj{Enter}');
    expect(currentPath()).toBe(QUEUE_PATH);
    const items = [...queue.cases.values()];
    list.release(json(200, { count: items.length, total: items.length, items }));
    await waitFor(() => expect(currentPath()).toBe(caseDetailPath(EXPIRED_ID)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Case ID: DSP-2' })).toBeInTheDocument();
  });
});
