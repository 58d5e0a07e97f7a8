import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import {
  type ApiSession,
  apiSignInAdmin,
  lumenAccountIdOf,
  lumenUser,
  MERCHANTS_LIST_PATH,
  signIn,
  tabTo,
} from './support/console';
import { test as base, expect } from './support/test';

// Counters, limits and alerts (issue 16) against a live demo world: this spec starts its own server, seeded like
// `npm start`, with demo traffic on (the suite's server runs with it off so other journeys see still data). An
// administrator sets a daily limit and a 50 % alert on a MID by keyboard, saved together in one go; the traffic
// routes sales to that MID, the alert check sees the threshold reached and the administrator finds the e-mail in the
// mailbox.

const healthTimeoutMs = 360_000;

/** A port nothing listens on now: not the suite's own server, another suite on the same machine or any service. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server seeded like `npm start`, with demo traffic on, and answers its base URL once it is healthy. */
async function startLiveServer(): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-e2e-live-'));
  const { NODE_ENV: _unused, ...inherited } = process.env;
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: base,
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      DEMO_TRAFFIC: 'on',
      // Two orders a second across the demo merchants, so the chosen MID takes sales within seconds.
      DEMO_TRAFFIC_RATE: '120',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's output, shown when it does not come up, so the CI log says why.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    const failure =
      server.exitCode !== null
        ? `exited with ${server.exitCode}`
        : Date.now() - started > healthTimeoutMs
          ? `did not answer /api/health in ${healthTimeoutMs / 1000} s`
          : undefined;
    if (failure) {
      await stop();
      throw new Error(`the live server ${failure}; its output ended:\n${output.split('\n').slice(-40).join('\n')}`);
    }
    const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(
    `counters: the live server answered on port ${port} after ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return { base, stop };
}

// One live server for the file's tests, on a port chosen when the worker starts; every page and API request of
// these tests goes to it.
const test = base.extend<object, { liveBase: string }>({
  liveBase: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const live = await startLiveServer();
      await use(live.base);
      await live.stop();
    },
    { scope: 'worker', timeout: healthTimeoutMs + 30_000 },
  ],
  baseURL: async ({ liveBase }, use) => use(liveBase),
});

test.describe.configure({ timeout: 240_000 });
test.use({ reducedMotion: 'reduce' });

interface Target {
  merchantId: string;
  merchantName: string;
  pspId: string;
  midId: string;
  midDescription: string;
  /** The MID's row in the limits tree: 'MID {description} ({midAcquirerId})'. */
  midRow: string;
}

const authorization = (session: ApiSession) => ({ authorization: `Bearer ${session.token}` });

/**
 * The busiest MID this month among each merchant's first provider solution (the one the counters screen opens on),
 * so the journey needs no picker and the traffic reaches the MID soon.
 */
async function busiestMid(request: APIRequestContext): Promise<Target> {
  const staff = await apiSignInAdmin(request);
  const accountId = lumenAccountIdOf(staff);
  const get = async <T>(path: string, params?: Record<string, string>): Promise<T> => {
    const response = await request.get(`/api${path}`, { headers: authorization(staff), params });
    expect(response.ok(), `${path} answers 200 (${response.status()})`).toBe(true);
    return (await response.json()) as T;
  };
  const merchants = await get<{ items: { merchantId: string; prettyName: string }[] }>(
    `/account/${accountId}/merchant`,
    { limit: '100' },
  );
  const month = new Date().toISOString().slice(0, 8);
  const range = { from: `${month}01`, to: new Date().toISOString().slice(0, 10) };
  let best: (Target & { sales: number }) | undefined;
  for (const merchant of merchants.items) {
    const psps = await get<{ items: { pspId: string }[] }>(`/merchant/${merchant.merchantId}/psp`);
    const first = psps.items[0];
    if (!first) continue;
    const mids = await get<{
      items: { midId: string; description: string; midAcquirerId: string; monthlySales: { sales: number } }[];
    }>(`/merchant/${merchant.merchantId}/psp/${first.pspId}/mid`, range);
    for (const mid of mids.items) {
      if (!best || mid.monthlySales.sales > best.sales) {
        best = {
          merchantId: merchant.merchantId,
          merchantName: merchant.prettyName,
          pspId: first.pspId,
          midId: mid.midId,
          midDescription: mid.description,
          midRow: `MID ${mid.description} (${mid.midAcquirerId})`,
          sales: mid.monthlySales.sales,
        };
      }
    }
  }
  expect(best, 'a Lumen MID with sales').toBeDefined();
  return best!;
}

async function runInPalette(page: Page, query: string, option: string | RegExp) {
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.type(query);
  await expect(palette.getByRole('option', { name: option }).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

test('by keyboard: a daily limit and a 50 % alert on a MID, crossed by live sales, e-mail in the mailbox', async ({
  page,
  request,
}) => {
  const target = await busiestMid(request);
  await signIn(page, lumenUser('administrator'));
  await expect(page).toHaveURL(MERCHANTS_LIST_PATH);

  // The merchant by the palette, its counters by `g o`, the Limits & Alerts tab by `2`.
  await runInPalette(page, target.merchantName, new RegExp(target.merchantName));
  await expect(page).toHaveURL(new RegExp(`/merchants/${target.merchantId}/`));
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/merchants/${target.merchantId}/counter/${target.pspId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Counters' })).toBeVisible();
  const counters = page.url();
  await page.keyboard.press('2');
  await expect(page.getByRole('tab', { name: /Limits & Alerts/, selected: true })).toBeVisible();

  // Into the tree (one tab stop), down to the MID, Enter edits it: Monthly first, Tab to Daily.
  const globalRow = page.getByRole('row', { name: 'The global limit' });
  await tabTo(page, globalRow, 30);
  const midRow = page.getByRole('row', { name: target.midRow, exact: true });
  while (!(await midRow.evaluate((element) => element === document.activeElement))) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: `Monthly (total) for ${target.midRow}` })).toBeFocused();
  await page.keyboard.press('Tab');
  const daily = page.getByRole('textbox', { name: `Daily for ${target.midRow}` });
  await expect(daily).toBeFocused();
  await page.keyboard.type('2');
  // The Monthly field shows what the 30-day month derives from the daily limit.
  await expect(page.getByRole('textbox', { name: `Monthly (total) for ${target.midRow}` })).toHaveAttribute(
    'placeholder',
    '60',
  );

  // The bell works as soon as a value is typed: 'Alert configuration' keeps 50 % with the draft, and one save stores
  // the limit and its alert together.
  const bell = page.getByRole('button', { name: `Set alert for ${target.midRow}` });
  await tabTo(page, bell, 40);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Alert configuration' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Your changes can overwrite these settings for all users.');
  await expect(modal).toContainText('the alert is saved with it, when you save the limits');
  await page.keyboard.type('50');
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: `Alert at 50 % for ${target.midRow}` })).toBeVisible();
  await runInPalette(page, 'Save limit changes', 'Save limit changes');
  await expect(page.getByText('Changes saved successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Alert at 50 % for ${target.midRow}` })).toBeVisible();

  // Live sales reach 1 of 2 today; the check fires once and e-mails the administrators. The administrator reads it in
  // the development mailbox (their own messages).
  await expect(async () => {
    await page.goto('/mailbox');
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: `Limit alert: ${target.merchantName} reached 50% of the daily limit` }),
    ).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  const mail = page
    .getByRole('article')
    .filter({ hasText: `Limit alert: ${target.merchantName} reached 50% of the daily limit` });
  await mail.getByRole('button', { name: 'Show message' }).click();
  await expect(mail).toContainText(target.midDescription);

  // The counters screen lists the fired alert.
  await page.goto(counters);
  await expect(page.getByRole('region', { name: 'Alerts fired' })).toContainText(target.midDescription);
});

