import { type ApiClientOptions, createApiClient } from '@console/api/client';
import { ApiError } from '@console/api/errors';
import { buildQuery } from '@console/api/query';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const CONFIG = { apiBase: '/api', userActivityBase: 'https://activity.example.com/v1/', analyticsBase: '/analytics' };

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A fetch that records requests and answers from a queue (the last answer repeats). */
function fakeFetch(...answers: Array<Response | (() => Response) | Error>) {
  const calls: Recorded[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
    });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(fetch: typeof globalThis.fetch, overrides: Partial<ApiClientOptions> = {}) {
  const options = {
    getConfig: () => CONFIG,
    getToken: vi.fn(async () => 'token-1'),
    onSessionEnded: vi.fn(),
    onResourceNotFound: vi.fn(),
    onServerError: vi.fn(),
    now: () => 1_700_000_000_000,
    fetch,
    ...overrides,
  };
  return { api: createApiClient(options), options };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call did not fail');
}

describe('query building', () => {
  it('drops empty values, brackets array names, trims and encodes values', () => {
    expect(
      buildQuery({
        search: '  caf\u00e9 & co ',
        status: ['ACTIVE', ' PAUSED ', '', null],
        empty: '',
        blank: '   ',
        missing: undefined,
        none: null,
        nothing: [],
        page: 2,
        archived: false,
      }),
    ).toBe('search=caf%C3%A9%20%26%20co&status[]=ACTIVE&status[]=PAUSED&page=2&archived=false');
  });
});

