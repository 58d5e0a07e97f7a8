import type {
  SubscriptionCycle,
  SubscriptionDetail,
  SubscriptionKpis,
  SubscriptionListItem,
} from '@domain/contract/subscriptions';
import { PERMISSIONS as P } from '@domain/permissions';
import { MERCHANT_ID, MERCHANTS } from './activity-fixtures';
import { ACCOUNT_ID, json, type Server, type ServerCall } from './app-harness';
import { ACCOUNT } from './transactions-fixtures';

// Data and a fake API for the subscriptions screens: the list, one subscription, the KPIs and the action PATCH. Every
// call is recorded; the PATCH answers as the test says (204 by default), or is held until released.

export { MERCHANT_ID } from './activity-fixtures';

const MERCHANT_PATH = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}`;
export const OVERVIEW_PATH = `${MERCHANT_PATH}/subscriptions`;
export const LIST_PATH = `${MERCHANT_PATH}/subscriptions-table`;
export const detailPath = (subscriptionId: string) => `${MERCHANT_PATH}/subscriptions/detail/${subscriptionId}`;
export const API_LIST = `/merchant/${MERCHANT_ID}/subscription`;
export const API_KPIS = `/merchant/${MERCHANT_ID}/subscriptions-kpis`;

export const VIEWER = [P.subscriptionRead, P.subscriptionSelect];
export const MANAGER = [...VIEWER, P.subscriptionUpdate, P.subscriptionExport];

export const ACTIVE_ID = '5ab00000-0000-4000-8000-000000000001';
export const PAUSED_ID = '5ab00000-0000-4000-8000-000000000002';
export const CANCELLED_ID = '5ab00000-0000-4000-8000-000000000003';
const PLAN = { planId: '9a100000-0000-4000-8000-000000000001', prettyName: 'Gold monthly' };

export const ACTIVE: SubscriptionListItem = {
  subscriptionId: ACTIVE_ID,
  status: 'ACTIVE',
  email: 'ana@shop.example',
  plan: PLAN,
  country: 'ES',
  cycle: 3,
  lastPayment: { amount: { amount: 1_250, currency: 'EUR' }, date: '2025-03-05T10:15:00.000Z', status: 'SUCCESS' },
  version: 4,
};
export const PAUSED: SubscriptionListItem = {
  ...ACTIVE,
  subscriptionId: PAUSED_ID,
  status: 'PAUSED',
  email: 'ben@shop.example',
  country: 'FR',
  cycle: 2,
  lastPayment: { amount: { amount: 990, currency: 'EUR' }, date: '2025-03-04T09:00:00.000Z', status: 'DECLINED' },
  version: 2,
};

const attempt = (
  type: SubscriptionCycle['attempts'][number]['type'],
  status: SubscriptionCycle['attempts'][number]['status'],
  day: number,
  transactionId: string | null = null,
) => ({
  type,
  status,
  transactionId,
  midId: null,
  error: status === 'SUCCESS' ? null : { code: '0201', message: 'Issuer Rejects' },
  createdAt: `2025-03-${String(day).padStart(2, '0')}T08:00:00.000Z`,
  money: { amount: 1_250, currency: 'EUR' },
});

/** `count` cycles, newest first; cycle 2 has a declined renewal, its retry and a retrieval. */
export function cyclesOf(count: number): SubscriptionCycle[] {
  return Array.from({ length: count }, (_, index) => {
    const cycle = count - index;
    if (cycle === 1) return { cycle, attempts: [attempt('INITIAL', 'SUCCESS', 1)] };
    if (cycle === 2)
      return {
        cycle,
        attempts: [
          attempt('RENEWAL', 'DECLINED', 2, '7a000000-0000-4000-8000-000000000021'),
          attempt('RENEWAL', 'SUCCESS', 3, '7a000000-0000-4000-8000-000000000022'),
          attempt('INFORMATION_REQUESTED', 'SUCCESS', 4, '7a000000-0000-4000-8000-000000000023'),
        ],
      };
    return { cycle, attempts: [attempt('RENEWAL', 'SUCCESS', Math.min(28, cycle + 4))] };
  });
}

export function detailOf(item: SubscriptionListItem, overrides: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  return {
    ...item,
    card: { holder: 'Ana Ruiz', brand: 'VISA', country: 'ES', bin: '411111', last4: '1111' },
    url: 'https://shop.example',
    accountUpdated: false,
    error: null,
    cancellation: null,
    cycles: cyclesOf(item.cycle),
    createdAt: '2025-01-05T10:15:00.000Z',
    ...overrides,
  };
}

export const KPIS: SubscriptionKpis = {
  activeSubscriptions: { initial: 12, renewal: 30 },
  cancelledSubscriptions: { total: 5, churnRate: 3.25, initial: 2 },
  cancellationReasons: { HARD_DECLINE: 1, BACKOFFICE_API: 4 },
};

export interface SubscriptionsApiOptions {
  items?: SubscriptionListItem[];
  details?: Record<string, SubscriptionDetail>;
  /** Answers each PATCH in turn; the default is 204. */
  patchAnswers?: ((call: ServerCall) => Response | Promise<Response>)[];
}

export function subscriptionsApi({
  items = [ACTIVE, PAUSED],
  details = {},
  patchAnswers = [],
}: SubscriptionsApiOptions = {}) {
  const listCalls: ServerCall[] = [];
  const detailCalls: ServerCall[] = [];
  const patchCalls: ServerCall[] = [];
  const kpiCalls: ServerCall[] = [];
  const exportCalls: ServerCall[] = [];
  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
    if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, MERCHANTS[0]);
    if (call.path === API_KPIS) {
      kpiCalls.push(call);
      return json(200, KPIS);
    }
    if (call.path === API_LIST) {
      listCalls.push(call);
      return json(200, { count: items.length, total: items.length, items });
    }
    if (call.path.endsWith('/export')) {
      exportCalls.push(call);
      return new Response(null, { status: 204 });
    }
    const id = call.path.startsWith(`${API_LIST}/`) ? call.path.slice(API_LIST.length + 1) : undefined;
    if (id && call.method === 'PATCH') {
      patchCalls.push(call);
      const answer = patchAnswers[patchCalls.length - 1];
      return answer ? answer(call) : new Response(null, { status: 204 });
    }
    if (id) {
      detailCalls.push(call);
      const item = items.find((candidate) => candidate.subscriptionId === id);
      const detail = details[id] ?? (item ? detailOf(item) : undefined);
      return detail ? json(200, detail) : json(404, { error: 'resource-not-found' });
    }
    return undefined;
  };
  return { server, listCalls, detailCalls, patchCalls, kpiCalls, exportCalls };
}
