import { preloadEveryScreen } from '@console/app/lazy-screen';
import type { Account } from '@domain/contract/accounts';
import type { Agent, ChargebackDetail, ChargebackListItem } from '@domain/contract/chargebacks';
import { BASE64_HEADER } from '@domain/contract/exports';
import { PERMISSIONS as P } from '@domain/permissions';
import { ACCOUNT_ID, json, type Server, type ServerCall } from './app-harness';

// Data and a fake API for the chargebacks queue: the list, the agents, the export and the writes on a case. The fake
// keeps each case's state, so the compare-and-set rules of the contract hold (a PATCH whose expectedStatus is not the
// case's status, or a DELETE of an agent no longer assigned, answers 409 'outdated-local-status'), and a test can
// play "another user" by changing `cases` behind the console's back.

export const QUEUE_PATH = `/accounts/${ACCOUNT_ID}/dispute-manager`;
export const API_LIST = `/account/${ACCOUNT_ID}/chargeback`;
export const API_EXPORT = `${API_LIST}/export`;
export const API_AGENTS = `/account/${ACCOUNT_ID}/agent`;
export const apiCase = (chargebackId: string) => `${API_LIST}/${chargebackId}`;
export const detailPath = (chargebackId: string) => `${QUEUE_PATH}/${chargebackId}`;

export const FRAUD_ID = 'cb0c0a4e-0000-4000-8000-00000000f001';
export const EXPIRED_ID = 'cb0c0a4e-0000-4000-8000-00000000f002';
export const OTHERS_ID = 'cb0c0a4e-0000-4000-8000-00000000f003';
export const PAYMENT_ID = '9c0c0a4e-0000-4000-8000-000000000001';

export const ANA: Agent = { id: 'ae0c0a4e-0000-4000-8000-000000000001', name: 'Ana Ruiz' };
export const BEN: Agent = { id: 'ae0c0a4e-0000-4000-8000-000000000002', name: 'Ben Ode' };

/** Works the queue: changes agents, statuses and fraud types, downloads, exports (PAYMENTS_SPECIALIST). */
export const DISPUTE_AGENT = [
  P.chargebackRead,
  P.chargebackSelect,
  P.chargebackUpdate,
  P.chargebackDownload,
  P.chargebackExport,
  P.chargebackFraudTypeUpdate,
];
/** Changes agents and statuses, but not fraud types, and cannot export (SUPPORT). */
export const SUPPORT = [P.chargebackRead, P.chargebackSelect, P.chargebackUpdate, P.chargebackDownload];
/** Reads only (VIEWER). */
export const VIEWER = [P.chargebackRead, P.chargebackSelect];

export const ACCOUNT: Account = {
  accountId: ACCOUNT_ID,
  shortId: 'ACME',
  prettyName: 'Acme',
  image: null,
  hasChargebacksFeature: true,
  providers: [],
  merchantCount: 1,
  userCount: 1,
  version: 1,
  createdAt: '2024-03-05T10:15:00.000Z',
};

/** A fraud chargeback of 1.234,50 EUR, assigned to Ana, whose payment had a chargeback before. */
export const FRAUD_CASE: ChargebackListItem = {
  chargebackId: FRAUD_ID,
  caseId: 'CASE-1001',
  disputeId: 'DSP-1',
  operation: 'CHARGEBACK',
  status: 'TO_DO',
  fraudType: null,
  hasPreviousChargebacks: true,
  hasRefund: false,
  amount: 123_450,
  currency: 'EUR',
  notificationDate: '2025-03-05T10:15:00.000Z',
  expirationDate: '2099-04-04T00:00:00.000Z',
  reason: { parsed: 'FraudNoCardholderAuthorization', processor: '10.4 Other Fraud - Card Absent Environment' },
  agent: { id: ANA.id, name: ANA.name },
  psp: 'Adyen',
  orderId: 'ORD-1001',
  paymentId: PAYMENT_ID,
  customer: { name: 'Carla Diaz', email: 'carla@example.com', ip: '203.0.113.7' },
};

/** An expired retrieval of 9,90 GBP, refunded, unassigned, in progress. */
export const EXPIRED_CASE: ChargebackListItem = {
  ...FRAUD_CASE,
  chargebackId: EXPIRED_ID,
  caseId: 'CASE-1002',
  disputeId: 'DSP-2',
  operation: 'RETRIEVAL',
  status: 'IN_PROGRESS',
  hasPreviousChargebacks: false,
  hasRefund: true,
  amount: 990,
  currency: 'GBP',
  notificationDate: '2020-01-02T09:00:00.000Z',
  expirationDate: '2020-02-01T00:00:00.000Z',
  reason: { parsed: 'NotAsDescribed', processor: '13.3 Not as described' },
  agent: null,
  orderId: 'ORD-1002',
  customer: { name: 'Dan Eck', email: null, ip: null },
};

/** A chargeback handled by Others, with no expiration date. */
export const OTHERS_CASE: ChargebackListItem = {
  ...FRAUD_CASE,
  chargebackId: OTHERS_ID,
  caseId: 'CASE-1003',
  disputeId: null,
  status: 'TO_DO',
  hasPreviousChargebacks: false,
  amount: 5_000,
  notificationDate: '2025-03-01T10:00:00.000Z',
  expirationDate: null,
  reason: { parsed: 'IncorrectAmount', processor: null },
  agent: { id: 'OTHERS', name: 'Others' },
  orderId: null,
};

