import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, type Download, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!pass2026';
export const LUMEN_ACCOUNT_ID = '631006';
export const LUMEN_ACCOUNT_NAME = 'Lumen Travel Holdings';

export const lumenUser = (role: 'administrator' | 'manager' | 'payments-specialist' | 'viewer' | 'support') =>
  `${role}@lumentravel.example`;

/** The path of an account's merchants list, whatever the account's identifier is in this database. */
export const MERCHANTS_LIST_PATH = /\/accounts\/[0-9a-f-]{36}\/merchants(\?.*)?$/;
export const MERCHANT_DETAIL_PATH = /\/accounts\/[0-9a-f-]{36}\/merchants\/[0-9a-f-]{36}\/detail/;

/** Account user sign-in by mouse and form filling; the journeys that test the form itself type by hand. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, accountId = LUMEN_ACCOUNT_ID) {
  await page.goto('/login');
  await page.getByLabel('Account ID').fill(accountId);
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
}

export async function signInAdmin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login/admin');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
}

export function merchantsGrid(page: Page) {
  return page.getByRole('grid', { name: 'Merchants' });
}

/** Body rows only: the header row has column headers, not cells. */
export function bodyRows(page: Page, grid = merchantsGrid(page)) {
  return grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
}

// getByRole has no aria-current option, so the active row is found by the attribute itself.
export function activeRow(page: Page, grid = merchantsGrid(page)) {
  return grid.locator('[role="row"][aria-current="true"]');
}

interface MailboxMessage {
  to: string;
  subject: string;
  kind: string;
  links: { label: string; url: string }[];
  createdAt: string;
}

/**
 * The session the mailbox is read with: the provider administrator's latest API session. A user has one session, so
 * signing in again for every read would end the session a journey holds (its `staff`); the mailbox reuses it.
 */
let mailboxReader: ApiSession | undefined;

/**
 * The development mailbox read through its API, newest first, as provider staff (who read every message; anyone
 * else reads only their own). Signs the provider administrator in when no session of theirs is open any more.
 */
export async function readMailbox(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const read = (session: ApiSession) =>
    request.get('/api/mailbox', { params: { to }, headers: authorization(session) });
  let response = mailboxReader ? await read(mailboxReader) : undefined;
  if (!response || response.status() === 401) response = await read(await apiSignInAdmin(request));
  expect(response.ok(), `mailbox answers 200 (${response.status()})`).toBe(true);
  const body = (await response.json()) as { items: MailboxMessage[] };
  return body.items;
}

/** Provider staff who read the mailbox in a browser; not the administrator, whose one session the API calls use. */
export const MAILBOX_BROWSER_STAFF = 'support@ops.example';

/**
 * How a developer follows an e-mailed link: provider staff sign in in a browser of their own, open the development
 * mailbox, narrow it to the recipient and read the newest message's link. Returns the link's path.
 */
export async function mailboxLinkInBrowser(browser: Browser, to: string, linkName: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAdmin(page, MAILBOX_BROWSER_STAFF);
    await page.goto('/mailbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Recipient' }).fill(to);
    const message = page.getByRole('article').first();
    await expect(message).toContainText(`To ${to}`);
    await expect(message.getByRole('heading', { name: linkName })).toBeVisible();
    const href = await message.getByRole('link', { name: linkName, exact: true }).getAttribute('href');
    expect(href, `the '${linkName}' link`).toMatch(/^\//);
    return href!;
  } finally {
    await context.close();
  }
}

/** Provider staff with every account: the journeys set their own users up as them through the API. */
export const PROVIDER_ADMIN = 'admin@ops.example';

/** A password that meets every rule of the password form. */
export const NEW_USER_PASSWORD = 'Fresh!start2027';

/**
 * A new address on Lumen's domain, unique per call, so a journey never changes the demo users other specs sign in
 * with and can run in any order (the address stays within the 50-character limit).
 */
export function uniqueEmail(prefix: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return `${prefix}-${suffix}@lumentravel.example`;
}

export interface ApiSession {
  token: string;
  accounts: { accountId: string; shortId: string; prettyName: string }[];
}

/**
 * Signs provider staff in through the API. It opens that user's one session, so it ends a console session of the
 * same user: the journeys use it for provider staff, never for the account user their browser signs in as.
 */
export async function apiSignInAdmin(
  request: APIRequestContext,
  username = PROVIDER_ADMIN,
  password = DEMO_PASSWORD,
): Promise<ApiSession> {
  const response = await request.post('/api/user/admin/login', { data: { username, password } });
  expect(response.ok()).toBe(true);
  const session = (await response.json()) as ApiSession;
  if (username === PROVIDER_ADMIN) mailboxReader = session;
  return session;
}

