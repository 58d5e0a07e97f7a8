import { BASE64_HEADER } from '@domain/contract/exports';
import type { RiskAlertListItem } from '@domain/contract/risk-alerts';
import { PERMISSIONS as P } from '@domain/permissions';
import { MERCHANT_ID, MERCHANTS, OTHER_MERCHANT_ID } from './activity-fixtures';
import { ACCOUNT_ID, json, type Server, type ServerCall } from './app-harness';
import { ACCOUNT } from './transactions-fixtures';

// Data and a fake API for the risk management screens: the account's and a merchant's alerts lists and their
// exports. Every call is recorded.

export { MERCHANT_ID, OTHER_MERCHANT_ID } from './activity-fixtures';

export const ACCOUNT_PATH = `/accounts/${ACCOUNT_ID}/risk-management`;
export const ALERTS_TAB_PATH = `${ACCOUNT_PATH}/alerts`;
export const MERCHANT_PATH = `/accounts/${ACCOUNT_ID}/merchants/${MERCHANT_ID}/risk-management`;
export const API_ACCOUNT_LIST = `/account/${ACCOUNT_ID}/transactionalert`;
export const API_MERCHANT_LIST = `/merchant/${MERCHANT_ID}/transactionalert`;

export const RDR_TRANSACTION_ID = '7a0c0a4e-0000-4000-8000-000000000001';
export const ETHOCA_TRANSACTION_ID = '7a0c0a4e-0000-4000-8000-000000000002';
export const MID_ID = '7b0c0a4e-0000-4000-8000-000000000001';

/** Reads the alerts, their transactions, and exports them. */
export const ALERT_READER = [P.transactionAlertRead, P.transactionRead, P.transactionSelect];
export const ALERT_EXPORTER = [...ALERT_READER, P.transactionAlertExport];

/** An RDR on a Visa payment of 1.234,50 EUR of Shop One, refunded. */
export const RDR_ALERT: RiskAlertListItem = {
  id: '7c0c0a4e-0000-4000-8000-000000000001',
  transactionId: RDR_TRANSACTION_ID,
  merchantId: MERCHANT_ID,
  status: 'SUCCESS',
  type: 'RDR',
  descriptor: 'SHOPONE*JACKET',
  caid: 'CAID-1001',
  midId: MID_ID,
  money: { amount: 123_450, currency: 'EUR' },
  paymentMethod: 'VISA',
  creationDate: '2025-03-05T10:15:00.000Z',
  lastUpdateDate: '2025-03-06T08:30:00.000Z',
};

/** A pending Ethoca alert on a Mastercard payment of Shop Two, without descriptor or MID. */
export const ETHOCA_ALERT: RiskAlertListItem = {
  id: '7c0c0a4e-0000-4000-8000-000000000002',
  transactionId: ETHOCA_TRANSACTION_ID,
  merchantId: OTHER_MERCHANT_ID,
  status: 'PENDING',
  type: 'ETHOCA',
  descriptor: null,
  caid: 'CAID-2002',
  midId: null,
  money: { amount: 990, currency: 'GBP' },
  paymentMethod: 'MC',
  creationDate: '2025-03-04T09:00:00.000Z',
  lastUpdateDate: '2025-03-04T09:00:00.000Z',
};

const ZIP_BASE64 = btoa('PK\u0003\u0004 risk alerts');

export interface RiskAlertsApiOptions {
  items?: RiskAlertListItem[];
  /** The list's total (10,001 past the cap). */
  total?: number;
  /** Holds every list answer until the returned release is called. */
  held?: boolean;
  /** Answers the export call; the default is a ZIP. */
  exportAnswer?: (call: ServerCall) => Response;
}

export function riskAlertsApi({
  items = [RDR_ALERT, ETHOCA_ALERT],
  total,
  held = false,
  exportAnswer,
}: RiskAlertsApiOptions = {}) {
  const listCalls: ServerCall[] = [];
  const exportCalls: ServerCall[] = [];
  let release: () => void = () => undefined;
  const gate = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
    if (call.path === `/account/${ACCOUNT_ID}/merchant/${MERCHANT_ID}`) return json(200, MERCHANTS[0]);
    if (call.path === API_ACCOUNT_LIST || call.path === API_MERCHANT_LIST) {
      listCalls.push(call);
      return gate.then(() => json(200, { count: items.length, total: total ?? items.length, items }));
    }
    if (call.path === `${API_ACCOUNT_LIST}/export` || call.path === `${API_MERCHANT_LIST}/export`) {
      exportCalls.push(call);
      if (exportAnswer) return exportAnswer(call);
      return new Response(ZIP_BASE64, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          [BASE64_HEADER]: 'base64',
          'content-disposition': 'attachment; filename="risk-alerts.zip"',
        },
      });
    }
    return undefined;
  };
  return { server, listCalls, exportCalls, release: () => release() };
}
