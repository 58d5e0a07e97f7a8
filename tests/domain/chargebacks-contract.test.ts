import {
  CHARGEBACK_DEFAULT_ORDER,
  chargebackAgentAssign,
  chargebackAgentParams,
  chargebackDetail,
  chargebackDocumentRequest,
  chargebackExportQuery,
  chargebackListItem,
  chargebackListQuery,
  chargebackUpdate,
  disputeTemplateFileParams,
  disputeTemplateList,
} from '@domain/contract';
import { fieldErrors } from '@domain/validation';
import { describe, expect, it } from 'vitest';

const AGENT = '0a1b2c3d-0000-4000-8000-00000000000a';
const CASE = '5f0c8a1e-7b2d-4c3e-9f10-0000000000cb';
const PAYMENT = '5f0c8a1e-7b2d-4c3e-9f10-2a3b4c5d6e7f';

const ROW = {
  chargebackId: CASE,
  caseId: 'CB-1',
  disputeId: null,
  operation: 'RETRIEVAL',
  status: 'TO_DO',
  fraudType: null,
  hasPreviousChargebacks: true,
  hasRefund: false,
  amount: 5_000,
  currency: 'USD',
  notificationDate: '2025-03-01T10:00:00.000Z',
  expirationDate: null,
  reason: { parsed: 'OthersDefault', processor: null },
  agent: { id: 'OTHERS', name: 'Others' },
  psp: 'Stripe',
  orderId: null,
  paymentId: PAYMENT,
  customer: { name: null, email: null, ip: null },
};

describe('chargeback responses', () => {
  it('reads a queue row, with Others as an assignment', () => {
    expect(chargebackListItem.parse(ROW).agent).toEqual({ id: 'OTHERS', name: 'Others' });
    expect(chargebackListItem.safeParse({ ...ROW, status: 'CLOSED' }).success).toBe(false);
    expect(chargebackListItem.safeParse({ ...ROW, agent: { id: 'someone', name: 'X' } }).success).toBe(false);
  });

  it('reads a detail with the CRM link and custom fields, and refuses a CRM link that is not a URL', () => {
    const detail = {
      ...ROW,
      externalUrl: 'https://crm.example.com/cases/1',
      template: 'Others',
      payment: {
        id: PAYMENT,
        externalId: null,
        date: '2025-02-01T10:00:00.000Z',
        amount: 5_000,
        currency: 'USD',
        is3dSecure: false,
        card: { holder: null, brand: 'MC' },
      },
      paymentProcessor: { solution: 'Stripe US', provider: 'Stripe' },
      company: {
        name: null,
        email: null,
        product: null,
        address: null,
        url: null,
        policyTermUrl: null,
        privacyTermUrl: null,
        registrationNumber: null,
      },
      account: { id: AGENT, prettyName: 'Acme' },
      custom: [{ label: 'Channel', value: null }],
      chargebackDocumentUrl: null,
    };
    expect(chargebackDetail.parse(detail).custom).toHaveLength(1);
    expect(chargebackDetail.safeParse({ ...detail, externalUrl: 'javascript alert' }).success).toBe(false);
  });
});

