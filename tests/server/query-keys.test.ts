import { randomUUID } from 'node:crypto';
import { CACHE_BUSTER_PARAM } from '@domain/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountRow, authHeader, buildTestApp, createAccount, signedInAs, type TestApp } from './helpers/test-app';

// Query names a call does not take (issue 23): the spec's `creationDate` on the risk alerts was dropped without a
// word and the list answered unfiltered. Every call of the API reference now refuses a name it does not list, with
// the documented 400 naming it, and takes every name it lists; the console's cache buster goes everywhere.

interface Operation {
  method: string;
  path: string;
  /** The query parameters the reference lists for the call. */
  query: string[];
}

let t: TestApp;
let acme: AccountRow;
let staffToken: string;
let addressCounter = 0;
const from = () => `198.51.100.${++addressCounter % 250}`;

function documentedOperations(): Operation[] {
  const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        query: ((operation as { parameters?: { in: string; name: string }[] }).parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      })),
  );
}

const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'accountId' ? acme.id : randomUUID()));

const call = (operation: Operation, query: string) =>
  t.app.inject({
    method: operation.method as 'GET',
    url: `${fill(operation.path)}?${query}`,
    headers: authHeader(staffToken),
    remoteAddress: from(),
  });

/** The names the 400's message says the call takes. */
const namesIn = (message: string) =>
  message.endsWith('takes no query parameters') ? [] : message.replace(/^.*this call takes /, '').split(', ');

beforeAll(async () => {
  t = await buildTestApp();
  acme = await createAccount(t.db, { prettyName: 'Acme', shortId: 'ACME', hasChargebacksFeature: true });
  staffToken = (await signedInAs(t, 'PROVIDER_ADMINISTRATOR', acme)).token;
});

afterAll(async () => {
  await t?.close();
});

describe('query names, on every call of the API reference', () => {
  it('refuses a name the call does not list, with the documented 400 naming it and the names the call takes', async () => {
    const operations = documentedOperations();
    expect(operations.length).toBeGreaterThan(80);
    for (const operation of operations) {
      const response = await call(operation, 'notAParameter=1&other[]=2');
      const where = `${operation.method} ${operation.path}`;
      expect(response.statusCode, where).toBe(400);
      const body = response.json();
      expect(body, where).toMatchObject({
        statusCode: 400,
        error: 'form-not-validated',
        message: 'Form not validated',
      });
      expect(Object.keys(body.fields).sort(), where).toEqual(['notAParameter', 'other']);
      // What the server accepts is exactly what the reference lists.
      expect(namesIn(body.fields.notAParameter).sort(), where).toEqual([...operation.query].sort());
    }
  });

  it('takes every name the reference lists, and the cache buster, on every call', async () => {
    for (const operation of documentedOperations()) {
      // Each listed name with any value, plus one unknown: only the unknown one is named (the values are checked
      // after the names).
      const listed = operation.query.map((name) => `${name}=x`);
      const response = await call(operation, [...listed, `${CACHE_BUSTER_PARAM}=1`, 'unknownName=1'].join('&'));
      expect(Object.keys(response.json().fields ?? {}), `${operation.method} ${operation.path}`).toEqual([
        'unknownName',
      ]);
    }
  });

  it('answers a list with its own names and the cache buster as before', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/account/${acme.id}/merchant?page=1&limit=50&order=prettyName&${CACHE_BUSTER_PARAM}=1719000000000`,
      headers: authHeader(staffToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/search?q=acme&_=1',
      headers: authHeader(staffToken),
    });
    expect(search.statusCode, search.body).toBe(200);
  });

  it('leaves the calls outside the reference alone: the runtime config and the health check', async () => {
    for (const url of ['/config.json?v=2', `${t.config.runtime.apiBase}/health?probe=1`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('page, limit and order typed wrong, on every call that takes them', () => {
  it('answer a sentence a person understands (limit=abc answered "expected number, received NaN")', async () => {
    const sentences: Record<string, string> = {};
    for (const operation of documentedOperations()) {
      for (const [name, typed] of [
        ['limit', 'abc'],
        ['page', 'abc'],
        ['order', '%25%25'],
      ] as const) {
        if (!operation.query.includes(name)) continue;
        const response = await call(operation, `${name}=${typed}`);
        const where = `${operation.method} ${operation.path} ${name}=${typed}`;
        expect(response.statusCode, where).toBe(400);
        const message = response.json().fields?.[name] as string;
        // A sentence, not the validator's jargon.
        expect(message, where).toMatch(/^[A-Z]/);
        expect(message, where).not.toMatch(/NaN|expected|Invalid|pattern/);
        sentences[`${operation.path} ${name}`] = message;
      }
    }
    expect(sentences[`${t.config.runtime.apiBase}/account/{accountId}/transaction limit`]).toBe(
      'Page size must be 50, 100 or 500',
    );
    expect(sentences[`${t.config.runtime.apiBase}/account/{accountId}/transaction page`]).toBe(
      'The page must be a whole number, 1 or more',
    );
    expect(sentences[`${t.config.runtime.apiBase}/merchant/{merchantId}/route limit`]).toBe(
      'Page size must be 50, 100 or 500, or 0 for every route',
    );
    expect(sentences[`${t.config.runtime.apiBase}/search limit`]).toBe('The limit must be a whole number from 1 to 50');
  });
});