describe('API client', () => {
  it('sends the bearer token, Accept-Language en, JSON and a cache buster, and returns the parsed answer', async () => {
    const { fetch, calls } = fakeFetch(json(200, { count: 1, total: 1, items: ['a'] }));
    const { api } = client(fetch);
    const schema = z.object({ count: z.number(), total: z.number(), items: z.array(z.string()) });

    const data = await api.get('/accounts', { query: { search: ' acme ', status: ['A', 'B'] }, schema });

    expect(data).toEqual({ count: 1, total: 1, items: ['a'] });
    expect(calls[0]!.url).toBe('/api/accounts?search=acme&status[]=A&status[]=B&_=1700000000000');
    expect(calls[0]!.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'accept-language': 'en',
      accept: 'application/json',
    });
  });

  it('sends bodies as JSON and leaves the token off public calls', async () => {
    const { fetch, calls } = fakeFetch(json(200, { ok: true }));
    const { api, options } = client(fetch);

    await api.post('/user/forgot', { auth: false, body: { email: 'a@b.co', accountId: 'ACME' } });

    expect(options.getToken).not.toHaveBeenCalled();
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.headers.authorization).toBeUndefined();
    expect(JSON.parse(calls[0]!.body!)).toEqual({ email: 'a@b.co', accountId: 'ACME' });
  });

  it('sends a FormData body as multipart, leaving its Content-Type to the browser', async () => {
    const { fetch, calls } = fakeFetch(json(200, { ok: true }));
    const { api } = client(fetch);
    const form = new FormData();
    form.append('file', new File(['word'], 'Letter.docx'));

    await api.put('/account/1/chargeback-template/Default', { body: form });

    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(calls[0]!.headers['content-type']).toBeUndefined();
    expect(calls[0]!.headers.authorization).toBe('Bearer token-1');
  });

  it('keeps the query of a path the server handed out and adds the cache buster to it', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const { api } = client(fetch);

    await api.request('/download/abc?expires=60', { responseType: 'blob' });

    expect(calls[0]!.url).toBe('/api/download/abc?expires=60&_=1700000000000');
  });

  it('calls the user-activity and analytics services at their own bases', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const { api } = client(fetch);

    await api.get('/activity', { base: 'activity' });
    await api.post('/event', { base: 'analytics', body: { events: [] } });

    expect(calls[0]!.url).toMatch(/^https:\/\/activity\.example\.com\/v1\/activity\?_=/);
    expect(calls[1]!.url).toMatch(/^\/analytics\/event\?_=/);
  });

  it('reads the error answer and maps its key through the catalogue', async () => {
    const { fetch } = fakeFetch(
      json(400, {
        statusCode: 400,
        error: 'form-not-validated',
        message: 'body/email must be an email',
        fields: { email: 'Enter a valid email address' },
      }),
    );
    const { api } = client(fetch);

    const error = await failureOf(api.post('/users', { body: {} }));

    expect(error.status).toBe(400);
    expect(error.key).toBe('form-not-validated');
    expect(error.header).toBe('Form not validated');
    expect(error.serverMessage).toBe('body/email must be an email');
    expect(error.fields).toEqual({ email: 'Enter a valid email address' });
  });

  it('turns unknown keys into unexpected-error and keeps errorMessage, statusText and Retry-After', async () => {
    const { fetch } = fakeFetch(
      json(
        429,
        { status: 429, statusText: 'Too Many', error: 'Slow Down', errorMessage: 'wait' },
        { 'retry-after': '30' },
      ),
    );
    const { api } = client(fetch);

    const error = await failureOf(api.post('/user/login', { auth: false, body: {} }));

    expect(error.key).toBe('unexpected-error');
    expect(error.header).toBe('Oops! Something went wrong');
    expect(error.statusText).toBe('Too Many');
    expect(error.serverMessage).toBe('wait');
    expect(error.retryAfterSeconds).toBe(30);
  });

  it.each([
    [401, 'session-opened-another-device'],
    [410, 'session-expired'],
  ])('ends the session on %i with the answer key', async (status, key) => {
    const { fetch } = fakeFetch(json(status, { statusCode: status, error: key, message: '' }));
    const { api, options } = client(fetch);

    const error = await failureOf(api.get('/accounts'));

    expect(error.key).toBe(key);
    expect(options.onSessionEnded).toHaveBeenCalledWith(key);
    expect(options.onResourceNotFound).not.toHaveBeenCalled();
  });

  it('does not end the session when a public call answers 401 (wrong credentials)', async () => {
    const { fetch } = fakeFetch(json(401, { statusCode: 401, error: 'invalid-login-credentials', message: '' }));
    const { api, options } = client(fetch);

    const error = await failureOf(api.post('/user/login', { auth: false, body: {} }));

    expect(error.header).toBe('Invalid login credentials');
    expect(options.onSessionEnded).not.toHaveBeenCalled();
  });

  it.each([403, 404])('goes to the resource-not-found screen on %i', async (status) => {
    const { fetch } = fakeFetch(json(status, { statusCode: status, error: 'resource-not-found', message: '' }));
    const { api, options } = client(fetch);

    await failureOf(api.get('/accounts/x'));

    expect(options.onResourceNotFound).toHaveBeenCalledTimes(1);
  });

  it('leaves a 404 to callers that expect it', async () => {
    const { fetch } = fakeFetch(json(404, { statusCode: 404, error: 'resource-not-found', message: '' }));
    const { api, options } = client(fetch);

    const error = await failureOf(api.get('/search', { notFoundIsAnswer: true }));

    expect(error.status).toBe(404);
    expect(options.onResourceNotFound).not.toHaveBeenCalled();
  });

  it.each([500, 503, 511])('shows the server-error message on %i', async (status) => {
    const { fetch } = fakeFetch(new Response('upstream down', { status }));
    const { api, options } = client(fetch);

    const error = await failureOf(api.get('/accounts'));

    expect(error.status).toBe(status);
    expect(options.onServerError).toHaveBeenCalledWith(error);
    expect(options.onSessionEnded).not.toHaveBeenCalled();
  });

  it('leaves every failure of a quiet call to its caller', async () => {
    const { fetch } = fakeFetch(new Response('down', { status: 503 }));
    const { api, options } = client(fetch);

    const error = await failureOf(api.post('/user/logout', { token: 'token-1', quiet: true }));

    expect(error.status).toBe(503);
    expect(options.onServerError).not.toHaveBeenCalled();
  });

  it('reports a network failure as connection-error without a global effect', async () => {
    const { fetch } = fakeFetch(new TypeError('Failed to fetch'));
    const { api, options } = client(fetch);

    const error = await failureOf(api.get('/accounts'));

    expect(error.status).toBe(0);
    expect(error.key).toBe('connection-error');
    expect(options.onServerError).not.toHaveBeenCalled();
    expect(options.onSessionEnded).not.toHaveBeenCalled();
  });

  it('renews once and repeats the call when the token merely expired', async () => {
    const { fetch, calls } = fakeFetch(
      json(401, { statusCode: 401, error: 'token-expired', message: '' }),
      json(200, { ok: true }),
    );
    const getToken = vi.fn(async (options?: { rejectedToken?: string }) =>
      options?.rejectedToken ? 'token-2' : 'token-1',
    );
    const { api, options } = client(fetch, { getToken });

    await expect(api.get('/accounts')).resolves.toEqual({ ok: true });

    expect(getToken).toHaveBeenLastCalledWith({ rejectedToken: 'token-1' });
    expect(calls.map((call) => call.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(options.onSessionEnded).not.toHaveBeenCalled();
  });

  it('ends the session when the repeated call is refused again', async () => {
    const { fetch, calls } = fakeFetch(json(401, { statusCode: 401, error: 'token-expired', message: '' }));
    const { api, options } = client(fetch);

    await failureOf(api.get('/accounts'));

    expect(calls).toHaveLength(2);
    expect(options.onSessionEnded).toHaveBeenCalledWith('token-expired');
  });

  it('applies the effect of a token that could not be had: expired renewal ends the session', async () => {
    const { fetch, calls } = fakeFetch(json(200, {}));
    const getToken = vi.fn(async () => {
      throw new ApiError({ status: 410, key: 'session-expired' });
    });
    const { api, options } = client(fetch, { getToken });

    const error = await failureOf(api.get('/accounts'));

    expect(error.status).toBe(410);
    expect(calls).toHaveLength(0);
    expect(options.onSessionEnded).toHaveBeenCalledWith('session-expired');
  });

  it('surfaces an answer that does not match the contract as an error', async () => {
    const { fetch } = fakeFetch(json(200, { count: 'many' }));
    const { api } = client(fetch);

    const error = await failureOf(api.get('/accounts', { schema: z.object({ count: z.number() }) }));

    expect(error.key).toBe('unexpected-error');
    expect(error.cause).toBeInstanceOf(z.ZodError);
  });

  it('hands raw responses to downloads', async () => {
    const { fetch, calls } = fakeFetch(
      () => new Response('id;amount\n1;2\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const { api } = client(fetch);

    const response = await api.request('/mids/export', {
      method: 'POST',
      responseType: 'text',
      body: { timeZone: 'UTC' },
    });

    await expect(response.text()).resolves.toBe('id;amount\n1;2\n');
    expect(calls[0]!.headers.authorization).toBe('Bearer token-1');
    expect(calls[0]!.headers.accept).toContain('text/csv');
  });
});
