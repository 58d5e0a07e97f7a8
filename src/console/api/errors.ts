import {
  type CatalogueMessage,
  type ErrorDependant,
  type ErrorKey,
  type MessageType,
  messageFor,
} from '@domain/errors';

export interface ApiErrorInit {
  status: number;
  /** The key as the server (or the client) named it; unknown keys become 'unexpected-error'. */
  key: unknown;
  statusText?: string;
  /** The server's own description (message or errorMessage), for logs; users see the catalogue text. */
  serverMessage?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  items?: string[];
  dependants?: ErrorDependant[];
  cause?: unknown;
}

/**
 * Every failed call surfaces as one of these. `status` is 0 when the server was never reached. `header` and `content`
 * are the catalogue message of `key`, which screens show as they are.
 */
export class ApiError extends Error implements CatalogueMessage {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly key: ErrorKey;
  readonly header: string;
  readonly content: string | undefined;
  readonly type: MessageType;
  readonly statusText: string;
  readonly serverMessage: string | undefined;
  readonly fields: Record<string, string>;
  readonly retryAfterSeconds: number | undefined;
  /** The entries a list answer names (duplicated or invalid items). */
  readonly items: string[];
  /** What still uses an item that could not be deleted. */
  readonly dependants: ErrorDependant[];

  constructor(init: ApiErrorInit) {
    const message = messageFor(init.key);
    super(message.header, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.key = message.key;
    this.header = message.header;
    this.content = message.content;
    this.type = message.type;
    this.statusText = init.statusText ?? '';
    this.serverMessage = init.serverMessage;
    this.fields = init.fields ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.items = init.items ?? [];
    this.dependants = init.dependants ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
