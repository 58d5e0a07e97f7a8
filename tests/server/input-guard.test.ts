import { randomUUID } from 'node:crypto';
import { CONTROL_CHARACTERS_MESSAGE, LONE_SURROGATE_MESSAGE } from '@domain/contract/common';
import { accountProviders, acquirers, solutions } from '@server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, wordTemplate } from './helpers/dispute-files';
import {
  type AccountRow,
  authHeader,
  buildTestApp,
  createAccount,
  createMerchant,
  signedInAs,
  type TestApp,
} from './helpers/test-app';

// Control characters in any request part (issue 11): a NUL byte reached PostgreSQL and answered 500 on every list's
// search, the exports, /search, the mailbox filter, sign-in and forgot-password. One hook refuses them for every
// route with the documented 400; the Authorization scheme is read case-insensitively.

let t: TestApp;
let acme: AccountRow;
let staffToken: string;
let adminToken: string;
let addressCounter = 0;

const from = () => `203.0.113.${++addressCounter % 250}`;
const refusal = (...fields: string[]) => ({
  statusCode: 400,
  error: 'form-not-validated',
  message: 'Form not validated',
  fields: Object.fromEntries(fields.map((field) => [field, CONTROL_CHARACTERS_MESSAGE])),
});

beforeAll(async () => {
  t = await buildTestApp();
  acme = await createAccount(t.db, { prettyName: 'Acme', shortId: 'ACME', hasChargebacksFeature: true });
  staffToken = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', acme)).token;
  adminToken = (await signedInAs(t, 'ADMINISTRATOR', acme)).token;
});

afterAll(async () => {
  await t?.close();
});

/** Every documented route, with its path parameters filled by well-formed identifiers. */
function documentedRoutes(): { method: string; path: string; params: string[] }[] {
  const paths = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger().paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      })),
  );
}

/** Path parameters: a real account (so a list would reach the database), well-formed identifiers elsewhere. */
const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? (name === 'accountId' ? acme.id : randomUUID()));

