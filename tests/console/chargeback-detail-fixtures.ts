import { preloadEveryScreen } from '@console/app/lazy-screen';
import type { Account } from '@domain/contract/accounts';
import {
  AGENT_OTHERS,
  AGENT_OTHERS_NAME,
  type ChargebackDetail,
  type ChargebackDocumentResponse,
  chargebackListItem,
} from '@domain/contract/chargebacks';
import type { DisputeTemplate } from '@domain/contract/dispute-templates';
import { PERMISSIONS as P } from '@domain/permissions';
import { ACCOUNT_ID, json, type Server, type ServerCall } from './app-harness';

// Data and a fake API for the case detail, the dispute document download and the dispute configuration screen.
// Every call is recorded; answers can be queued per call so a test can fail the first try and succeed the second.

export const CHARGEBACK_ID = 'cb0c0a4e-0000-4000-8000-000000000001';
export const PAYMENT_ID = '9c0c0a4e-0000-4000-8000-000000000001';
export const AGENT_ID = 'ae0c0a4e-0000-4000-8000-000000000001';
export const OTHER_AGENT_ID = 'ae0c0a4e-0000-4000-8000-000000000002';
export const AGENTS = [
  { id: AGENT_ID, name: 'Marta Gil' },
  { id: OTHER_AGENT_ID, name: 'Jon Ibarra' },
];

export const QUEUE_PATH = `/accounts/${ACCOUNT_ID}/dispute-manager`;
export const DETAIL_PATH = `${QUEUE_PATH}/${CHARGEBACK_ID}`;
export const CONFIGURATION_PATH = `/accounts/${ACCOUNT_ID}/dispute-configuration`;

export const API_DETAIL = `/account/${ACCOUNT_ID}/chargeback/${CHARGEBACK_ID}`;
export const API_DOCUMENT = `${API_DETAIL}/document`;
export const API_TEMPLATES = `/account/${ACCOUNT_ID}/chargeback-template`;
/** Where the generated document is served, relative to the API base. */
/** The case's document link as the server gives it (chargebackDocumentPath). */
export const DOCUMENT_LINK = `/account/${ACCOUNT_ID}/chargeback/${CHARGEBACK_ID}/document/file`;

/** Works cases: reads, changes status and agent, sets the fraud type, downloads; opens transactions. */
export const AGENT = [
  P.chargebackRead,
  P.chargebackSelect,
  P.chargebackUpdate,
  P.chargebackDownload,
  P.chargebackFraudTypeUpdate,
  P.transactionRead,
  P.transactionSelect,
];
/** Works cases but may not set the fraud type (the SUPPORT role). */
export const CASE_WORKER = [P.chargebackRead, P.chargebackSelect, P.chargebackUpdate, P.chargebackDownload];
/** Reads cases only (the VIEWER role). */
export const CASE_VIEWER = [P.chargebackRead, P.chargebackSelect];
/** Manages the templates (the ADMINISTRATOR role). */
export const TEMPLATE_ADMIN = [
  P.chargebackTemplateRead,
  P.chargebackTemplateDownload,
  P.chargebackTemplateCreate,
  P.chargebackTemplateDelete,
];
/** Sees and downloads the templates, changes nothing (the MANAGER role). */
export const TEMPLATE_READER = [P.chargebackTemplateRead, P.chargebackTemplateDownload];

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