/** The identifier (UUID) of Lumen, which account paths and audit calls use instead of its short ID. */
export function lumenAccountIdOf(session: ApiSession): string {
  const lumen = session.accounts.find((account) => account.shortId === LUMEN_ACCOUNT_ID);
  expect(lumen, 'the provider administrator is linked to Lumen').toBeDefined();
  return lumen!.accountId;
}

export type LumenRole = 'Administrator' | 'Manager' | 'Payments specialist' | 'Viewer' | 'Support';

export interface InvitedUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  accountId: string;
}

const authorization = (session: ApiSession) => ({ authorization: `Bearer ${session.token}` });

async function roleIdOf(request: APIRequestContext, session: ApiSession, role: LumenRole): Promise<string> {
  const response = await request.get('/api/role', { headers: authorization(session) });
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { id: string; prettyName: string }[] };
  const found = items.find((item) => item.prettyName === role);
  expect(found, `role ${role}`).toBeDefined();
  return found!.id;
}

/** Invites an account user of Lumen through the API (POST /user), as the given provider-staff session. */
export async function inviteLumenUser(
  request: APIRequestContext,
  session: ApiSession,
  { role, firstName, lastName, email }: { role: LumenRole; firstName: string; lastName: string; email: string },
): Promise<InvitedUser> {
  const accountId = lumenAccountIdOf(session);
  const response = await request.post('/api/user', {
    headers: authorization(session),
    data: {
      userType: 'ACCOUNT',
      firstName,
      lastName,
      email,
      jobTitle: 'E2E journey',
      roleId: await roleIdOf(request, session, role),
      accountId,
    },
  });
  expect(response.status()).toBe(201);
  const user = (await response.json()) as { userId: string };
  return { userId: user.userId, email, firstName, lastName, fullName: `${firstName} ${lastName}`, accountId };
}

/** Changes an account user's role through the API (PUT /user/{userId}), keeping the other fields. */
export async function changeRoleByApi(
  request: APIRequestContext,
  session: ApiSession,
  user: InvitedUser,
  role: LumenRole,
): Promise<void> {
  // Edits name the version they were read at, as the user form does.
  const read = await request.get(`/api/user/${user.userId}`, { headers: authorization(session) });
  expect(read.ok()).toBe(true);
  const { version } = (await read.json()) as { version: number };
  const response = await request.put(`/api/user/${user.userId}`, {
    headers: authorization(session),
    data: {
      firstName: user.firstName,
      lastName: user.lastName,
      jobTitle: 'E2E journey',
      roleId: await roleIdOf(request, session, role),
      version,
    },
  });
  expect(response.ok()).toBe(true);
}

/** The console path of the newest invitation ('Create your Password') e-mailed to this address. */
export async function invitationPath(request: APIRequestContext, email: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const invitation = (await readMailbox(request, email)).find((message) => message.kind === 'invitation');
      const link = invitation?.links.find((entry) => entry.label === 'Create your Password');
      path = link ? new URL(link.url).pathname : '';
      return path;
    })
    .toMatch(/^\/password\/new\//);
  return path;
}

/** Accepts the newest invitation through the API (POST /user/reset), which activates the user. */
export async function acceptInvitationByApi(request: APIRequestContext, email: string, password = NEW_USER_PASSWORD) {
  const token = (await invitationPath(request, email)).split('/').pop() ?? '';
  const response = await request.post('/api/user/reset', { data: { password, token } });
  expect(response.ok()).toBe(true);
}

/** An ACTIVE account user of Lumen with the given role, ready to sign in with NEW_USER_PASSWORD. */
export async function createActiveLumenUser(
  request: APIRequestContext,
  session: ApiSession,
  options: { role: LumenRole; firstName: string; lastName: string; email: string },
): Promise<InvitedUser> {
  const user = await inviteLumenUser(request, session, options);
  await acceptInvitationByApi(request, user.email);
  return user;
}

/** The file a download saved, as text without the byte-order mark, split into lines. */
export async function downloadedLines(download: Download): Promise<string[]> {
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  return text.split(/\r?\n/).filter((line) => line !== '');
}

/**
 * Types the account sign-in by keyboard alone: the Account ID field has the focus on arrival, Tab walks, Enter
 * submits. Returns once the address leaves /login, while the console may still be loading.
 */