test('the counters screens pass axe: sales, limits with the alert modal, descriptors', async ({ page, request }) => {
  const target = await busiestMid(request);
  await signIn(page, lumenUser('administrator'));
  const accountPath = new URL(page.url()).pathname.split('/').slice(0, 3).join('/');
  const base = `${accountPath}/merchants/${target.merchantId}/counter/${target.pspId}`;

  await page.goto(base);
  await expect(page.getByRole('tab', { name: /Sales/, selected: true })).toBeVisible();
  await expect(page.getByRole('progressbar').or(page.getByText('No limit')).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'counters, sales');

  await page.goto(`${base}/limits`);
  await expect(page.getByRole('treegrid').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'counters, limits & alerts');

  // By mouse: a global monthly limit, saved, then its bell opens the modal.
  const globalBox = page.getByRole('form', { name: 'Global limit', exact: true });
  await page.getByRole('textbox', { name: 'Monthly (total) for the global limit' }).fill('100000');
  await globalBox.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Changes saved successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Set alert for the global limit' }).click();
  const modal = page.getByRole('dialog', { name: 'Alert configuration' });
  await expect(modal).toContainText('Your changes can overwrite these settings for all users.');
  await expectNoSeriousViolations(page, 'counters, alert configuration');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();

  await page.goto(`${base}/descriptors`);
  await expect(page.getByRole('grid').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'counters, descriptors');
});
