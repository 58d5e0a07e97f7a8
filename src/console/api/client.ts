import { CACHE_BUSTER_PARAM } from '@domain/contract/common';
import type { RuntimeConfig } from '@domain/contract/config';
import { type ErrorDependant, type ErrorKey, effectOfStatus } from '@domain/errors';
import type { z } from 'zod';
import { ApiError } from './errors';
import { buildQuery, type QueryParams } from './query';

// The console's one API client (spec 1, sections 7 and 8). Every call carries the bearer token, Accept-Language en,
// a cache buster and JSON; every failure becomes an ApiError whose key comes from the error catalogue, and the
// status decides the global effect (sign out, resource-not-found screen, server-error message).

export type ApiBase = 'api' | 'activity' | 'analytics';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface GetTokenOptions {
  /** The token the server refused as expired: renew, unless another call already replaced it. */
  rejectedToken?: string;
}

export interface ApiClientOptions {
  getConfig: () => Pick<RuntimeConfig, 'apiBase' | 'userActivityBase' | 'analyticsBase'>;
  /** A valid access token; rejects with an ApiError (401 missing-token, 410 session-expired, 0 connection-error). */
  getToken: (options?: GetTokenOptions) => Promise<string>;
  /** 401 and 410 on an authenticated call: the session is over. `key` says why. */
  onSessionEnded: (key: ErrorKey) => void;
  /** 403 and 404: show the resource-not-found screen (path /!). */
  onResourceNotFound: () => void;
  /** 500-511: show the 'server-error' message. */
  onServerError: (error: ApiError) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CallOptions<T = unknown> {
  query?: QueryParams;
  /** Sent as JSON, except a FormData (file uploads), which goes as multipart with the browser's boundary. */
  body?: unknown;
  /** The zod contract of the answer; without it the parsed JSON is returned unchecked. */
  schema?: z.ZodType<T>;
  /** Public calls (sign-in, renew, password flows) send no token and never end the session. */
  auth?: boolean;
  /** Sends this token instead of asking for a valid one (logout uses the token it is ending). */
  token?: string;
  base?: ApiBase;
  /** A 403/404 is an answer the caller handles (e.g. "not found" while searching), not a navigation. */
  notFoundIsAnswer?: boolean;
  /** 500-511 are answered where the call was made (the refund modal's no-response result), with no global message. */
  serverErrorIsAnswer?: boolean;
  /** No global effect at all (no sign-out, navigation or server-error message): the caller handles every failure. */
  quiet?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Lets the call outlive the page (fetch keepalive), for analytics sent while the tab is hidden or closed. */
  keepalive?: boolean;
}

export interface RawCallOptions extends Omit<CallOptions, 'schema'> {
  method?: HttpMethod;
  /** What the caller will read from the Response; sets the Accept header. */
  responseType?: 'blob' | 'text' | 'raw';
}

export interface ApiClient {
  get<T>(path: string, options?: CallOptions<T>): Promise<T>;
  post<T>(path: string, options?: CallOptions<T>): Promise<T>;
  put<T>(path: string, options?: CallOptions<T>): Promise<T>;
  patch<T>(path: string, options?: CallOptions<T>): Promise<T>;
  delete<T>(path: string, options?: CallOptions<T>): Promise<T>;
  /** For files and exports: the successful Response itself (errors are handled as for every other call). */
  request(path: string, options?: RawCallOptions): Promise<Response>;
  /** The full address of a path, for links that the browser opens itself. */
  url(path: string, options?: { query?: QueryParams; base?: ApiBase }): string;
}

const ACCEPT: Record<NonNullable<RawCallOptions['responseType']> | 'json', string> = {
  json: 'application/json',
  blob: '*/*',
  text: 'text/plain, text/csv, */*',
  raw: '*/*',
};

interface ErrorFields {
  error?: unknown;
  errorMessage?: unknown;
  message?: unknown;
  statusText?: unknown;
  status?: unknown;
  fields?: unknown;
  retryAfterSeconds?: unknown;
  items?: unknown;
  dependants?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

function dependantList(value: unknown): ErrorDependant[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (entry): entry is ErrorDependant =>
      typeof entry === 'object' &&
      entry !== null &&
      (entry.kind === 'ROUTE' || entry.kind === 'MID') &&
      typeof entry.id === 'string' &&
      typeof entry.description === 'string',
  );
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** Reads status, statusText, error, errorMessage and message from an error answer (spec 1, section 7). */
async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: ErrorFields = {};
  try {
    const parsed = await readBody(response);
    if (typeof parsed === 'object' && parsed !== null) body = parsed as ErrorFields;
  } catch {
    // An unreadable body still has a status; the key falls back to 'unexpected-error'.
  }
  const retryHeader = Number(response.headers.get('retry-after'));
  const retryAfterSeconds =
    typeof body.retryAfterSeconds === 'number'
      ? body.retryAfterSeconds
      : Number.isFinite(retryHeader) && retryHeader > 0
        ? retryHeader
        : undefined;
  return new ApiError({
    status: typeof body.status === 'number' ? body.status : response.status,
    key: text(body.error),
    statusText: text(body.statusText) ?? response.statusText,
    serverMessage: text(body.errorMessage) ?? text(body.message),
    fields: stringRecord(body.fields),
    retryAfterSeconds,
    items: Array.isArray(body.items)
      ? body.items.filter((item): item is string => typeof item === 'string')
      : undefined,
    dependants: dependantList(body.dependants),
  });
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  function baseOf(base: ApiBase = 'api'): string {
    const config = options.getConfig();
    const value =
      base === 'activity' ? config.userActivityBase : base === 'analytics' ? config.analyticsBase : config.apiBase;
    return value.replace(/\/+$/, '');
  }

