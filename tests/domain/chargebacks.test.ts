import {
  additionalInfo,
  agentChangeOf,
  agentLabelOf,
  agentOptions,
  caseHeader,
  chargebackAbilities,
  DISPUTE_DOCUMENT_PLACEHOLDERS,
  disputeDocumentData,
  disputeDocumentFileName,
  fraudTypeControl,
  isChargebackExpired,
  isLocalStatusOutdated,
  parseChargebackReason,
  resolveTemplateKey,
  templateKeyForReason,
  templateSlotActions,
  templateUploadErrorOfKey,
  validateTemplateUpload,
} from '@domain/chargebacks';
import type { ChargebackDetail } from '@domain/contract';
import { DISPUTE_TEMPLATE_KEYS } from '@domain/enums';
import { PERMISSIONS } from '@domain/permissions';
import { describe, expect, it } from 'vitest';

const AGENT = '0a1b2c3d-0000-4000-8000-00000000000a';

describe('expired cases', () => {
  // 00:30 on 11 March in Madrid, 23:30 on 10 March in UTC.
  const now = '2025-03-10T23:30:00.000Z';

  it('is expired when the expiration date is before the start of today in the viewer zone', () => {
    // 23:30 on 10 March in Madrid: yesterday there, today in UTC.
    const expiration = '2025-03-10T22:30:00.000Z';
    expect(isChargebackExpired(expiration, now, 'Europe/Madrid')).toBe(true);
    expect(isChargebackExpired(expiration, now, 'UTC')).toBe(false);
  });

  it('keeps a case expiring today workable, and one without a date never expires', () => {
    expect(isChargebackExpired('2025-03-10T23:00:00.000Z', now, 'Europe/Madrid')).toBe(false);
    expect(isChargebackExpired('2025-03-09T23:59:59.999Z', now, 'UTC')).toBe(true);
    expect(isChargebackExpired('2025-03-10T00:00:00.000Z', now, 'UTC')).toBe(false);
    expect(isChargebackExpired(null, now, 'UTC')).toBe(false);
  });
});

describe('permissions and controls', () => {
  const viewer = { permissions: [PERMISSIONS.chargebackRead, PERMISSIONS.chargebackSelect] };
  const agent = { permissions: [...viewer.permissions, PERMISSIONS.chargebackUpdate, PERMISSIONS.chargebackDownload] };
  const fraudAnalyst = { permissions: [...agent.permissions, PERMISSIONS.chargebackFraudTypeUpdate] };

  it('gives dropdowns and downloads only with their permissions', () => {
    expect(chargebackAbilities(viewer)).toMatchObject({
      viewDetail: true,
      assignAgent: false,
      changeStatus: false,
      download: false,
    });
    expect(chargebackAbilities(agent)).toMatchObject({ assignAgent: true, changeStatus: true, download: true });
    expect(chargebackAbilities({ permissions: ['all.update'] }).editFraudType).toBe(true);
  });

  it('shows the fraud type only for fraud with no cardholder authorization, editable only with its permission', () => {
    expect(fraudTypeControl('FraudNoCardholderAuthorization', fraudAnalyst)).toBe('editable');
    expect(fraudTypeControl('FraudNoCardholderAuthorization', agent)).toBe('readOnly');
    expect(fraudTypeControl('NotAsDescribed', fraudAnalyst)).toBe('hidden');
  });

  it('asks to refresh when the status shown is no longer the current one', () => {
    expect(isLocalStatusOutdated('TO_DO', 'DONE')).toBe(true);
    expect(isLocalStatusOutdated('TO_DO', 'TO_DO')).toBe(false);
  });
});

describe('agents', () => {
  it('lists the agents by name, then Others and Unassigned', () => {
    const options = agentOptions([
      { id: AGENT, name: 'Zoe' },
      { id: '0a1b2c3d-0000-4000-8000-00000000000b', name: 'Ana' },
    ]);
    expect(options.map((option) => option.label)).toEqual(['Ana', 'Zoe', 'Others', 'Unassigned']);
  });

  it('deletes the assignment for Unassigned and assigns anything else', () => {
    const current = { id: AGENT, name: 'Zoe' };
    expect(agentChangeOf(current, 'UNASSIGNED')).toEqual({ kind: 'unassign', agentId: AGENT });
    expect(agentChangeOf(current, 'OTHERS')).toEqual({ kind: 'assign', agentId: 'OTHERS' });
    expect(agentChangeOf(null, AGENT)).toEqual({ kind: 'assign', agentId: AGENT });
    expect(agentChangeOf(current, AGENT)).toEqual({ kind: 'none' });
    expect(agentChangeOf(null, 'UNASSIGNED')).toEqual({ kind: 'none' });
    expect(agentLabelOf(null)).toBe('Unassigned');
    expect(agentLabelOf({ id: 'OTHERS', name: 'Others' })).toBe('Others');
  });
});