export async function typeAccountSignIn(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  accountId = LUMEN_ACCOUNT_ID,
) {
  await page.goto('/login');
  await expect(page.getByLabel('Account ID')).toBeFocused();
  await page.keyboard.type(accountId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Account user sign-in by keyboard alone, done when the signed-in shell shows. */
export async function signInWithKeyboard(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
  accountId = LUMEN_ACCOUNT_ID,
) {
  await typeAccountSignIn(page, username, password, accountId);
  await expect(page.getByRole('button', { name: /^User menu:/ })).toBeVisible();
}

/** Presses Tab until the target has the focus, as a keyboard user walks a form; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, limit = 15) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

// --- Transactions and refunds (issue 4) ---

/** The acquirer whose refunds answer by its MID's solution, not by the amount: journeys that pick the outcome avoid it. */
export const SANDBOX_ACQUIRER = 'Sandbox Acquirer';

export function transactionsGrid(page: Page) {
  return page.getByRole('grid', { name: 'Transactions' });
}

export const TRANSACTIONS_LIST_PATH = /\/accounts\/[0-9a-f-]{36}\/transactions(\?.*)?$/;
export const TRANSACTION_DETAIL_PATH = /\/accounts\/[0-9a-f-]{36}\/transactions\/[0-9a-f-]{36}$/;

/** The identifier (UUID) of any account the provider administrator is linked to, by its short ID. */
export function accountIdOf(session: ApiSession, shortId: string): string {
  const account = session.accounts.find((entry) => entry.shortId === shortId);
  expect(account, `the provider administrator is linked to account ${shortId}`).toBeDefined();
  return account!.accountId;
}

/** A payment as the journeys need it, read from its detail (GET /account/{accountId}/transaction/{id}). */
export interface RefundablePayment {
  accountId: string;
  transactionId: string;
  merchantId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Minor units still refundable. */
  maxRefundAmountAvailable: number;
}

interface TransactionListAnswer {
  total: number;
  items: {
    transactionId: string;
    money: { amount: number; currency: string };
    provider: { paymentGateway: { prettyName: string } };
  }[];
}

/** GET /account/{accountId}/transaction with the list's query names (arrays as name[]), as the console sends them. */
export async function listTransactionsByApi(
  request: APIRequestContext,
  session: ApiSession,
  accountId: string,
  query: Record<string, string | number | readonly string[]> = {},
): Promise<TransactionListAnswer> {
  const params = new URLSearchParams();
  params.set('limit', '100');
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, String(item));
    else params.set(name, String(value));
  }
  const response = await request.get(`/api/account/${accountId}/transaction?${params}`, {
    headers: authorization(session),
  });
  expect(response.ok(), `transaction list answers 200 (${response.status()})`).toBe(true);
  return (await response.json()) as TransactionListAnswer;
}

/**
 * A successful payment with nothing in its history but itself, refundable now (AVAILABLE), found through the API as
 * provider staff: the demo data is deterministic but dated relative to now, so ids are looked up, never hard-coded.
 * Payments on the sandbox acquirer are left out, so the refund's outcome follows the amount's last two digits.
 */
export async function findRefundablePayment(
  request: APIRequestContext,
  session: ApiSession,
  {
    accountShortId = LUMEN_ACCOUNT_ID,
    currency = 'EUR',
    minAmount = 0,
    exclude = [],
  }: { accountShortId?: string; currency?: string; minAmount?: number; exclude?: readonly string[] } = {},
): Promise<RefundablePayment> {
  const accountId = accountIdOf(session, accountShortId);
  const { items } = await listTransactionsByApi(request, session, accountId, {
    status: ['SUCCESS'],
    transactionType: ['PAYMENT'],
  });
  const candidates = items.filter(
    (item) =>
      item.money.currency === currency &&
      item.money.amount >= minAmount &&
      item.provider.paymentGateway.prettyName !== SANDBOX_ACQUIRER &&
      !exclude.includes(item.transactionId),
  );
  for (const candidate of candidates) {
    const response = await request.get(`/api/account/${accountId}/transaction/${candidate.transactionId}`, {
      headers: authorization(session),
    });
    expect(response.ok()).toBe(true);
    const detail = (await response.json()) as {
      merchantId: string;
      money: { amount: number; currency: string };
      refundable: string;
      maxRefundAmountAvailable: number;
      transactionHistory: unknown[];
    };
    // Untouched: no refund tried yet (not even a failed one), so a journey's history assertions see only its own.
    if (detail.refundable !== 'AVAILABLE' || detail.transactionHistory.length !== 1) continue;
    return {
      accountId,
      transactionId: candidate.transactionId,
      merchantId: detail.merchantId,
      amount: detail.money.amount,
      currency: detail.money.currency,
      maxRefundAmountAvailable: detail.maxRefundAmountAvailable,
    };
  }
  throw new Error(
    `No unrefunded ${currency} payment of at least ${minAmount} minor units in account ${accountShortId}`,
  );
}

