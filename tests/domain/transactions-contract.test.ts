import {
  IDEMPOTENCY_KEY_HEADER,
  RISK_SCORE_RANGE_MESSAGE,
  refundHeaders,
  refundRequest,
  refundResponse,
  type TransactionDetail,
  transactionDetail,
  transactionExportQuery,
  transactionIdSearchQuery,
  transactionIdSearchResponse,
  transactionList,
  transactionListItem,
  transactionListQuery,
  validateRiskScoreRange,
} from '@domain/contract';
import { fieldErrors } from '@domain/validation';
import { describe, expect, it } from 'vitest';

const ACCOUNT = '0a1b2c3d-0000-4000-8000-000000000001';
const MERCHANT = '0a1b2c3d-0000-4000-8000-000000000002';
const ROUTE = '0a1b2c3d-0000-4000-8000-000000000003';
const MID = '0a1b2c3d-0000-4000-8000-000000000004';
const PAYMENT = '5f0c8a1e-7b2d-4c3e-9f10-2a3b4c5d6e7f';
const PARENT = '5f0c8a1e-7b2d-4c3e-9f10-000000000001';
const REFUND = '5f0c8a1e-7b2d-4c3e-9f10-000000000002';

/** A renewal paid with a Visa card after a fallback, partly refunded, with an RDR alert. */
const DETAIL: TransactionDetail = {
  transactionId: PAYMENT,
  transactionType: 'PAYMENT',
  status: 'SUCCESS',
  category: 'RENEWAL',
  money: { amount: 12_999, currency: 'EUR' },
  creationDate: '2025-03-10T09:15:02.123Z',
  isFallback: true,
  order: { url: 'shop.example.com', referenceOrderId: 'ORD-2025-000123', concept: 'Monthly plan' },
  route: { id: ROUTE, description: 'EU Visa primary' },
  provider: { transactionId: 'ch_3Nx9', solution: 'Adyen', paymentGateway: { prettyName: 'Adyen EU' } },
  merchant: { id: MERCHANT, prettyName: 'Acme Shop', midId: MID, description: 'Acme EU MID' },
  paymentMethod: 'CARD',
  source: { cardCountry: 'ES' },
  siftData: { riskScore: 0.29 },
  merchantId: MERCHANT,
  routeId: ROUTE,
  midId: MID,
  refundReason: null,
  error: null,
  card: {
    brand: 'VISA',
    country: 'ES',
    holder: 'ANA GARCIA',
    number: '411111******1111',
    expiryDate: '04/28',
    tokenLastUpdateDate: '2025-01-02T00:00:00.000Z',
    type: 'CREDIT',
    segment: 'CONSUMER',
    bank: 'Banco Ejemplo',
    '3DSSent': true,
    '3DVersion': '2.2.0',
    zipCode: '28001',
  },
  authorizationInfo: { eci: '05', eciDescription: 'Fully authenticated', avs: 'Y', authorizationId: 'A1B2C3' },
  shopper: {
    statement: 'ACME*SHOP',
    email: 'ana@example.com',
    ip: '203.0.113.7',
    ipCountry: 'ES',
    browserInformation: { deviceType: 'desktop', browser: 'Firefox 124' },
  },
  transactionHistory: [
    {
      transactionId: PARENT,
      status: 'DECLINED',
      transactionType: 'PAYMENT',
      lastActivity: '2025-03-10T09:15:01.000Z',
      isFallback: false,
      money: { amount: 12_999, currency: 'EUR' },
    },
    {
      transactionId: PAYMENT,
      status: 'SUCCESS',
      transactionType: 'PAYMENT',
      lastActivity: '2025-03-10T09:15:02.123Z',
      isFallback: true,
      money: { amount: 12_999, currency: 'EUR' },
    },
    {
      transactionId: REFUND,
      status: 'SUCCESS',
      transactionType: 'PARTIAL_REFUND',
      lastActivity: '2025-03-12T11:00:00.000Z',
      isFallback: false,
      money: { amount: 2_999, currency: 'EUR' },
    },
  ],
  recurrence: { parentTransactionId: PARENT, category: 'RENEWAL' },
  alert: { type: 'RDR', status: 'PREVENTED', caid: 'CAID-778899' },
  refundable: 'RDR',
  maxRefundAmountAvailable: 10_000,
};

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe('transaction detail', () => {
  it('accepts a detail with every section', () => {
    expect(transactionDetail.parse(DETAIL)).toEqual(DETAIL);
  });

  it('accepts a failed card-less wallet payment with its error and no optional sections', () => {
    const wallet = {
      ...DETAIL,
      status: 'FAILED',
      paymentMethod: 'APPLE_PAY',
      route: null,
      routeId: null,
      midId: null,
      card: null,
      authorizationInfo: null,
      shopper: null,
      recurrence: null,
      alert: null,
      siftData: { riskScore: null },
      error: { code: '0201', message: 'Issuer rejects', providerMessage: 'Do not honor' },
      refundable: 'NOT_PAYMENT_SUCCESS',
      maxRefundAmountAvailable: 0,
    };
    expect(transactionDetail.safeParse(wallet).success).toBe(true);
  });

  it('refuses fractional money, unknown enums, bad ids and risk scores outside 0 to 1', () => {
    const bad = (patch: Record<string, unknown>) => transactionDetail.safeParse({ ...DETAIL, ...patch }).success;
    expect(bad({ money: { amount: 129.99, currency: 'EUR' } })).toBe(false);
    expect(bad({ money: { amount: 12_999, currency: 'eur' } })).toBe(false);
    expect(bad({ status: 'DONE' })).toBe(false);
    expect(bad({ transactionType: 'SALE' })).toBe(false);
    expect(bad({ refundable: 'MAYBE' })).toBe(false);
    expect(bad({ transactionId: 'not-an-id' })).toBe(false);
    expect(bad({ siftData: { riskScore: 29 } })).toBe(false);
    expect(bad({ maxRefundAmountAvailable: -1 })).toBe(false);
    expect(bad({ creationDate: '10/03/2025' })).toBe(false);
    expect(bad({ card: { ...DETAIL.card, brand: 'VISA ELECTRON' } })).toBe(false);
  });

  it('makes a list row of the same fields, and a list of rows', () => {
    const row = transactionListItem.parse(DETAIL);
    expect(row).not.toHaveProperty('card');
    expect(row).toMatchObject({ merchantId: MERCHANT, routeId: ROUTE, midId: MID, source: { cardCountry: 'ES' } });
    expect(transactionList.parse({ count: 1, total: 1, items: [row] }).items).toHaveLength(1);
  });
});

