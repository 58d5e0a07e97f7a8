// Every call of the API reference carries an operationId (issue 23): a generated client names its methods after it
// (without one, after the path), so it is unique, stable and readable. It is derived from the call's method and
// path, the spec's contract: the verb from the method and the path's shape (a GET of one record, of a list, of a
// single document), the noun from the path's literal segments after the tenant that scopes them. A new call gets one
// without anyone writing it; the few the rule would name badly, or alike, are named below. A route may also set
// `operationId` in its own schema, which wins.

/** What a call's id is derived from. */
export interface OperationShape {
  method: string;
  /** The path under its base (`/account/{accountId}/transaction`), parameters in braces. */
  path: string;
  /** The 200 answer is a list (an array, or the `{ count, total, items }` page). */
  answersList: boolean;
}

/** The segments that scope a call to a tenant: `/account/{accountId}/merchant` is the account's merchants. */
const SCOPES = new Set(['account', 'merchant']);

/** Path segments written as one word that hold two. */
const WORDS: Record<string, string> = { transactionalert: 'transactionAlert', useractivity: 'userActivity' };

/** Last segments that act on what precedes them: `/transaction/export` exports transactions. */
const ACTIONS: Record<string, 'plural' | 'singular'> = { export: 'plural', search: 'plural', duplicate: 'singular' };

/** Calls the rule would name badly (actions of the session) or alike (an account's and a merchant's list). */
const NAMED: Record<string, string> = {
  'POST /user/login': 'login',
  'POST /user/admin/login': 'adminLogin',
  'POST /user/logout': 'logout',
  'POST /user/renew': 'renewSession',
  'POST /user/forgot': 'forgotPassword',
  'POST /user/admin/forgot': 'adminForgotPassword',
  'POST /user/reset': 'resetPassword',
  'PUT /user/{userId}/unsubscribe': 'unsubscribeUser',
  'POST /user/admin': 'createAdminUser',
  'POST /user/{userId}/reminder': 'sendUserReminder',
  'GET /search': 'search',
  // The query language's completion asks for one kind of record's names (issue 26).
  'GET /search/names': 'searchNames',
  // The caller's own recent records (issue 26): not a user's by id.
  'GET /user/recent-record': 'listRecentRecords',
  'POST /user/recent-record': 'addRecentRecord',
  'GET /mailbox': 'listMailboxMessages',
  'GET /mailbox/{id}': 'getMailboxMessage',
  'GET /merchant/{merchantId}/list': 'listMyLists',
  'GET /account/{accountId}/merchant/{merchantId}/{keyName}': 'getMerchantApiKey',
  'GET /account/{accountId}/acquirer': 'listAccountAcquirers',
  'GET /account/{accountId}/transactionalert': 'listAccountTransactionAlerts',
  'GET /account/{accountId}/transactionalert/export': 'exportAccountTransactionAlerts',
  'POST /merchant/{merchantId}/simulation': 'simulateRouting',
  // The MID pick list with the route's variables as its body (a route may name more URLs than a query string holds).
  'POST /merchant/{merchantId}/route-mid': 'searchRouteMids',
  'POST /merchant/{merchantId}/routing-backtest': 'backtestRouting',
  // Issue 28: the check of the saved routes, and of a draft (a POST that creates nothing).
  'GET /merchant/{merchantId}/routing-lint': 'lintRouting',
  'POST /merchant/{merchantId}/routing-lint': 'lintRoutingDraft',
  'POST /event': 'sendAnalyticsEvents',
};

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camelCased = (segment: string) =>
  WORDS[segment] ?? segment.replace(/[-_]+([a-zA-Z0-9])/g, (_match, next: string) => next.toUpperCase());

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(word)) return /ss$|x$|ch$|sh$/.test(word) ? `${word}es` : word;
  return `${word}s`;
}

/** The noun of the words, the last one made plural when `many`. */
function noun(words: readonly string[], many: boolean): string {
  const last = words.length - 1;
  return words.map((word, index) => capitalised(many && index === last ? plural(word) : word)).join('');
}

const isParameter = (segment: string) => segment.startsWith('{');

export function operationIdOf({ method, path, answersList }: OperationShape): string {
  const verb = method.toUpperCase();
  const named = NAMED[`${verb} ${path}`];
  if (named) return named;
  const segments = path.split('/').filter(Boolean);
  const endsWithParameter = segments.length > 0 && isParameter(segments.at(-1)!);
  const words = segments.filter((segment) => !isParameter(segment)).map(camelCased);
  if (words.length > 1 && SCOPES.has(words[0]!)) words.shift();
  const action = endsWithParameter ? undefined : ACTIONS[words.at(-1)!];
  if (action && words.length > 1) {
    const name = words.pop()!;
    return `${name}${noun(words, action === 'plural')}`;
  }
  switch (verb) {
    case 'GET':
      return endsWithParameter || !answersList ? `get${noun(words, false)}` : `list${noun(words, true)}`;
    case 'POST':
      return `create${noun(words, false)}`;
    case 'PUT':
    case 'PATCH':
      return `update${noun(words, false)}`;
    case 'DELETE':
      return `delete${noun(words, false)}`;
    default:
      return `${verb.toLowerCase()}${noun(words, false)}`;
  }
}

/** The path of `url` under the longest of `bases` it starts with (`/api/audit/x` under `/api/audit` is `/x`). */
export function pathUnder(url: string, bases: readonly string[]): string {
  const base = [...bases]
    .filter((candidate) => url === candidate || url.startsWith(`${candidate}/`))
    .sort((a, b) => b.length - a.length)[0];
  const rest = base ? url.slice(base.length) : url;
  return rest === '' ? '/' : rest;
}