describe('parsed reason', () => {
  it.each([
    ['10.4 Other Fraud - Card Absent Environment', 'FraudNoCardholderAuthorization'],
    ['Visa 13.2', 'CancelledRecurringTransaction'],
    ['12.6.1 Duplicate Processing', 'DuplicateProcessing'],
    ['4863', 'UnrecognisedTransaction'],
    ['MC 4855 Goods or services not provided', 'MerchandiseServicesNotProvided'],
    ['F29', 'FraudNoCardholderAuthorization'],
    ['Credit not processed', 'CreditNotProcessed'],
    ['NotAsDescribed', 'NotAsDescribed'],
    ['11.3 No Authorization', 'OthersDefault'],
    ['', 'OthersDefault'],
    [null, 'OthersDefault'],
  ] as const)('%s parses to %s', (processor, parsed) => {
    expect(parseChargebackReason(processor)).toBe(parsed);
  });
});

describe('template slots', () => {
  it('uses the reason slot, then Others, then Default, and nothing when the account has none', () => {
    expect(resolveTemplateKey('NotAsDescribed', ['Default', 'Others', 'NotAsDescribed'])).toBe('NotAsDescribed');
    expect(resolveTemplateKey('NotAsDescribed', ['Default', 'Others'])).toBe('Others');
    expect(resolveTemplateKey('Refund', ['Default'])).toBe('Default');
    expect(resolveTemplateKey('Refund', [])).toBeNull();
    expect(templateKeyForReason('OthersDefault')).toBe('Others');
    expect(templateKeyForReason('IncorrectAmount')).toBe('IncorrectAmount');
  });

  it('has Default, Others, one slot per other reason and the three outcome slots', () => {
    expect(DISPUTE_TEMPLATE_KEYS).toHaveLength(15);
    expect(DISPUTE_TEMPLATE_KEYS.slice(0, 2)).toEqual(['Default', 'Others']);
    expect(DISPUTE_TEMPLATE_KEYS.slice(-3)).toEqual(['ChargebackAccepted', 'ChargebackInvalid', 'Refund']);
  });

  it('never offers to delete Default, and each action needs its permission', () => {
    const all = { permissions: ['chargeback.template.manage'] };
    expect(templateSlotActions('Default', true, all)).toEqual({
      upload: false,
      replace: true,
      download: true,
      delete: false,
    });
    expect(templateSlotActions('Others', true, all).delete).toBe(true);
    expect(templateSlotActions('Others', false, all)).toEqual({
      upload: true,
      replace: false,
      download: false,
      delete: false,
    });
    const reader = { permissions: [PERMISSIONS.chargebackTemplateRead, PERMISSIONS.chargebackTemplateDownload] };
    expect(templateSlotActions('Others', true, reader)).toEqual({
      upload: false,
      replace: false,
      download: true,
      delete: false,
    });
  });
});

describe('template upload', () => {
  const ok = { name: 'Fraud-letter_v2.(final).docx', size: 1_000 };

  it('accepts a docx or docm with a valid name up to 3,145,728 bytes', () => {
    expect(validateTemplateUpload(ok)).toBeNull();
    expect(validateTemplateUpload({ name: 'abc.DOCM', size: 3_145_728 })).toBeNull();
    expect(validateTemplateUpload({ name: `${'a'.repeat(63)}.docx`, size: 1 })).toBeNull();
  });

  it('refuses other formats with the format modal', () => {
    expect(validateTemplateUpload({ name: 'letter.pdf', size: 1 })).toEqual({
      kind: 'format',
      header: "We don't support this file format",
      content: 'Please use a .docm or .docx instead.',
    });
    expect(validateTemplateUpload({ name: 'docx', size: 1 })?.kind).toBe('format');
  });

  it('refuses names shorter than 3 or longer than 63 characters', () => {
    for (const name of ['ab.docx', `${'a'.repeat(64)}.docx`]) {
      expect(validateTemplateUpload({ name, size: 1 })).toEqual({
        kind: 'nameLength',
        header: 'File name invalid',
        content: 'The file length must be between 3 and 63',
      });
    }
  });

  it('names the characters a file name cannot include', () => {
    expect(validateTemplateUpload({ name: 'my letter#1.docx', size: 1 })).toEqual({
      kind: 'nameCharacters',
      header: 'File name invalid',
      content: 'The file name cannot include space and #',
    });
    expect(validateTemplateUpload({ name: 'carta-ñ.docx', size: 1 })?.content).toBe('The file name cannot include ñ');
  });

  it('refuses files above 3,145,728 bytes with the too-big modal', () => {
    expect(validateTemplateUpload({ ...ok, size: 3_145_729 })).toMatchObject({
      kind: 'size',
      header: 'The file is too big!',
    });
  });

  it('maps the server refusal keys to the same modals', () => {
    expect(templateUploadErrorOfKey('template-too-big')?.header).toBe('The file is too big!');
    expect(templateUploadErrorOfKey('template-name-invalid', 'The file name cannot include #')).toEqual({
      kind: 'nameLength',
      header: 'File name invalid',
      content: 'The file name cannot include #',
    });
    expect(templateUploadErrorOfKey('unexpected-error')).toBeNull();
  });
});