/** A fraud case of 1.234,50 EUR on a Visa payment, with a CRM link and custom fields, one of them empty. */
export function chargebackDetail(overrides: Partial<ChargebackDetail> = {}): ChargebackDetail {
  return {
    chargebackId: CHARGEBACK_ID,
    caseId: 'CASE-7781',
    disputeId: 'DSP-2025-0042',
    operation: 'CHARGEBACK',
    status: 'IN_PROGRESS',
    fraudType: 'CLIENT_CONTACT',
    hasPreviousChargebacks: true,
    hasRefund: false,
    amount: 123_450,
    currency: 'EUR',
    notificationDate: '2025-03-05T10:15:00.000Z',
    expirationDate: '2099-04-04T00:00:00.000Z',
    reason: { parsed: 'FraudNoCardholderAuthorization', processor: '10.4 Other Fraud - Card Absent Environment' },
    agent: { id: AGENT_ID, name: 'Marta Gil' },
    psp: 'Adyen',
    orderId: 'ORD-1001',
    paymentId: PAYMENT_ID,
    customer: { name: 'Ana Ruiz', email: 'ana.ruiz@example.com', ip: '203.0.113.7' },
    externalUrl: 'https://crm.example.com/cases/7781',
    template: null,
    payment: {
      id: PAYMENT_ID,
      externalId: 'psp-77',
      date: '2025-02-20T08:30:00.000Z',
      amount: 150_000,
      currency: 'EUR',
      is3dSecure: true,
      card: { holder: 'A. Ruiz', brand: 'VISA' },
    },
    paymentProcessor: { solution: 'Adyen Cards', provider: 'Adyen' },
    company: {
      name: 'Lumen Travel SL',
      email: 'billing@lumentravel.example',
      product: 'City breaks',
      address: 'Calle Mayor 1, Madrid',
      url: 'https://lumentravel.example',
      policyTermUrl: 'https://lumentravel.example/terms',
      privacyTermUrl: 'https://lumentravel.example/privacy',
      registrationNumber: 'B-12345678',
    },
    account: { id: ACCOUNT_ID, prettyName: 'Acme' },
    custom: [
      { label: 'Booking reference', value: 'BK-991' },
      { label: 'Loyalty tier', value: '  ' },
      { label: 'Notes', value: null },
      { label: 'Channel', value: 'Mobile app' },
    ],
    chargebackDocumentUrl: null,
    ...overrides,
  };
}

export const DOCUMENT: ChargebackDocumentResponse = {
  chargebackDocumentUrl: DOCUMENT_LINK,
  fileName: 'dispute-CASE-7781.docx',
  template: 'FraudNoCardholderAuthorization',
};

export const DOCX_BYTES = 'PK\u0003\u0004 word/document.xml';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function docx(body = DOCX_BYTES): Response {
  return new Response(body, { status: 200, headers: { 'content-type': DOCX_TYPE } });
}

export function apiError(status: number, error: string, message = error): Response {
  return json(status, { statusCode: status, error, message });
}

export const DEFAULT_TEMPLATE: DisputeTemplate = {
  reason: 'Default',
  fileName: 'Default-letter.docx',
  size: 25_088,
  uploadedAt: '2025-01-10T09:00:00.000Z',
};
export const OTHERS_TEMPLATE: DisputeTemplate = {
  reason: 'Others',
  fileName: 'Others.docm',
  size: 812,
  uploadedAt: '2025-02-01T12:30:00.000Z',
};
export const FRAUD_TEMPLATE: DisputeTemplate = {
  reason: 'FraudNoCardholderAuthorization',
  fileName: 'Fraud_answer.docx',
  size: 3_040_000,
  uploadedAt: '2025-03-01T16:45:00.000Z',
};

type Answer = (call: ServerCall) => Response | Promise<Response>;

export interface ChargebacksApiOptions {
  detail?: ChargebackDetail | (() => ChargebackDetail);
  /** Answers each document request in turn; the last one repeats. */
  documentAnswers?: Answer[];
  /** Answers each fetch of the document's link in turn; the last one repeats. */
  fileAnswers?: Answer[];
  templates?: DisputeTemplate[];
  uploadAnswers?: Answer[];
  deleteAnswers?: Answer[];
}

function nth(answers: Answer[], calls: ServerCall[], call: ServerCall): Response | Promise<Response> {
  return answers[Math.min(calls.length, answers.length) - 1]!(call);
}

