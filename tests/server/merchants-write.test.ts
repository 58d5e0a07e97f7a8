import { MERCHANT_MESSAGES, merchant as merchantSchema } from '@domain/contract/merchants';
import { MSG } from '@domain/validation';
import { merchants, roles, userActivity } from '@server/db/schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  signedInAs,
  type TestApp,
} from './helpers/test-app';

// The merchant writes (issue 12; spec 2, sections 2.2, 5 and 6): the form's rules on the server with the console's
// texts, a permission per action, the tenant boundary, the audit trail and concurrent edits.

let t: TestApp;
let account: AccountRow;
let other: AccountRow;
let adminToken: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(token), ...(payload ? { payload } : {}) });

const FORM = {
  prettyName: 'Lumen Books',
  merchantLegalName: 'Lumen Books S.L.',
  vatNumber: 'ESB12345678',
  corporateUrl: 'https://lumen-books.example',
  dba: 'Lumen',
  mccCode: '5942',
  street: 'Calle Mayor 1',
  city: 'Madrid',
  zipCode: '28013',
  country: 'es',
  email: 'hello@lumen-books.example',
  phone: '',
  supportUrl: 'lumen-books.example/help',
  supportEmail: 'help@lumen-books.example',
  supportPhone: '+34 910 000 000',
  webhooksNotificationsUrl: '',
  successRedirectUrl: 'https://lumen-books.example/ok',
  failedRedirectUrl: '   ',
};

async function create(form: object = FORM, token = adminToken, accountId = account.id) {
  return call('POST', `/account/${accountId}/merchant`, token, form);
}

async function read(merchantId: string, token = adminToken) {
  const response = await call('GET', `/account/${account.id}/merchant/${merchantId}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return merchantSchema.parse(response.json());
}

async function entriesOf(merchantId: string) {
  return t.db
    .select()
    .from(userActivity)
    .where(and(eq(userActivity.resourceType, 'MERCHANT'), eq(userActivity.resourceId, merchantId)))
    .orderBy(desc(userActivity.date), desc(userActivity.id));
}

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db, { prettyName: 'Northwind' });
  other = await createAccount(t.db, { prettyName: 'Elsewhere' });
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', account)).token;
});

afterAll(() => t.close());

describe('POST /account/{accountId}/merchant', () => {
  it('creates the merchant with empty values dropped, a fresh key pair and an audit entry without keys', async () => {
    const response = await create();
    expect(response.statusCode, response.body).toBe(201);
    const { merchantId } = response.json();
    const merchant = await read(merchantId);
    expect(merchant).toMatchObject({
      prettyName: 'Lumen Books',
      country: 'ES',
      phone: null,
      webhooksNotificationsUrl: null,
      failedRedirectUrl: null,
      supportPhone: '+34 910 000 000',
      accountReference: { id: account.id, prettyName: 'Northwind' },
      version: 1,
    });
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(row!.publicKey).toMatch(/^pk_[0-9a-f]{32}$/);
    expect(row!.privateKey).toMatch(/^sk_[0-9a-f]{48}$/);
    const [entry] = await entriesOf(merchantId);
    expect(entry).toMatchObject({ actionType: 'INSERT', accountId: account.id, merchantId });
    expect(JSON.stringify(entry!.newValue)).not.toContain(row!.privateKey);
    expect(entry!.newValue).toMatchObject({ prettyName: 'Lumen Books', country: 'ES' });
  });

  it("answers each field's message from the form (spec 2, section 5) and stores nothing", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(merchants);
    const cases: [Partial<typeof FORM>, string, string][] = [
      [{ prettyName: '' }, 'prettyName', MSG.required],
      [{ prettyName: 'x'.repeat(51) }, 'prettyName', 'Maximum 50 characters'],
      [{ vatNumber: 'x'.repeat(31) }, 'vatNumber', 'Maximum 30 characters'],
      [{ zipCode: '12345678901' }, 'zipCode', 'Maximum 10 characters'],
      [{ corporateUrl: 'not a url' }, 'corporateUrl', MERCHANT_MESSAGES.corporateUrl],
      [{ supportUrl: 'http://localhost' }, 'supportUrl', MERCHANT_MESSAGES.supportUrl],
      [{ webhooksNotificationsUrl: 'ftp//broken' }, 'webhooksNotificationsUrl', MERCHANT_MESSAGES.url],
      [
        { successRedirectUrl: `https://a.example/${'x'.repeat(2048)}` },
        'successRedirectUrl',
        'Maximum 2048 characters',
      ],
      [{ email: 'hello@' }, 'email', MSG.email],
      [{ supportEmail: 'help at example' }, 'supportEmail', MSG.email],
      [{ phone: 'call me' }, 'phone', MERCHANT_MESSAGES.phone],
      [{ phone: '+34 600 000 000 00' }, 'phone', 'Maximum 15 characters'],
      [{ country: 'Spain' }, 'country', MERCHANT_MESSAGES.country],
    ];
    for (const [change, field, message] of cases) {
      const response = await create({ ...FORM, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().fields[field], field).toBe(message);
    }
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(merchants);
    expect(after).toEqual(before);
  });

  it('keeps unicode names as typed', async () => {
    const response = await create({ ...FORM, prettyName: 'Librería Ñandú 📚', city: 'A Coruña' });
    expect(response.statusCode).toBe(201);
    expect((await read(response.json().merchantId)).prettyName).toBe('Librería Ñandú 📚');
  });

  it('needs merchant.create, and another tenant answers 404', async () => {
    for (const role of ['VIEWER', 'SUPPORT', 'PAYMENTS_SPECIALIST']) {
      const { token } = await signedInAs(t, role, account);
      expect((await create(FORM, token)).statusCode, role).toBe(403);
    }
    expect((await create(FORM, adminToken, other.id)).statusCode).toBe(404);
    const staff = await signedInAs(t, 'PROVIDER_ADMINISTRATOR', account);
    expect((await create(FORM, staff.token)).statusCode).toBe(201);
  });
});