const DETAIL: ChargebackDetail = {
  chargebackId: '5f0c8a1e-7b2d-4c3e-9f10-0000000000cb',
  caseId: 'CB/2025 0001',
  disputeId: 'D-778',
  operation: 'CHARGEBACK',
  status: 'IN_PROGRESS',
  fraudType: 'LEGITIMATE_PURCHASE',
  hasPreviousChargebacks: false,
  hasRefund: true,
  amount: 123_450,
  currency: 'EUR',
  notificationDate: '2025-03-01T10:00:00.000Z',
  expirationDate: '2025-03-20T23:30:00.000Z',
  reason: { parsed: 'FraudNoCardholderAuthorization', processor: '10.4 Other Fraud' },
  agent: { id: AGENT, name: 'Zoe' },
  psp: 'Adyen',
  orderId: 'ORD-1',
  paymentId: '5f0c8a1e-7b2d-4c3e-9f10-2a3b4c5d6e7f',
  customer: { name: 'Ana Garcia', email: 'ana@example.com', ip: '203.0.113.7' },
  externalUrl: 'https://crm.example.com/cases/778',
  template: null,
  payment: {
    id: '5f0c8a1e-7b2d-4c3e-9f10-2a3b4c5d6e7f',
    externalId: 'psp_1',
    date: '2025-02-20T09:00:00.000Z',
    amount: 123_450,
    currency: 'EUR',
    is3dSecure: true,
    card: { holder: 'ANA GARCIA', brand: 'VISA' },
  },
  paymentProcessor: { solution: 'Adyen EU', provider: 'Adyen' },
  company: {
    name: 'Acme',
    email: null,
    product: 'Shoes',
    address: null,
    url: 'https://acme.example.com',
    policyTermUrl: null,
    privacyTermUrl: null,
    registrationNumber: 'B123',
  },
  account: { id: '0a1b2c3d-0000-4000-8000-000000000001', prettyName: 'Acme Group' },
  custom: [
    { label: 'Channel', value: 'web' },
    { label: 'Empty', value: '' },
    { label: 'Blank', value: '   ' },
    { label: 'Missing', value: null },
  ],
  chargebackDocumentUrl: null,
};

describe('case detail', () => {
  it("lists 'Additional info' without empty values", () => {
    expect(additionalInfo(DETAIL.custom)).toEqual([{ label: 'Channel', value: 'web' }]);
  });

  it("heads the case with its dispute id, or '-'", () => {
    expect(caseHeader('D-778')).toBe('Case ID: D-778');
    expect(caseHeader(null)).toBe('Case ID: -');
  });
});

describe('dispute document', () => {
  it('fills every placeholder with the case fields in the product formats', () => {
    const data = disputeDocumentData(DETAIL, { now: '2025-03-10T12:00:00.000Z', timeZone: 'Europe/Madrid' });
    expect(Object.keys(data).sort()).toEqual(DISPUTE_DOCUMENT_PLACEHOLDERS.map((p) => p.name).sort());
    expect(data).toMatchObject({
      caseId: 'CB/2025 0001',
      amount: '1.234,50 EUR',
      reason: 'Fraud - no cardholder authorization',
      fraudType: 'Legitimate purchase',
      // 23:30 UTC is the next day in Madrid.
      expirationDate: '21 Mar 2025',
      cardBrand: 'Visa',
      payment3dSecure: 'Yes',
      companyEmail: '',
      agent: 'Zoe',
      today: '10 Mar 2025',
      custom: [{ label: 'Channel', value: 'web' }],
    });
  });

  it('names the file after the case, keeping the template extension and only safe characters', () => {
    expect(disputeDocumentFileName(DETAIL, 'letter.docm')).toBe('dispute-CB-2025-0001.docm');
    expect(disputeDocumentFileName({ caseId: null, chargebackId: DETAIL.chargebackId }, 'x.docx')).toBe(
      `dispute-${DETAIL.chargebackId}.docx`,
    );
  });
});
