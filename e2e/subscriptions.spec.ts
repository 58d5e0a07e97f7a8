import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import {
  type ApiSession,
  activeRow,
  apiSignInAdmin,
  bodyRows,
  lumenAccountIdOf,
  lumenUser,
  signIn,
  signInWithKeyboard,
  tabTo,
} from './support/console';
import { expect, test } from './support/test';

// Subscriptions (issue 24) against the demo subscriptions: by keyboard, pause one from the list (g b, the List tab,
// the search, `p`) and resume it from its detail (`u`); two browsers cancelling the same subscription, one wins and
// the other is told it changed; axe on the overview, the list, the detail and each modal. Which subscriptions to use
// comes from the API as provider staff: the demo data is deterministic but dated relative to now.

/** The sandbox platform confirms within a few seconds; the console waits up to 30. */
const PLATFORM_WAIT = { timeout: 35_000 };

interface SubscriptionItem {
  subscriptionId: string;
  status: string;
}

async function getJson<T>(request: APIRequestContext, staff: ApiSession, path: string, params = {}): Promise<T> {
  const response = await request.get(`/api${path}`, {
    headers: { authorization: `Bearer ${staff.token}` },
    params,
  });
  expect(response.ok(), `GET ${path} answers 200 (${response.status()})`).toBe(true);
  return (await response.json()) as T;
}

/** A Lumen merchant with at least `count` active subscriptions, and those subscriptions. */
async function merchantWithActiveSubscriptions(request: APIRequestContext, count: number) {
  const staff = await apiSignInAdmin(request);
  const accountId = lumenAccountIdOf(staff);
  const merchants = await getJson<{ items: { merchantId: string; prettyName: string }[] }>(
    request,
    staff,
    `/account/${accountId}/merchant`,
    { limit: '50' },
  );
  for (const merchant of merchants.items) {
    const active = await getJson<{ items: SubscriptionItem[] }>(
      request,
      staff,
      `/merchant/${merchant.merchantId}/subscription`,
      { 'status[]': 'ACTIVE', limit: '50' },
    );
    if (active.items.length >= count) return { accountId, merchant, subscriptions: active.items };
  }
  throw new Error(`no Lumen merchant has ${count} active subscriptions in the demo data`);
}

const subscriptionsGrid = (page: Page) => page.getByRole('grid', { name: 'Subscriptions' });