export function chargebacksApi({
  detail = chargebackDetail(),
  documentAnswers = [() => json(200, DOCUMENT)],
  fileAnswers = [() => docx()],
  templates = [DEFAULT_TEMPLATE, OTHERS_TEMPLATE, FRAUD_TEMPLATE],
  uploadAnswers,
  deleteAnswers = [() => new Response(null, { status: 204 })],
}: ChargebacksApiOptions = {}) {
  const detailCalls: ServerCall[] = [];
  const documentCalls: ServerCall[] = [];
  const fileCalls: ServerCall[] = [];
  const templateListCalls: ServerCall[] = [];
  const uploadCalls: ServerCall[] = [];
  const deleteCalls: ServerCall[] = [];
  const templateFileCalls: ServerCall[] = [];
  const changeCalls: ServerCall[] = [];
  let stored = [...templates];
  let current = typeof detail === 'function' ? undefined : detail;
  const readDetail = () => current ?? (detail as () => ChargebackDetail)();
  /** A write on the case: the row as it now is (the server's answer to status, fraud type and agent changes). */
  const changeCase = (changes: Partial<ChargebackDetail>) => {
    current = { ...readDetail(), ...changes };
    return json(200, chargebackListItem.parse(current));
  };

  const server: Server = (call) => {
    if (call.path === `/account/${ACCOUNT_ID}`) return json(200, ACCOUNT);
    if (call.path === API_DETAIL && call.method === 'GET') {
      detailCalls.push(call);
      return json(200, readDetail());
    }
    if (call.path === `/account/${ACCOUNT_ID}/agent`) {
      return json(200, { count: AGENTS.length, total: AGENTS.length, items: AGENTS });
    }
    if (call.path === API_DETAIL && call.method === 'PATCH') {
      changeCalls.push(call);
      const { status, fraudType } = call.body as Partial<ChargebackDetail>;
      return changeCase(status ? { status } : { fraudType: fraudType ?? null });
    }
    if (call.path === `${API_DETAIL}/agent` && call.method === 'POST') {
      changeCalls.push(call);
      const { agentId } = call.body as { agentId: string };
      const name = agentId === AGENT_OTHERS ? AGENT_OTHERS_NAME : AGENTS.find((agent) => agent.id === agentId)?.name;
      return changeCase({ agent: { id: agentId, name: name ?? agentId } });
    }
    if (call.path === API_DOCUMENT && call.method === 'POST') {
      documentCalls.push(call);
      return nth(documentAnswers, documentCalls, call);
    }
    if (call.path === DOCUMENT_LINK) {
      fileCalls.push(call);
      return nth(fileAnswers, fileCalls, call);
    }
    if (call.path === API_TEMPLATES && call.method === 'GET') {
      templateListCalls.push(call);
      return json(200, { count: stored.length, total: stored.length, items: stored });
    }
    const file = /^\/account\/[^/]+\/chargeback-template\/([^/]+)\/file\/([^/]+)$/.exec(call.path);
    if (file && call.method === 'GET') {
      templateFileCalls.push(call);
      // The link as the server makes it (templateFilePath).
      return json(200, { url: `${call.path}/content` });
    }
    if (file && call.method === 'DELETE') {
      deleteCalls.push(call);
      const answer = nth(deleteAnswers, deleteCalls, call);
      if (answer instanceof Response && answer.ok) stored = stored.filter((template) => template.reason !== file[1]);
      return answer;
    }
    if (/^\/account\/[^/]+\/chargeback-template\/[^/]+\/file\/[^/]+\/content$/.test(call.path)) {
      return docx('template bytes');
    }
    const upload = /^\/account\/[^/]+\/chargeback-template\/([^/]+)$/.exec(call.path);
    if (upload && call.method === 'PUT') {
      uploadCalls.push(call);
      if (uploadAnswers) return nth(uploadAnswers, uploadCalls, call);
      const sent = (call.body as FormData).get('file') as File;
      const template: DisputeTemplate = {
        reason: upload[1] as DisputeTemplate['reason'],
        fileName: sent.name,
        size: sent.size,
        uploadedAt: '2025-03-10T10:00:00.000Z',
      };
      stored = [...stored.filter((item) => item.reason !== template.reason), template];
      return json(200, template);
    }
    return undefined;
  };
  return {
    server,
    detailCalls,
    documentCalls,
    fileCalls,
    templateListCalls,
    uploadCalls,
    deleteCalls,
    templateFileCalls,
    changeCalls,
  };
}

/**
 * Superseded: importing the harness preloads the shell and every screen for every file (app-harness.tsx), so this
 * resolves at once. Kept only for the files that still call it; drop the call, then this export.
 */
export const preloadScreens = preloadEveryScreen;