describe('control characters, on every route', () => {
  it('the sweep covers the lists, the exports, search, the mailbox, sign-in and forgot-password', () => {
    const routes = documentedRoutes().map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(40);
    for (const expected of [
      'GET /api/account/{accountId}/merchant',
      'GET /api/account/{accountId}/transaction',
      'GET /api/account/{accountId}/chargeback',
      'GET /api/user',
      'GET /api/search',
      'GET /api/mailbox',
      'POST /api/user/login',
      'POST /api/user/admin/login',
      'POST /api/user/forgot',
      'POST /api/user/admin/forgot',
    ]) {
      expect(routes).toContain(expected);
    }
    expect(routes.some((route) => route.endsWith('/export'))).toBe(true);
  });

  it('refuses a NUL byte in the query string of every route with the documented 400', async () => {
    for (const route of documentedRoutes()) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: `${fill(route.path)}?search=%00&q=a%00b`,
        headers: authHeader(staffToken),
        remoteAddress: from(),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(400);
      expect(response.json(), `${route.method} ${route.path}`).toEqual(refusal('search', 'q'));
    }
  });

  it('refuses a NUL byte in every path parameter of every route', async () => {
    for (const route of documentedRoutes().filter((entry) => entry.params.length > 0)) {
      for (const param of route.params) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.path, { [param]: 'x%00y' }),
          headers: authHeader(staffToken),
          remoteAddress: from(),
        });
        expect(response.statusCode, `${route.method} ${route.path} ${param}`).toBe(400);
        expect(response.json().fields, `${route.method} ${route.path} ${param}`).toEqual({
          [param]: CONTROL_CHARACTERS_MESSAGE,
        });
      }
    }
  });

  it('refuses a NUL byte anywhere in the JSON body of every route that takes one', async () => {
    const writes = documentedRoutes().filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: fill(route.path),
        headers: authHeader(staffToken),
        payload: { comment: 'fine', nested: { items: ['ok', 'in\u0000side'] } },
        remoteAddress: from(),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(400);
      expect(response.json(), `${route.method} ${route.path}`).toEqual(refusal('nested.items.1'));
    }
  });

  it.each([
    [
      'the account sign-in username',
      '/api/user/login',
      { username: 'a\u0000@acme.example', password: 'x', accountId: 'ACME' },
      'username',
    ],
    [
      'the account sign-in account id',
      '/api/user/login',
      { username: 'a@acme.example', password: 'x', accountId: 'AC\u0000ME' },
      'accountId',
    ],
    ['the admin sign-in username', '/api/user/admin/login', { username: '\u0000', password: 'x' }, 'username'],
    ['forgot-password', '/api/user/forgot', { email: 'a@acme.example\u0000', accountId: 'ACME' }, 'email'],
    ['admin forgot-password', '/api/user/admin/forgot', { email: '\u0000admin@ops.example' }, 'email'],
  ])('refuses %s without signing in and without counting an attempt', async (_name, url, payload, field) => {
    const response = await t.app.inject({ method: 'POST', url, payload, remoteAddress: from() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refusal(field));
  });

  it('allows tab, line feed and carriage return in a body, and refuses the other control characters there', async () => {
    // A wrong password with tab, LF and CR is checked as a password (401), not refused as input.
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: { username: 'nobody@ops.example', password: 'two\tcolumns\r\nand lines' },
      remoteAddress: from(),
    });
    expect(typed.statusCode).toBe(401);

    for (const character of ['\u0001', '\u0008', '\u000B', '\u000C', '\u000E', '\u001F', '\u007F']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/admin/login',
        payload: { username: 'nobody@ops.example', password: `pass${character}word` },
        remoteAddress: from(),
      });
      expect(response.statusCode, JSON.stringify(character)).toBe(400);
      expect(response.json()).toEqual(refusal('password'));
    }
  });

  it('refuses every control character, tab and line breaks included, in a query string (one-line values)', async () => {
    for (const encoded of ['%09', '%0A', '%0D', '%01', '%1F', '%7F']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=acme${encoded}`,
        headers: authHeader(staffToken),
      });
      expect(response.statusCode, encoded).toBe(400);
      expect(response.json()).toEqual(refusal('q'));
    }
    // Printable text, accents and emoji pass.
    const fine = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('Acmé ✓ 🙂')}`,
      headers: authHeader(staffToken),
    });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a key holding control characters, and a body nested deeper than any form', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: { username: 'nobody@ops.example', password: 'x', 'bad\u0000key': 'value' },
      remoteAddress: from(),
    });
    expect(key.json()).toEqual(refusal('_form'));

    // Walked without recursion: a 100,000-level array is answered, not a stack overflow (500).
    const deep = `${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: deep,
      headers: { 'content-type': 'application/json' },
      remoteAddress: from(),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses an uploaded template whose file name holds control characters, cleanly', async () => {
    for (const name of ['Nul\u0000name.docx', 'Bad\u0001name.docx', 'Tab\tname.docx', 'Delete\u007Fme.docx']) {
      const { payload, headers } = multipartFile(name, wordTemplate(['Hello']));
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/account/${acme.id}/chargeback-template/Default`,
        payload,
        headers: { ...authHeader(adminToken), ...headers },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toEqual(refusal('file'));
    }
    // The same upload with a clean name is stored.
    const { payload, headers } = multipartFile('Clean-name.docx', wordTemplate(['Hello']));
    const stored = await t.app.inject({
      method: 'PUT',
      url: `/api/account/${acme.id}/chargeback-template/Default`,
      payload,
      headers: { ...authHeader(adminToken), ...headers },
    });
    expect(stored.statusCode, stored.body).toBe(201);
  });
});