test('a manager pauses a subscription from the list and resumes it from its detail, by keyboard alone', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { accountId, merchant, subscriptions } = await merchantWithActiveSubscriptions(request, 1);
  const subscriptionId = subscriptions[0]!.subscriptionId;
  const { keyboard } = page;

  await signInWithKeyboard(page, lumenUser('manager'));
  // Into the merchant (the place the journey starts from), then everything by keys.
  await page.goto(`/accounts/${accountId}/merchants/${merchant.merchantId}/detail`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // g then b: the subscriptions overview, the default tab.
  await keyboard.press('g');
  await keyboard.press('b');
  await expect(page).toHaveURL(/\/merchants\/[0-9a-f-]{36}\/subscriptions(\?.*)?$/);
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Active' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await expectNoSeriousViolations(page, 'the subscriptions overview');

  // The List tab: Tab to the tabs, ArrowRight shows the list.
  await tabTo(page, page.getByRole('tab', { name: 'Overview' }), 40);
  await keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/subscriptions-table(\?.*)?$/);
  const grid = subscriptionsGrid(page);
  await expect(bodyRows(page, grid).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'the subscriptions list');

  // '/' to the search (by ID, the default), the subscription's id, then into the grid.
  await keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Search Subscriptions' })).toBeFocused();
  await keyboard.type(subscriptionId);
  await expect(bodyRows(page, grid)).toHaveCount(1);
  await tabTo(page, grid, 40);
  await expect(activeRow(page, grid)).toContainText(subscriptionId);

  // `p`: the confirm modal; Enter confirms; the progress cannot be closed; the row then reads Paused.
  await keyboard.press('p');
  const pause = page.getByRole('dialog', { name: 'Pause subscription' });
  await expect(pause).toBeVisible();
  await expectNoSeriousViolations(page, 'the pause modal');
  await expect(pause.getByRole('button', { name: 'Pause subscription' })).toBeFocused();
  await keyboard.press('Enter');
  await expect(pause).toBeHidden(PLATFORM_WAIT);
  await expect(activeRow(page, grid).getByText('Paused', { exact: true })).toBeVisible();

  // Enter opens the detail; `u` resumes it there.
  await grid.focus();
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription Detail' })).toBeVisible();
  const information = page.getByRole('region', { name: 'Subscription information' });
  await expect(information.getByText('Paused', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the subscription detail');

  const attempts = page.getByRole('region', { name: 'History' }).getByRole('button', { name: /^Attempts/ });
  if ((await attempts.count()) > 0) {
    await attempts.first().focus();
    await keyboard.press('Enter');
    const retries = page.getByRole('dialog', { name: /^Cycle \d+ attempts$/ });
    await expect(retries).toBeVisible();
    await expect(retries.getByText('Retrieval', { exact: true })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the retry modal');
    await keyboard.press('Escape');
    await expect(retries).toBeHidden();
  }

  await keyboard.press('u');
  const resume = page.getByRole('dialog', { name: 'Resume subscription' });
  await expect(resume).toBeVisible();
  await expectNoSeriousViolations(page, 'the resume modal');
  await keyboard.press('Enter');
  await expect(resume).toBeHidden(PLATFORM_WAIT);
  await expect(information.getByText('Active', { exact: true })).toBeVisible();
});

test('two people cancel the same subscription: one wins, the other is told it changed', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const { accountId, merchant, subscriptions } = await merchantWithActiveSubscriptions(request, 2);
  // Not the one the keyboard journey uses.
  const subscriptionId = subscriptions[1]!.subscriptionId;
  const path = `/accounts/${accountId}/merchants/${merchant.merchantId}/subscriptions/detail/${subscriptionId}`;

  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    const users = [lumenUser('manager'), lumenUser('administrator')];
    await Promise.all(pages.map((page, index) => signIn(page, users[index]!)));
    for (const page of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Subscription Detail' })).toBeVisible();
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
      await expect(dialog).toBeVisible();
      // The reason is required, and Other takes letters, digits and spaces only.
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(dialog.getByText('You have to select a reason for cancelling the subscription')).toBeVisible();
      await dialog.getByRole('combobox', { name: /Reason/ }).selectOption('Other');
      await dialog.getByRole('textbox', { name: /Other reason/ }).fill('no longer used!');
      await dialog.getByRole('textbox', { name: /Other reason/ }).blur();
      await expect(dialog.getByText('Only alphanumeric characters and spaces are allowed.')).toBeVisible();
      await expectNoSeriousViolations(page, 'the cancel modal with its messages');
      await dialog.getByRole('textbox', { name: /Other reason/ }).fill('no longer used');
    }

    // Both confirm at once.
    await Promise.all(
      pages.map((page) =>
        page
          .getByRole('dialog', { name: 'Cancel subscription' })
          .getByRole('button', { name: 'Cancel subscription' })
          .click(),
      ),
    );
    const outcome = async (page: Page) => {
      if (await page.getByRole('dialog', { name: /This subscription has changed/ }).isVisible()) return 'changed';
      if (await page.getByText('Subscription cancelled').isVisible()) return 'won';
      return 'waiting';
    };
    await expect
      .poll(async () => (await Promise.all(pages.map(outcome))).sort().join(','), PLATFORM_WAIT)
      .toBe('changed,won');

    const loser = (await outcome(pages[0]!)) === 'changed' ? pages[0]! : pages[1]!;
    await expectNoSeriousViolations(loser, 'the subscription-changed modal');
    // The loser's screen was reloaded: it now shows the cancellation, with no actions left.
    await loser.getByRole('button', { name: 'Got it' }).click();
    const information = loser.getByRole('region', { name: 'Subscription information' });
    await expect(information.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(information.getByText(/Manual Backoffice - Other: no longer used/)).toBeVisible();
    await expect(loser.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