describe('PUT /account/{accountId}/merchant/{merchantId}', () => {
  it('saves the changed fields, raises the version and audits old and new values of those fields only', async () => {
    const merchantId = (await create()).json().merchantId;
    const response = await call('PUT', `/account/${account.id}/merchant/${merchantId}`, adminToken, {
      ...FORM,
      city: 'Sevilla',
      phone: '+34 600 111 222',
      version: 1,
    });
    expect(response.json()).toEqual({ merchantId, changed: true });
    const merchant = await read(merchantId);
    expect(merchant).toMatchObject({ city: 'Sevilla', phone: '+34 600 111 222', version: 2 });
    const [entry] = await entriesOf(merchantId);
    expect(entry).toMatchObject({
      actionType: 'UPDATE',
      oldValue: { city: 'Madrid', phone: null },
      newValue: { city: 'Sevilla', phone: '+34 600 111 222' },
    });
  });

  it('writes nothing when nothing changed', async () => {
    const merchantId = (await create()).json().merchantId;
    const response = await call('PUT', `/account/${account.id}/merchant/${merchantId}`, adminToken, {
      ...FORM,
      version: 1,
    });
    expect(response.json()).toEqual({ merchantId, changed: false });
    expect(await entriesOf(merchantId)).toHaveLength(1);
    expect((await read(merchantId)).version).toBe(1);
  });

  it("refuses a save over another editor's (409 merchant-changed) and keeps the first", async () => {
    const merchantId = (await create()).json().merchantId;
    const url = `/account/${account.id}/merchant/${merchantId}`;
    const [first, second] = await Promise.all([
      call('PUT', url, adminToken, { ...FORM, city: 'Bilbao', version: 1 }),
      call('PUT', url, adminToken, { ...FORM, street: 'Gran Via 2', version: 1 }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error).toBe('merchant-changed');
    const merchant = await read(merchantId);
    expect(merchant.version).toBe(2);
    expect([merchant.city, merchant.street]).not.toEqual(['Bilbao', 'Gran Via 2']);
  });

  it('needs the version the form was opened on: without it 400 on the field, and nothing changes', async () => {
    const merchantId = (await create()).json().merchantId;
    const url = `/account/${account.id}/merchant/${merchantId}`;
    for (const version of [undefined, null, 0, 'one']) {
      const response = await call('PUT', url, adminToken, { ...FORM, city: 'Bilbao', version });
      expect(response.statusCode, String(version)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'form-not-validated', fields: { version: expect.any(String) } });
    }
    expect(await read(merchantId)).toMatchObject({ city: 'Madrid', version: 1 });
    expect(await entriesOf(merchantId)).toHaveLength(1);
  });

  it('lets exactly one of 20 parallel edits of a version through, round after round', async () => {
    const merchantId = (await create()).json().merchantId;
    const url = `/account/${account.id}/merchant/${merchantId}`;
    for (const version of [1, 2]) {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call('PUT', url, adminToken, { ...FORM, city: `City ${version}-${index}`, version }),
        ),
      );
      const won = responses.flatMap((response, index) => (response.statusCode === 200 ? [index] : []));
      expect(won, responses.map((response) => response.statusCode).join()).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(19);
      for (const lost of responses.filter((response) => response.statusCode === 409)) {
        expect(lost.json().error).toBe('merchant-changed');
      }
      const merchant = await read(merchantId);
      expect(merchant.version).toBe(version + 1);
      expect(merchant.city).toBe(`City ${version}-${won[0]}`);
    }
    // The creation and one update a round.
    expect(await entriesOf(merchantId)).toHaveLength(3);
  });

  it('needs merchant.update; another tenant, unknown and malformed ids answer 404', async () => {
    const merchantId = (await create()).json().merchantId;
    const { token } = await signedInAs(t, 'VIEWER', account);
    const edit = { ...FORM, version: 1 };
    expect((await call('PUT', `/account/${account.id}/merchant/${merchantId}`, token, edit)).statusCode).toBe(403);
    const foreign = await createMerchant(t.db, other.id);
    for (const url of [
      `/account/${account.id}/merchant/${foreign.id}`,
      `/account/${other.id}/merchant/${foreign.id}`,
      `/account/${account.id}/merchant/00000000-0000-4000-8000-000000000000`,
      `/account/${account.id}/merchant/not-an-id`,
    ]) {
      expect((await call('PUT', url, adminToken, edit)).statusCode, url).toBe(404);
    }
  });
});

describe('GET /account/{accountId}/merchant/{merchantId}', () => {
  it('needs merchant.select, apart from the list (merchant.read)', async () => {
    const merchantId = (await create()).json().merchantId;
    await t.db.insert(roles).values({ name: 'LIST_ONLY', prettyName: 'List only', permissions: ['merchant.read'] });
    const { token } = await signedInAs(t, 'LIST_ONLY', account);
    expect((await call('GET', `/account/${account.id}/merchant`, token)).statusCode).toBe(200);
    expect((await call('GET', `/account/${account.id}/merchant/${merchantId}`, token)).statusCode).toBe(403);
  });
});
