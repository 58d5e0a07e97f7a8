import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { Database } from '@server/db/client';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestDatabase, createUser, insertRoles, signIn } from './helpers/test-app';

// What reaches the log (issue 11): no query string, no body, no parameter value. A database error caused by bad
// input used to be logged with its SQL and parameters (drizzle puts both in the message, and pino logs every field
// of an error), and every request line carried the full URL with its query.

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

/** The log since `from`, as one string (each line is a JSON object). */
const logSince = (from: number) => lines.slice(from).join('\n');

beforeAll(async () => {
  database = await createTestDatabase();
  await insertRoles(database.db);
  const config = loadConfig({}, { logLevel: 'info', serveConsole: false });
  app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
  // A route whose bad input makes the database fail, as a NUL byte or an oversized value did: PostgreSQL refuses
  // the value and the driver's error carries the statement and its parameters.
  app.get('/api/test/lookup', async (request) => {
    const { value } = request.query as { value: string };
    return database.db.execute(sql`select ${value}::uuid as id`);
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the log', () => {
  it('shows a 500 caused by bad input as class, code and message, never the query or its parameters', async () => {
    const from = lines.length;
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/lookup?value=card-4111111111111111&note=private-note',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, error: 'server-error', message: 'Try again later' });

    const log = logSince(from);
    const entry = lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((line) => line.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({ type: 'DrizzleQueryError', code: '22P02' });
    expect(String(entry?.err?.message)).toMatch(/invalid input syntax for type uuid/);
    expect(entry?.err).not.toHaveProperty('query');
    expect(entry?.err).not.toHaveProperty('params');
    expect(entry?.err).not.toHaveProperty('parameters');
    // Neither the value, nor the statement, nor the query string appear anywhere in the log.
    expect(log).not.toContain('4111111111111111');
    expect(log).not.toContain('private-note');
    expect(log).not.toMatch(/select \$1/i);
    expect(log).not.toContain('params:');
    expect(log).toContain('"url":"/api/test/lookup"');
  });

  it('logs requests by route pattern, without the query string or the values in the path', async () => {
    const staff = await createUser(database.db, { role: 'PROVIDER_ADMINISTRATOR', type: 'INTERNAL' });
    const { token } = await signIn(app, { email: staff.email });
    const from = lines.length;
    const accountId = '3b0cf5f2-52a4-4c4e-9b1c-6a0d5f5b7e21';
    await app.inject({
      method: 'GET',
      url: `/api/account/${accountId}/merchant?search=confidential-search`,
      headers: authHeader(token),
    });
    await app.inject({ method: 'GET', url: '/password/reset/SECRET-RESET-TOKEN?exp=1&type=reset' });
    const log = logSince(from);
    expect(log).toContain('"url":"/api/account/:accountId/merchant"');
    expect(log).toContain('"url":"/password/…"');
    expect(log).not.toContain('confidential-search');
    expect(log).not.toContain(accountId);
    expect(log).not.toContain('SECRET-RESET-TOKEN');
  });

  it('never logs a request body, even one the server refuses', async () => {
    const from = lines.length;
    const password = 'Sup3r-secret-password!';
    const refused = await app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: { username: 'nobody@ops.example', password },
    });
    expect(refused.statusCode).toBe(401);
    const nul = await app.inject({
      method: 'POST',
      url: '/api/user/admin/login',
      payload: { username: 'nobody\u0000@ops.example', password },
    });
    expect(nul.statusCode).toBe(400);
    const log = logSince(from);
    expect(log).toContain('"url":"/api/user/admin/login"');
    expect(log).not.toContain(password);
    expect(log).not.toContain('nobody');
  });
});