/** A two-decimal minor-unit amount in the console's money style: 123450 -> '1.234,50'. */
export function moneyText(minor: number): string {
  const whole = Math.floor(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(minor % 100).padStart(2, '0')}`;
}

/** What a two-decimal amount input takes for a minor-unit amount: no grouping, ',' as the mark ('1234,50'). */
export function moneyInput(minor: number): string {
  return `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
}

// --- Chargebacks and dispute templates (issue 5) ---

/** Another account with the chargebacks feature, and its viewer: Lumen's viewer changes password in password.spec.ts. */
export const NORTHWIND_ACCOUNT_ID = '199634';
export const NORTHWIND_VIEWER = 'viewer@northwind.example';

export const CHARGEBACKS_LIST_PATH = /\/accounts\/[0-9a-f-]{36}\/dispute-manager(\?.*)?$/;
export const CHARGEBACK_DETAIL_PATH = /\/accounts\/[0-9a-f-]{36}\/dispute-manager\/[0-9a-f-]{36}$/;

export function chargebacksGrid(page: Page) {
  return page.getByRole('grid', { name: 'Chargebacks' });
}

/** A case as the queue's list call answers it; only the fields the journeys read. */
export interface ChargebackCase {
  chargebackId: string;
  caseId: string | null;
  disputeId: string | null;
  status: string;
  reason: { parsed: string; processor: string | null };
  agent: { id: string; name: string } | null;
  notificationDate: string;
  expirationDate: string | null;
}

/** How the console names a case in its controls ('Status of case CB-1'): case id, else dispute id, else its id. */
export function caseNameOf(item: Pick<ChargebackCase, 'caseId' | 'disputeId' | 'chargebackId'>): string {
  return item.caseId?.trim() || item.disputeId?.trim() || item.chargebackId;
}

/** GET /account/{accountId}/chargeback with the queue's query names (arrays as name[]), as the console sends them. */
export async function listChargebacksByApi(
  request: APIRequestContext,
  session: ApiSession,
  accountId: string,
  query: Record<string, string | number | boolean | readonly string[]> = {},
): Promise<{ total: number; items: ChargebackCase[] }> {
  const params = new URLSearchParams();
  params.set('limit', '100');
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, String(item));
    else params.set(name, String(value));
  }
  const response = await request.get(`/api/account/${accountId}/chargeback?${params}`, {
    headers: authorization(session),
  });
  expect(response.ok(), `chargeback list answers 200 (${response.status()})`).toBe(true);
  return (await response.json()) as { total: number; items: ChargebackCase[] };
}

/** GET /account/{accountId}/chargeback/{chargebackId}: the case as the server now holds it. */
export async function chargebackByApi(
  request: APIRequestContext,
  session: ApiSession,
  accountId: string,
  chargebackId: string,
): Promise<ChargebackCase> {
  const response = await request.get(`/api/account/${accountId}/chargeback/${chargebackId}`, {
    headers: authorization(session),
  });
  expect(response.ok(), `chargeback detail answers 200 (${response.status()})`).toBe(true);
  return (await response.json()) as ChargebackCase;
}

/** PATCH /account/{accountId}/chargeback/{chargebackId} with a status and the status the caller expects to replace. */
export function patchChargebackStatusByApi(
  request: APIRequestContext,
  session: ApiSession,
  accountId: string,
  chargebackId: string,
  body: { status: string; expectedStatus: string },
) {
  return request.patch(`/api/account/${accountId}/chargeback/${chargebackId}`, {
    headers: authorization(session),
    data: body,
  });
}

/** GET /account/{accountId}/agent: the account's dispute agents. */
export async function chargebackAgentsByApi(
  request: APIRequestContext,
  session: ApiSession,
  accountId: string,
): Promise<{ id: string; name: string }[]> {
  const response = await request.get(`/api/account/${accountId}/agent`, { headers: authorization(session) });
  expect(response.ok(), `agent list answers 200 (${response.status()})`).toBe(true);
  return ((await response.json()) as { items: { id: string; name: string }[] }).items;
}

/** How many audit-log entries a search finds (GET {audit base}/account/{accountId}/useractivity), as provider staff. */
export async function auditEntryCount(
  request: APIRequestContext,
  session: ApiSession,
  accountId: string,
  search: string,
): Promise<number> {
  const response = await request.get(`/api/audit/account/${accountId}/useractivity`, {
    headers: authorization(session),
    params: { search, limit: '100' },
  });
  expect(response.ok(), `user activity answers 200 (${response.status()})`).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

/** The total a list's count text shows ('1-50 of 1.234', or '+10k'), as a number. */
export async function shownTotal(page: Page): Promise<number> {
  const text = (await page.getByText(/^\d+-\d+ of [+\d.k]+$/).textContent()) ?? '';
  const total = text.replace(/^.* of /, '');
  return total === '+10k' ? 10_001 : Number(total.replaceAll('.', ''));
}