  function url(path: string, target: { query?: QueryParams; base?: ApiBase } = {}, cacheBuster = false): string {
    const query = buildQuery(target.query);
    const buster = cacheBuster ? `${CACHE_BUSTER_PARAM}=${now()}` : '';
    const search = [query, buster].filter(Boolean).join('&');
    const normalised = path.startsWith('/') ? path : `/${path}`;
    // A path the server handed out (a download link) may carry its own query already.
    const joiner = normalised.includes('?') ? '&' : '?';
    return `${baseOf(target.base)}${normalised}${search ? `${joiner}${search}` : ''}`;
  }

  /** Applies the status's global effect; public calls only ever show their own message. */
  function applyEffect(error: ApiError, call: CallOptions): void {
    if (call.quiet) return;
    const authenticated = call.auth !== false && call.token === undefined;
    switch (effectOfStatus(error.status)) {
      case 'end-session':
        // 410 'link-expired' (an e-mailed export link that ran out) is an answer about the link, not the session.
        if (authenticated && error.key !== 'link-expired') options.onSessionEnded(error.key);
        return;
      case 'resource-not-found':
        if (authenticated && !call.notFoundIsAnswer) options.onResourceNotFound();
        return;
      case 'server-error':
        if (!call.serverErrorIsAnswer) options.onServerError(error);
        return;
      default:
        return;
    }
  }

  async function send(method: HttpMethod, path: string, call: CallOptions, accept: string): Promise<Response> {
    const sendsBody = method !== 'GET' && method !== 'DELETE';
    const multipart = typeof FormData !== 'undefined' && call.body instanceof FormData;
    const jsonBody = !multipart && (sendsBody || call.body !== undefined);
    const attempt = async (rejectedToken?: string): Promise<Response> => {
      let token = call.token;
      if (token === undefined && call.auth !== false) {
        try {
          token = await options.getToken(rejectedToken === undefined ? undefined : { rejectedToken });
        } catch (error) {
          const failure =
            error instanceof ApiError ? error : new ApiError({ status: 0, key: 'connection-error', cause: error });
          applyEffect(failure, call);
          throw failure;
        }
      }
      const headers: Record<string, string> = {
        Accept: accept,
        'Accept-Language': 'en',
        // Fastify refuses an empty body declared as JSON, so bodiless calls only announce what they accept.
        // A multipart body sets its own Content-Type, boundary included.
        ...(jsonBody ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...call.headers,
      };
      let response: Response;
      try {
        response = await fetchImpl(url(path, call, true), {
          method,
          headers,
          body: multipart ? (call.body as FormData) : jsonBody ? JSON.stringify(call.body ?? {}) : undefined,
          signal: call.signal,
          ...(call.keepalive ? { keepalive: true } : {}),
          cache: 'no-store',
        });
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new ApiError({ status: 0, key: 'connection-error', cause: error });
      }
      if (response.ok) return response;
      const failure = await errorFromResponse(response);
      // An access token that merely expired is renewed once and the call repeated, before giving up the session.
      if (failure.key === 'token-expired' && token && call.token === undefined && rejectedToken === undefined) {
        return attempt(token);
      }
      applyEffect(failure, call);
      throw failure;
    };
    return attempt();
  }

  async function call<T>(method: HttpMethod, path: string, call: CallOptions<T> = {}): Promise<T> {
    const response = await send(method, path, call, ACCEPT.json);
    let body: unknown;
    try {
      body = await readBody(response);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, key: 'connection-error', cause: error });
    }
    if (!call.schema) return body as T;
    const parsed = call.schema.safeParse(body);
    if (!parsed.success) {
      // The answer does not match the contract: a bug on one side, shown as the unexpected-error message.
      throw new ApiError({
        status: response.status,
        key: 'unexpected-error',
        serverMessage: `Response of ${method} ${path} does not match its contract`,
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    get: (path, callOptions) => call('GET', path, callOptions),
    post: (path, callOptions) => call('POST', path, callOptions),
    put: (path, callOptions) => call('PUT', path, callOptions),
    patch: (path, callOptions) => call('PATCH', path, callOptions),
    delete: (path, callOptions) => call('DELETE', path, callOptions),
    request: (path, { method = 'GET', responseType = 'raw', ...rest } = {}) =>
      send(method, path, rest, ACCEPT[responseType]),
    url: (path, target) => url(path, target),
  };
}
