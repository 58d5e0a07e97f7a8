import { ANALYTICS_BATCH_MAX, ANALYTICS_LIMITS, analyticsAccepted } from '@domain/contract/analytics';
import { analyticsEvents } from '@server/db/schema';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AccountRow, authHeader, buildTestApp, createAccount, signedInAs, type TestApp } from './helpers/test-app';

// Analytics events (spec 1, section 7): POST /event on the analytics base, batched, stored with the user.

let t: TestApp;
let token: string;
let userId: string;
let account: AccountRow;

const post = (payload: unknown, headers: Record<string, string> = authHeader(token)) =>
  t.app.inject({ method: 'POST', url: '/api/analytics/event', payload: payload as object, headers });

beforeAll(async () => {
  t = await buildTestApp();
  account = await createAccount(t.db);
  const viewer = await signedInAs(t, 'VIEWER', account);
  userId = viewer.user.id;
  token = viewer.token;
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

describe('caps on what a session sends', () => {
  const stored = async () => (await t.db.select().from(analyticsEvents)).length;
  const event = (properties: Record<string, unknown>) => ({ event_name: 'add_url_mid', event_properties: properties });

  it('cuts off a 5 MB property before reading it, and stores nothing', async () => {
    const response = await post({ events: [event({ note: 'x'.repeat(5 * 1024 * 1024) })] });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: expect.any(String), message: expect.any(String) });
    expect(await stored()).toBe(0);
  });

  const many = (count: number, value = 'v') =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`key${index}`, value]));
  it.each([
    ['a string value over 256 characters', () => [event({ note: 'x'.repeat(ANALYTICS_LIMITS.valueLength + 1) })]],
    ['more than 20 properties', () => [event(many(ANALYTICS_LIMITS.properties + 1))]],
    ['a key over 50 characters', () => [event({ ['k'.repeat(ANALYTICS_LIMITS.keyLength + 1)]: 1 })]],
    ['user properties over the caps', () => [{ event_name: 'add_url_mid', user_properties: many(21) }]],
    ['an event over 2 KB', () => [event(many(ANALYTICS_LIMITS.properties, 'x'.repeat(200)))]],
    [
      'a batch over 64 KB',
      () => Array.from({ length: ANALYTICS_LIMITS.batchEvents }, () => event(many(9, 'x'.repeat(200)))),
    ],
  ])('refuses %s with the contract error, and stores nothing', async (_what, events) => {
    const response = await post({ events: events() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'form-not-validated' });
    expect(await stored()).toBe(0);
  });

  it('accepts an event at every cap', async () => {
    const atCaps = event({
      ...many(ANALYTICS_LIMITS.properties - 2, 'v'),
      ['k'.repeat(ANALYTICS_LIMITS.keyLength)]: 1,
      note: 'x'.repeat(ANALYTICS_LIMITS.valueLength),
    });
    const response = await post({ events: [atCaps] });
    expect(response.statusCode, response.body).toBe(202);
    expect(await stored()).toBe(1);
  });
});

describe('events per session', () => {
  it(`accepts ${ANALYTICS_LIMITS.eventsPerMinute} a minute, then answers 429 and stores nothing until the minute is over`, async () => {
    const { user, token: session } = await signedInAs(t, 'VIEWER', account);
    const batch = (count: number) => ({
      events: Array.from({ length: count }, (_, index) => ({
        event_name: 'view_route_step1',
        event_properties: { index },
      })),
    });
    const mine = async () => (await t.db.select().from(analyticsEvents)).filter((row) => row.userId === user.id).length;

    expect((await post(batch(50), authHeader(session))).statusCode).toBe(202);
    expect((await post(batch(50), authHeader(session))).statusCode).toBe(202);
    // 100 sent: a batch of 50 does not fit, and is refused whole.
    const refused = await post(batch(50), authHeader(session));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too-many-requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mine()).toBe(100);
    // What still fits in the minute goes through; then nothing does.
    expect((await post(batch(20), authHeader(session))).statusCode).toBe(202);
    expect((await post(batch(1), authHeader(session))).statusCode).toBe(429);
    expect(await mine()).toBe(120);

    // Other sessions have a minute of their own.
    expect((await post(batch(1))).statusCode).toBe(202);

    t.clock.advance(60_000);
    expect((await post(batch(50), authHeader(session))).statusCode).toBe(202);
    expect(await mine()).toBe(170);
  });
});