describe('lone UTF-16 surrogates (issue 23)', () => {
  // JSON can carry half of a character ("\ud800"); UTF-8 cannot. jsonb refused it with a 500 (a merchant's fields and
  // a MID's custom config reach the audit log's jsonb), and text columns stored U+FFFD in its place.
  const loneRefusal = (...fields: string[]) => ({
    statusCode: 400,
    error: 'form-not-validated',
    message: 'Form not validated',
    fields: Object.fromEntries(fields.map((field) => [field, LONE_SURROGATE_MESSAGE])),
  });

  it('refuses one anywhere in the JSON body of every route that takes one', async () => {
    const writes = documentedRoutes().filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: fill(route.path),
        headers: authHeader(staffToken),
        payload: { comment: 'fine', nested: { items: ['ok', 'in\ud800side'] } },
        remoteAddress: from(),
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(400);
      expect(response.json(), `${route.method} ${route.path}`).toEqual(loneRefusal('nested.items.1'));
    }
  });

  it("refuses one in a merchant's field instead of answering 500", async () => {
    const form = {
      prettyName: 'Lumen Books',
      merchantLegalName: 'Lumen\ud800 Books S.L.',
      vatNumber: 'ESB12345678',
      corporateUrl: 'https://lumen-books.example',
      dba: 'Lumen',
      mccCode: '5942',
      street: 'Calle Mayor 1',
      city: 'Madrid',
      zipCode: '28013',
      country: 'es',
      email: 'hello@lumen-books.example',
      supportUrl: 'lumen-books.example/help',
      supportEmail: 'help@lumen-books.example',
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/account/${acme.id}/merchant`,
      headers: authHeader(adminToken),
      payload: form,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual(loneRefusal('merchantLegalName'));
  });

  it("refuses one in a MID's custom config instead of answering 500", async () => {
    const [adyen] = await t.db
      .insert(acquirers)
      .values({ prettyName: 'Adyen' })
      .onConflictDoUpdate({ target: acquirers.prettyName, set: { prettyName: 'Adyen' } })
      .returning({ id: acquirers.id });
    await t.db.insert(accountProviders).values({ accountId: acme.id, acquirerId: adyen!.id }).onConflictDoNothing();
    const [solution] = await t.db
      .insert(solutions)
      .values({ accountId: acme.id, acquirerId: adyen!.id, prettyName: 'Cards EU' })
      .returning({ id: solutions.id });
    const merchant = await createMerchant(t.db, acme.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/merchant/${merchant.id}/mid`,
      headers: authHeader(adminToken),
      payload: {
        acquirerId: adyen!.id,
        solutionId: solution!.id,
        midAcquirerId: 'ADY-1',
        description: 'Adyen EU cards',
        customConfig: { merchantAccount: 'Harbor\udc00ECOM', apiKey: 'key' },
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(loneRefusal('customConfig.merchantAccount'));
  });

  it('refuses a low half alone, halves in the wrong order and a key holding one; lets whole characters through', async () => {
    for (const text of ['\udc00', 'a\udc00\ud800b', 'end\ud800']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/admin/login',
        payload: { username: 'nobody@ops.example', password: text },
        remoteAddress: from(),
      });
      expect(response.json(), JSON.stringify(text)).toEqual(loneRefusal('password'));
    }
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: { username: 'nobody@ops.example', password: 'x', 'half\ud800': 'value' },
      remoteAddress: from(),
    });
    expect(key.json()).toEqual(loneRefusal('_form'));
    // An emoji is a surrogate pair: a wrong password holding one is checked as a password (401).
    const whole = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: { username: 'nobody@ops.example', password: 'smile \ud83d\ude42' },
      remoteAddress: from(),
    });
    expect(whole.statusCode).toBe(401);
  });
});

describe('the Authorization header', () => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])(
    'accepts the scheme written %s (RFC 7235: case-insensitive)',
    async (scheme) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/search?q=acme',
        headers: { authorization: `${scheme} ${staffToken}` },
      });
      expect(response.statusCode).toBe(200);
    },
  );

  it('accepts more than one space after the scheme, and refuses other schemes and a missing token', async () => {
    const spaced = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=acme',
      headers: { authorization: `bearer   ${staffToken}` },
    });
    expect(spaced.statusCode).toBe(200);
    for (const authorization of [`Basic ${staffToken}`, 'Bearer', 'bearer ', `Bearer${staffToken}`, staffToken]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/search?q=acme', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 12)).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'missing-token' });
    }
  });
});
