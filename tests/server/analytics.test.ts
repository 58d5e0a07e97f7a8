import { ANALYTICS_BATCH_MAX, analyticsAccepted } from '@domain/contract/analytics';
import { analyticsEvents } from '@server/db/schema';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createAccount, createUser, signIn, type TestApp } from './helpers/test-app';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched, stored with the user.

let t: TestApp;
let token: string;
let userId: string;

const post = (payload: unknown, headers: Record<string, string> = authHeader(token)) =>
  t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: payload as object, headers });

beforeAll(async () => {
  t = await buildTestApp();
  const account = await createAccount(t.db);
  const user = await createUser(t.db, { role: 'VIEWER', type: 'ACCOUNT', accountIds: [account.id] });
  userId = user.id;
  token = (await signIn(t.app, { email: user.email, accountId: account.shortId })).token;
});

beforeEach(async () => {
  await t.db.delete(analyticsEvents);
});

afterAll(() => t.close());

describe('POST /event', () => {
  it('stores a batch with the signed-in user and answers 202 with the count', async () => {
    const response = await post({
      events: [
        {
          event_name: 'view_route_step1',
          event_properties: { merchantId: 'm-1', step: 1 },
          user_properties: { browser: 'Chromium 140', screenResolution: '1920x1080' },
        },
        { event_name: 'add_url_mid' },
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(analyticsAccepted.parse(response.json())).toEqual({ accepted: 2 });
    const rows = await t.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
    expect(
      rows.map(({ userId: who, eventName, eventProperties, userProperties }) => ({
        who,
        eventName,
        eventProperties,
        userProperties,
      })),
    ).toEqual([
      {
        who: userId,
        eventName: 'view_route_step1',
        eventProperties: { merchantId: 'm-1', step: 1 },
        userProperties: { browser: 'Chromium 140', screenResolution: '1920x1080' },
      },
      { who: userId, eventName: 'add_url_mid', eventProperties: {}, userProperties: {} },
    ]);
  });

  it('never stores tokens a client sends among the properties', async () => {
    await post({
      events: [
        {
          event_name: 'createMID_route',
          event_properties: { refreshToken: 'r-secret', midId: 'mid-1' },
          user_properties: {
            token: 'abc',
            bearerToken: 'def',
            Authorization: 'Bearer ghi',
            apiKey: 'k',
            sessionId: 's',
            browser: 'Firefox',
          },
        },
      ],
    });
    const [row] = await t.db.select().from(analyticsEvents);
    expect(row!.userProperties).toEqual({ browser: 'Firefox' });
    expect(row!.eventProperties).toEqual({ midId: 'mid-1' });
  });

  it('refuses empty batches, batches over the maximum, unknown event names and odd properties', async () => {
    const event = { event_name: 'add_url_route' };
    const refused = [
      {},
      { events: [] },
      { events: Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, () => event) },
      { events: [{ event_name: 'delete_everything' }] },
      { events: [{ event_name: 'add_url_route', user_properties: { nested: { deep: true } } }] },
    ];
    for (const payload of refused) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'form-not-validated' });
    }
    expect(await t.db.select().from(analyticsEvents)).toEqual([]);
    const full = await post({ events: Array.from({ length: ANALYTICS_BATCH_MAX }, () => event) });
    expect(full.json()).toEqual({ accepted: ANALYTICS_BATCH_MAX });
  });

  it('needs a session and lives under the analytics base address', async () => {
    expect((await post({ events: [{ event_name: 'add_url_mid' }] }, {})).statusCode).toBe(401);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/event',
      payload: { events: [{ event_name: 'add_url_mid' }] },
      headers: authHeader(token),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(t.config.runtime.analyticsBase).toBe('/api/analytics');
  });
});
