import type { Account } from '@domain/contract/accounts';
import { BASE64_HEADER } from '@domain/contract/exports';
import type {
  RefundResponse,
  TransactionDetail,
  TransactionIdSearchItem,
  TransactionListItem,
} from '@domain/contract/transactions';
import { PERMISSIONS as P } from '@domain/permissions';
import { MERCHANTS } from './activity-fixtures';
import { ACCOUNT_ID, json, type Server, type ServerCall } from './app-harness';

// Data and a fake API for the transactions screens: the list and its pick lists, the export, the detail, the refund
// and the palette's id search. Every call is recorded, headers included.

export { MERCHANT_ID, OTHER_MERCHANT_ID } from './activity-fixtures';

import { MERCHANT_ID } from './activity-fixtures';

export const LIST_PATH = `/accounts/${ACCOUNT_ID}/transactions`;
export const MERCHANT_LIST_PATH = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/transactions`;
export const API_LIST = `/account/${ACCOUNT_ID}/transaction`;
export const API_EXPORT = `${API_LIST}/export`;

export const PAYMENT_ID = '9c0c0a4e-0000-4000-8000-000000000001';
export const REFUND_ID = '9c0c0a4e-0000-4000-8000-000000000002';
export const DECLINED_ID = '9c0c0a4e-0000-4000-8000-000000000003';
export const PARENT_ID = '9c0c0a4e-0000-4000-8000-000000000004';
export const NEW_REFUND_ID = '9c0c0a4e-0000-4000-8000-000000000005';
export const ROUTE_ID = 'ab0c0a4e-0000-4000-8000-000000000001';
export const MID_ID = 'ac0c0a4e-0000-4000-8000-000000000001';

export const detailPath = (transactionId: string) => `${LIST_PATH}/${transactionId}`;
export const apiDetail = (transactionId: string) => `${API_LIST}/${transactionId}`;
export const apiRefund = (transactionId: string) => `${API_LIST}/${transactionId}/refund`;

export const READER = [P.transactionRead, P.transactionSelect, P.merchantRead];
export const REFUNDER = [...READER, P.transactionRefund, P.transactionExport];

export const ACCOUNT: Account = {
  accountId: ACCOUNT_ID,
  shortId: 'ACME',
  prettyName: 'Acme',
  image: null,
  hasChargebacksFeature: false,
  providers: [
    { acquirerId: 'ad0c0a4e-0000-4000-8000-000000000001', prettyName: 'Adyen', usedByMid: true, solutions: [] },
    { acquirerId: 'ad0c0a4e-0000-4000-8000-000000000002', prettyName: 'Stripe', usedByMid: true, solutions: [] },
  ],
  merchantCount: 2,
  userCount: 1,
  version: 1,
  createdAt: '2024-03-05T10:15:00.000Z',
};

/** A successful card payment of 1.234,50 EUR, scored 0.72 (72, High). */
export const PAYMENT: TransactionListItem = {
  transactionId: PAYMENT_ID,
  transactionType: 'PAYMENT',
  status: 'SUCCESS',
  category: 'ONE-OFF',
  money: { amount: 123_450, currency: 'EUR' },
  creationDate: '2025-03-05T10:15:30.000Z',
  isFallback: false,
  order: { url: 'shop.example.com', referenceOrderId: 'ORD-1001', concept: 'Winter jacket' },
  route: { id: ROUTE_ID, description: 'Main EUR route' },
  provider: { transactionId: 'psp-77', solution: 'Adyen Cards', paymentGateway: { prettyName: 'Adyen' } },
  merchant: { id: MERCHANT_ID, prettyName: 'Shop One', midId: MID_ID, description: 'Adyen ES main' },
  paymentMethod: 'CARD',
  source: { cardCountry: 'ES' },
  siftData: { riskScore: 0.72 },
  merchantId: MERCHANT_ID,
  routeId: ROUTE_ID,
  midId: MID_ID,
};

/** A declined fallback payment in GBP, never scored. */
export const DECLINED: TransactionListItem = {
  ...PAYMENT,
  transactionId: DECLINED_ID,
  status: 'DECLINED',
  category: null,
  money: { amount: 990, currency: 'GBP' },
  creationDate: '2025-03-04T08:00:00.000Z',
  isFallback: true,
  order: { url: null, referenceOrderId: 'ORD-1002', concept: null },
  route: null,
  provider: { transactionId: null, solution: 'Stripe Cards', paymentGateway: { prettyName: 'Stripe' } },
  merchant: { id: MERCHANT_ID, prettyName: 'Shop One', midId: null, description: null },
  paymentMethod: 'PAYPAL',
  source: { cardCountry: null },
  siftData: { riskScore: null },
  routeId: null,
  midId: null,
};

/** The payment's detail: 1.000,00 EUR of it still refundable after a partial refund of 234,50. */
export function paymentDetail(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    ...PAYMENT,
    category: 'RENEWAL',
    refundReason: null,
    error: null,
    card: {
      brand: 'VISA',
      country: 'ES',
      holder: 'Ana Ruiz',
      number: '411111******1111',
      expiryDate: '12/27',
      tokenLastUpdateDate: '2025-01-10T09:00:00.000Z',
      type: 'CREDIT',
      segment: 'CONSUMER',
      bank: 'Banco Uno',
      '3DSSent': true,
      '3DVersion': '2.2.0',
      zipCode: '28013',
    },
    authorizationInfo: { eci: '05', eciDescription: 'Fully authenticated', avs: 'Y', authorizationId: 'AUTH-9' },
    shopper: {
      statement: 'SHOPONE*JACKET',
      email: 'shopper@example.com',
      ip: '203.0.113.7',
      ipCountry: 'ES',
      browserInformation: { deviceType: 'Desktop', browser: 'Firefox' },
    },
    transactionHistory: [
      {
        transactionId: PARENT_ID,
        status: 'SUCCESS',
        transactionType: 'PAYMENT',
        lastActivity: '2025-02-05T10:15:30.000Z',
        isFallback: false,
        money: { amount: 123_450, currency: 'EUR' },
      },
      {
        transactionId: PAYMENT_ID,
        status: 'SUCCESS',
        transactionType: 'PAYMENT',
        lastActivity: '2025-03-05T10:15:30.000Z',
        isFallback: false,
        money: { amount: 123_450, currency: 'EUR' },
      },
      {
        transactionId: REFUND_ID,
        status: 'SUCCESS',
        transactionType: 'PARTIAL_REFUND',
        lastActivity: '2025-03-06T11:00:00.000Z',
        isFallback: false,
        money: { amount: 23_450, currency: 'EUR' },
      },
    ],
    recurrence: { parentTransactionId: PARENT_ID, category: 'RENEWAL' },
    alert: { type: 'RDR', status: 'CANNOT_REFUND', caid: 'CAID-42' },
    refundable: 'AVAILABLE',
    maxRefundAmountAvailable: 100_000,
    ...overrides,
  };
}

/** The partial refund itself: a child transaction, no Refund button, no payment boxes. */
export function refundDetail(): TransactionDetail {
  return paymentDetail({
    transactionId: REFUND_ID,
    transactionType: 'PARTIAL_REFUND',
    money: { amount: 23_450, currency: 'EUR' },
    refundReason: 'DUPLICATED_PAYMENT',
    recurrence: null,
    alert: null,
    refundable: 'NOT_PAYMENT_SUCCESS',
    maxRefundAmountAvailable: 0,
    error: { code: '0201', message: 'Issuer Rejects', providerMessage: 'Do not honor' },
  });
}

export function refundAnswer(
  transactionStatus: RefundResponse['data']['transactionStatus'],
  error: RefundResponse['data']['error'] = null,
  amount = 100_000,
): RefundResponse {
  return {
    data: {
      transactionId: NEW_REFUND_ID,
      parentTransactionId: PAYMENT_ID,
      transactionType: amount >= 123_450 ? 'REFUND' : 'PARTIAL_REFUND',
      transactionStatus,
      money: { amount, currency: 'EUR' },
      reason: 'DUPLICATED_PAYMENT',
      error,
    },
  };
}

export const SEARCH_HIT: TransactionIdSearchItem = {
  transactionId: PAYMENT_ID,
  accountId: ACCOUNT_ID,
  merchantId: MERCHANT_ID,
  merchantName: 'Shop One',
  transactionType: 'PAYMENT',
  status: 'SUCCESS',
  money: { amount: 123_450, currency: 'EUR' },
  creationDate: '2025-03-05T10:15:30.000Z',
};

export interface TransactionsApiOptions {
  items?: TransactionListItem[];
  /** The list's total (10,001 past the cap). */
  total?: number;
  details?: Record<string, TransactionDetail | (() => TransactionDetail)>;
  /** Answers each refund call in turn; the last one repeats. */
  refundAnswers?: ((call: ServerCall) => Response | Promise<Response>)[];
  urls?: string[];
  searchHits?: TransactionIdSearchItem[];
}

const ZIP_BASE64 = btoa('PK\u0003\u0004 transactions');

export function transactionsApi({
  items = [PAYMENT, DECLINED],
  total,
  details = { [PAYMENT_ID]: paymentDetail(), [REFUND_ID]: refundDetail() },
  refundAnswers = [() => json(200, refundAnswer('SUCCESS'))],
  urls = ['shop.example.com', 'checkout.example.com'],
  searchHits = [SEARCH_HIT],
}: TransactionsApiOptions = {}) {
  const listCalls: ServerCall[] = [];
  const exportCalls: ServerCall[] = [];
  const refundCalls: ServerCall[] = [];
  const detailCalls: ServerCall[] = [];
  const searchCalls: ServerCall[] = [];
  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
    if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, MERCHANTS[0]);
    if (call.path === `/account/${ACCOUNT_ID}/merchant`) {
      return json(200, { count: MERCHANTS.length, total: MERCHANTS.length, items: MERCHANTS });
    }
    if (call.path === `/account/${ACCOUNT_ID}/transactionUrl`) return json(200, { items: urls });
    if (call.path === API_LIST) {
      listCalls.push(call);
      return json(200, { count: items.length, total: total ?? items.length, items });
    }
    if (call.path === API_EXPORT) {
      exportCalls.push(call);
      return new Response(ZIP_BASE64, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          [BASE64_HEADER]: 'base64',
          'content-disposition': 'attachment; filename="transactions.zip"',
        },
      });
    }
    if (call.path === '/transaction/search') {
      searchCalls.push(call);
      const q = call.search.get('q') ?? '';
      return json(200, { items: searchHits.filter((hit) => hit.transactionId.startsWith(q)) });
    }
    const refund = /^\/account\/[^/]+\/transaction\/([^/]+)\/refund$/.exec(call.path);
    if (refund && call.method === 'POST') {
      refundCalls.push(call);
      const answer = refundAnswers[Math.min(refundCalls.length, refundAnswers.length) - 1]!;
      return answer(call);
    }
    const detail = /^\/account\/[^/]+\/transaction\/([^/]+)$/.exec(call.path);
    if (detail) {
      detailCalls.push(call);
      const found = details[detail[1]!];
      if (!found) return json(404, { statusCode: 404, error: 'resource-not-found', message: 'Not found' });
      return json(200, typeof found === 'function' ? found() : found);
    }
    return undefined;
  };
  return { server, listCalls, exportCalls, refundCalls, detailCalls, searchCalls };
}