export function detailOf(item: ChargebackListItem): ChargebackDetail {
  return {
    ...item,
    externalUrl: null,
    template: null,
    payment: {
      id: item.paymentId,
      externalId: 'psp-77',
      date: '2025-02-20T08:30:00.000Z',
      amount: item.amount,
      currency: item.currency,
      is3dSecure: true,
      card: { holder: 'C. Diaz', brand: 'VISA' },
    },
    paymentProcessor: { solution: 'Adyen Cards', provider: 'Adyen' },
    company: {
      name: 'Lumen Travel SL',
      email: null,
      product: null,
      address: null,
      url: null,
      policyTermUrl: null,
      privacyTermUrl: null,
      registrationNumber: null,
    },
    account: { id: ACCOUNT_ID, prettyName: 'Acme' },
    custom: [],
    chargebackDocumentUrl: null,
  };
}

export function outdatedAnswer(): Response {
  return json(409, {
    statusCode: 409,
    error: 'outdated-local-status',
    message: 'The case changed meanwhile',
  });
}

export interface ChargebacksApiOptions {
  items?: ChargebackListItem[];
  agents?: Agent[];
  /** The list's answer, instead of the cases (a load error). */
  listAnswer?: (call: ServerCall) => Response | undefined;
  /** Answers a write before the fake's own rules (a 409 or a 500 on purpose; a promise to hold it open). */
  writeAnswer?: (call: ServerCall) => Response | Promise<Response> | undefined;
}

const ZIP_BASE64 = btoa('PK\u0003\u0004 chargebacks');

export function chargebacksApi({ items, agents = [BEN, ANA], listAnswer, writeAnswer }: ChargebacksApiOptions = {}) {
  /** The server's state of each case, in list order. */
  const cases = new Map((items ?? [FRAUD_CASE, EXPIRED_CASE, OTHERS_CASE]).map((item) => [item.chargebackId, item]));
  const listCalls: ServerCall[] = [];
  const exportCalls: ServerCall[] = [];
  const detailCalls: ServerCall[] = [];
  const writes: ServerCall[] = [];

  const save = (id: string, change: Partial<ChargebackListItem>) => {
    const next = { ...cases.get(id)!, ...change };
    cases.set(id, next);
    return json(200, next);
  };

  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
    if (call.path === API_AGENTS) return json(200, { count: agents.length, total: agents.length, items: agents });
    if (call.path === API_LIST) {
      listCalls.push(call);
      const answer = listAnswer?.(call);
      if (answer) return answer;
      const all = [...cases.values()];
      return json(200, { count: all.length, total: all.length, items: all });
    }
    if (call.path === API_EXPORT) {
      exportCalls.push(call);
      return new Response(ZIP_BASE64, {
        status: 200,
        headers: {
          'content-type': 'application/zip',
          [BASE64_HEADER]: 'base64',
          'content-disposition': 'attachment; filename="chargebacks.zip"',
        },
      });
    }
    const agentCall = /^\/account\/[^/]+\/chargeback\/([^/]+)\/agent(?:\/([^/]+))?$/.exec(call.path);
    if (agentCall) {
      writes.push(call);
      const forced = writeAnswer?.(call);
      if (forced) return forced;
      const id = agentCall[1]!;
      const current = cases.get(id);
      if (!current) return json(404, { statusCode: 404, error: 'resource-not-found', message: 'Not found' });
      if (call.method === 'DELETE') {
        if (current.agent?.id !== agentCall[2]) return outdatedAnswer();
        return save(id, { agent: null });
      }
      const agentId = (call.body as { agentId: string }).agentId;
      const agent = agentId === 'OTHERS' ? { id: 'OTHERS', name: 'Others' } : agents.find((a) => a.id === agentId);
      return agent ? save(id, { agent: { id: agent.id, name: agent.name } }) : json(422, { statusCode: 422 });
    }
    const caseCall = /^\/account\/[^/]+\/chargeback\/([^/]+)$/.exec(call.path);
    if (caseCall) {
      const id = caseCall[1]!;
      const current = cases.get(id);
      if (call.method === 'GET') detailCalls.push(call);
      else writes.push(call);
      const forced = call.method === 'GET' ? undefined : writeAnswer?.(call);
      if (forced) return forced;
      if (!current) return json(404, { statusCode: 404, error: 'resource-not-found', message: 'Not found' });
      if (call.method === 'GET') return json(200, detailOf(current));
      const body = call.body as { status?: string; expectedStatus?: string; fraudType?: string | null };
      if (body.status !== undefined) {
        if (body.expectedStatus !== current.status) return outdatedAnswer();
        return save(id, { status: body.status as ChargebackListItem['status'] });
      }
      return save(id, { fraudType: (body.fraudType ?? null) as ChargebackListItem['fraudType'] });
    }
    return undefined;
  };
  return { server, cases, listCalls, exportCalls, detailCalls, writes };
}

/**
 * Superseded: importing the harness preloads the shell and every screen for every file (app-harness.tsx), so this
 * resolves at once. Kept only for the files that still call it; drop the call, then this export.
 */
export const preloadQueueModules = preloadEveryScreen;