describe('transaction list query', () => {
  it('applies the list defaults', () => {
    expect(transactionListQuery.parse({})).toMatchObject({ page: 1, limit: 50 });
  });

  it('reads every filter with the spec names, single values as one-item lists', () => {
    const query = transactionListQuery.parse({
      page: '2',
      limit: '100',
      order: '-creationDate',
      search: ' 5f0c8a1e ',
      searchType: 'ID',
      issuerCountry: 'ES',
      status: ['SUCCESS', 'DECLINED'],
      transactionType: 'PAYMENT',
      category: ['ONE-OFF', 'RENEWAL'],
      url: 'shop.example.com',
      paymentGateway: ['Adyen EU'],
      paymentMethod: ['CARD', 'PAYPAL'],
      creationDateFrom: '2025-03-01T00:00:00.000Z',
      creationDateTo: '2025-03-31T23:59:59.999Z',
      merchantId: MERCHANT,
      routeId: [ROUTE],
      midId: [MID],
      riskScore: ['31', '70'],
    });
    expect(query).toMatchObject({
      page: 2,
      limit: 100,
      search: '5f0c8a1e',
      issuerCountry: ['ES'],
      status: ['SUCCESS', 'DECLINED'],
      transactionType: ['PAYMENT'],
      url: ['shop.example.com'],
      merchantId: [MERCHANT],
      riskScore: [31, 70],
    });
  });

  it('refuses a risk-score range that is not two ascending whole numbers from 0 to 100', () => {
    for (const riskScore of [['70', '31'], ['10'], ['0', '101'], ['1.5', '20'], ['-1', '20']]) {
      const result = transactionListQuery.safeParse({ riskScore });
      expect(result.success, String(riskScore)).toBe(false);
    }
    expect(errorsOf(transactionListQuery.safeParse({ riskScore: ['70', '31'] }))).toEqual({
      riskScore: RISK_SCORE_RANGE_MESSAGE,
    });
    expect(transactionListQuery.safeParse({ riskScore: ['40', '40'] }).success).toBe(true);
  });

  it('refuses dates out of order, unknown enum values and other page sizes', () => {
    expect(
      errorsOf(
        transactionListQuery.safeParse({
          creationDateFrom: '2025-03-31T00:00:00.000Z',
          creationDateTo: '2025-03-01T00:00:00.000Z',
        }),
      ),
    ).toEqual({ creationDateTo: 'The indicated dates are not correct' });
    expect(transactionListQuery.safeParse({ status: ['DONE'] }).success).toBe(false);
    expect(transactionListQuery.safeParse({ category: ['ONE_OFF'] }).success).toBe(false);
    expect(transactionListQuery.safeParse({ limit: '20' }).success).toBe(false);
    expect(transactionListQuery.safeParse({ searchType: 'NAME' }).success).toBe(false);
  });

  it('exports with the same filters, no paging, plus solution[], timeZone and forceEmailExport', () => {
    const query = transactionExportQuery.parse({
      page: '3',
      status: 'SUCCESS',
      solution: 'Adyen',
      riskScore: ['0', '30'],
      timeZone: 'Europe/Madrid',
      forceEmailExport: 'true',
    });
    expect(query).toEqual({
      status: ['SUCCESS'],
      solution: ['Adyen'],
      riskScore: [0, 30],
      timeZone: 'Europe/Madrid',
      forceEmailExport: true,
    });
    expect(transactionExportQuery.parse({})).toEqual({ timeZone: 'UTC', forceEmailExport: false });
    expect(transactionExportQuery.safeParse({ riskScore: ['90', '10'] }).success).toBe(false);
    expect(transactionExportQuery.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
  });
});

describe('risk-score filter inputs', () => {
  it('is no filter when both are empty', () => {
    expect(validateRiskScoreRange('', '')).toEqual({});
    expect(validateRiskScoreRange('0', '100')).toEqual({});
    expect(validateRiskScoreRange('50', '50')).toEqual({});
  });

  it('gives the spec messages and the summary', () => {
    const summary = 'Use only ranges of whole numbers between 0 and 100, in ascending order.';
    expect(validateRiskScoreRange('10', '')).toEqual({ to: 'This field is required', summary });
    expect(validateRiskScoreRange('', '10')).toEqual({ from: 'This field is required', summary });
    expect(validateRiskScoreRange('101', '5')).toEqual({ from: "Can't be higher than 100", summary });
    expect(validateRiskScoreRange('60', '30')).toEqual({ to: 'To must be greater than From', summary });
    expect(validateRiskScoreRange('1.5', '30')).toEqual({ from: summary, summary });
  });
});

describe('refund request', () => {
  const body = { amount: 2_999, currency: 'EUR', reason: 'DUPLICATED_PAYMENT', merchantId: MERCHANT };

  it('accepts minor units, a listed reason and defaults fullRefund to false', () => {
    expect(refundRequest.parse(body)).toEqual({ ...body, fullRefund: false });
    expect(refundRequest.parse({ ...body, fullRefund: true, maxRefundAmountAvailable: 2_999 }).fullRefund).toBe(true);
  });

  it('refuses a missing, zero, negative or fractional amount, an unknown reason and a bad merchant', () => {
    expect(errorsOf(refundRequest.safeParse({ ...body, amount: undefined }))).toEqual({ amount: 'Required field' });
    expect(errorsOf(refundRequest.safeParse({ ...body, amount: 0 }))).toEqual({
      amount: 'Value must be greater than 0',
    });
    expect(refundRequest.safeParse({ ...body, amount: -5 }).success).toBe(false);
    expect(refundRequest.safeParse({ ...body, amount: 29.99 }).success).toBe(false);
    expect(refundRequest.safeParse({ ...body, reason: 'Duplicated payment' }).success).toBe(false);
    expect(refundRequest.safeParse({ ...body, reason: undefined }).success).toBe(false);
    expect(refundRequest.safeParse({ ...body, merchantId: 'acme' }).success).toBe(false);
  });

  it('takes the idempotency key from its header', () => {
    expect(IDEMPOTENCY_KEY_HEADER.toLowerCase()).toBe('idempotency-key');
    const key = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    expect(refundHeaders.parse({ 'idempotency-key': key, 'content-type': 'application/json' })).toEqual({
      'idempotency-key': key,
    });
    expect(refundHeaders.safeParse({}).success).toBe(false);
    expect(refundHeaders.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
    expect(refundHeaders.safeParse({ 'idempotency-key': `${key} OR 1=1` }).success).toBe(false);
  });
});

describe('refund response', () => {
  const data = {
    transactionId: REFUND,
    parentTransactionId: PAYMENT,
    transactionType: 'PARTIAL_REFUND',
    money: { amount: 2_999, currency: 'EUR' },
    reason: 'DUPLICATED_PAYMENT',
  };

  it('accepts success, in process and a failure with its error', () => {
    expect(refundResponse.safeParse({ data: { ...data, transactionStatus: 'SUCCESS', error: null } }).success).toBe(
      true,
    );
    expect(refundResponse.safeParse({ data: { ...data, transactionStatus: 'IN_PROCESS', error: null } }).success).toBe(
      true,
    );
    const failed = { ...data, transactionStatus: 'FAILED', error: { code: '0201', message: 'Issuer rejects' } };
    expect(refundResponse.parse({ data: failed }).data.error).toEqual({ code: '0201', message: 'Issuer rejects' });
  });

  it('refuses a failure without its error and statuses a refund never answers', () => {
    expect(refundResponse.safeParse({ data: { ...data, transactionStatus: 'FAILED', error: null } }).success).toBe(
      false,
    );
    expect(refundResponse.safeParse({ data: { ...data, transactionStatus: 'DECLINED', error: null } }).success).toBe(
      false,
    );
    expect(refundResponse.safeParse({ ...data, transactionStatus: 'SUCCESS', error: null }).success).toBe(false);
  });
});

describe('transaction id search', () => {
  it('takes a pasted or typed id prefix, lower-cased', () => {
    expect(transactionIdSearchQuery.parse({ q: ' 5F0C8A1E-7B2D ' })).toEqual({ q: '5f0c8a1e-7b2d', limit: 10 });
    expect(transactionIdSearchQuery.parse({ q: PAYMENT, limit: '1' }).limit).toBe(1);
  });

  it('answers items that carry what the palette needs to open the detail', () => {
    const item = {
      transactionId: PAYMENT,
      accountId: ACCOUNT,
      merchantId: MERCHANT,
      merchantName: 'Acme Shop',
      transactionType: 'PAYMENT',
      status: 'SUCCESS',
      money: { amount: 12_999, currency: 'EUR' },
      creationDate: '2025-03-10T09:15:02.123Z',
    };
    expect(transactionIdSearchResponse.parse({ items: [item] }).items[0]).toEqual(item);
    expect(transactionIdSearchResponse.safeParse({ items: [{ ...item, accountId: undefined }] }).success).toBe(false);
  });

  it('refuses text that cannot be an id', () => {
    expect(transactionIdSearchQuery.safeParse({ q: 'acme' }).success).toBe(false);
    expect(transactionIdSearchQuery.safeParse({ q: '5f0' }).success).toBe(false);
    expect(transactionIdSearchQuery.safeParse({ q: '5f0c8a1e', limit: '21' }).success).toBe(false);
  });
});