describe('chargeback list query', () => {
  it('reads every filter of the queue with the spec names', () => {
    const query = chargebackListQuery.parse({
      search: ' CB-1 ',
      exactMatch: 'true',
      status: 'TO_DO',
      operation: ['CHARGEBACK', 'RETRIEVAL'],
      agentId: [AGENT, 'OTHERS', 'UNASSIGNED'],
      notificationDateFrom: '2025-03-01T00:00:00.000Z',
      notificationDateTo: '2025-03-31T23:59:59.999Z',
      expirationDateFrom: '2025-04-01T00:00:00.000Z',
      hideExpired: 'false',
      reason: 'FraudNoCardholderAuthorization',
      fraudType: ['FRAUD'],
      timeZone: 'Europe/Madrid',
      order: CHARGEBACK_DEFAULT_ORDER,
    });
    expect(query).toMatchObject({
      page: 1,
      limit: 50,
      search: 'CB-1',
      exactMatch: true,
      hideExpired: false,
      status: ['TO_DO'],
      agentId: [AGENT, 'OTHERS', 'UNASSIGNED'],
      reason: ['FraudNoCardholderAuthorization'],
      order: '-notificationDate',
    });
  });

  it('refuses unknown values, page sizes outside 50/100/500 and reversed date ranges', () => {
    expect(chargebackListQuery.safeParse({ agentId: 'nobody' }).success).toBe(false);
    expect(chargebackListQuery.safeParse({ fraudType: 'Fraud' }).success).toBe(false);
    expect(chargebackListQuery.safeParse({ limit: '20' }).success).toBe(false);
    expect(chargebackListQuery.safeParse({ timeZone: 'Mars/Base' }).success).toBe(false);
    const reversed = chargebackListQuery.safeParse({
      expirationDateFrom: '2025-04-02T00:00:00.000Z',
      expirationDateTo: '2025-04-01T00:00:00.000Z',
    });
    expect(reversed.success).toBe(false);
    if (!reversed.success) {
      expect(fieldErrors(reversed.error)).toEqual({ expirationDateTo: 'The indicated dates are not correct' });
    }
  });

  it('exports with the same filters, without paging, with the zone and the e-mail flag', () => {
    const query = chargebackExportQuery.parse({ status: 'DONE', page: '3', forceEmailExport: 'true' });
    expect(query).toMatchObject({ status: ['DONE'], timeZone: 'UTC', forceEmailExport: true });
    expect(query).not.toHaveProperty('page');
    expect(query).not.toHaveProperty('limit');
  });
});

describe('chargeback writes', () => {
  it('changes a status only with the status it expects to replace', () => {
    expect(chargebackUpdate.parse({ status: 'DONE', expectedStatus: 'TO_DO' })).toEqual({
      status: 'DONE',
      expectedStatus: 'TO_DO',
    });
    expect(chargebackUpdate.safeParse({ status: 'DONE' }).success).toBe(false);
  });

  it('changes or clears a fraud type on its own, never together with a status', () => {
    expect(chargebackUpdate.parse({ fraudType: 'CLIENT_CONTACT' })).toEqual({ fraudType: 'CLIENT_CONTACT' });
    expect(chargebackUpdate.parse({ fraudType: null })).toEqual({ fraudType: null });
    expect(chargebackUpdate.safeParse({ status: 'DONE', expectedStatus: 'TO_DO', fraudType: 'FRAUD' }).success).toBe(
      false,
    );
  });

  it('assigns an agent or Others; Unassigned is not an assignment', () => {
    expect(chargebackAgentAssign.parse({ agentId: AGENT })).toEqual({ agentId: AGENT });
    expect(chargebackAgentAssign.parse({ agentId: 'OTHERS' })).toEqual({ agentId: 'OTHERS' });
    expect(chargebackAgentAssign.safeParse({ agentId: 'UNASSIGNED' }).success).toBe(false);
    expect(chargebackAgentParams.safeParse({ accountId: 'a', chargebackId: CASE, agentId: 'OTHERS' }).success).toBe(
      true,
    );
  });

  it('asks for a document by template key only', () => {
    expect(chargebackDocumentRequest.parse({ reason: 'ChargebackAccepted' })).toEqual({ reason: 'ChargebackAccepted' });
    expect(chargebackDocumentRequest.safeParse({ reason: 'OthersDefault' }).success).toBe(false);
  });
});

describe('dispute templates', () => {
  it('lists templates by key and refuses unknown slots', () => {
    const list = disputeTemplateList.parse({
      count: 1,
      total: 1,
      items: [{ reason: 'Default', fileName: 'default.docx', size: 12_000, uploadedAt: '2025-03-01T10:00:00.000Z' }],
    });
    expect(list.items[0]?.reason).toBe('Default');
    expect(
      disputeTemplateFileParams.safeParse({ accountId: 'a', templateKey: 'Whatever', fileName: 'x.docx' }).success,
    ).toBe(false);
  });
});
