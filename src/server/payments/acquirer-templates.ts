import type { TemplateField } from '@domain/mids';

// The acquirer-specific fields of a MID (spec 2, section 3: customConfig "from a template whose items have labels").
// Each acquirer's connector declares what it needs to send a payment: that is where a payments platform defines
// them, so they live beside the connectors (the sandbox acquirer is one) rather than in a table no screen edits.
// Credentials are `secret`: stored encrypted (src/server/lib/secret-box.ts), never returned, never audited.

const text = (name: string, label: string, help: string | null, maxLength = 64, required = true): TemplateField => ({
  name,
  label,
  required,
  type: 'text',
  help,
  maxLength,
});
const number = (name: string, label: string, help: string | null, maxLength: number): TemplateField => ({
  name,
  label,
  required: true,
  type: 'number',
  help,
  maxLength,
});
const secret = (name: string, label: string, help: string | null, required = true): TemplateField => ({
  name,
  label,
  required,
  type: 'secret',
  help,
  maxLength: 256,
});

/** By the acquirer's name (acquirers.pretty_name, unique). An acquirer without an entry has no template. */
export const ACQUIRER_TEMPLATES: Readonly<Record<string, readonly TemplateField[]>> = {
  Adyen: [
    text(
      'merchantAccount',
      'Merchant account',
      'The Adyen merchant account this MID processes on, e.g. HarborECOM',
      80,
    ),
    secret('apiKey', 'API key', 'The API key of the web service user (ws@Company...).'),
    secret('hmacKey', 'HMAC key', 'Verifies the webhook notifications Adyen sends; optional.', false),
  ],
  Worldpay: [
    text('merchantCode', 'Merchant code', 'Upper case, as in the Worldpay dashboard.', 32),
    number('installationId', 'Installation ID', 'The 7-digit installation of this merchant code.', 10),
    secret('xmlPassword', 'XML password', 'The password of the XML Direct integration.'),
  ],
  'Checkout.com': [
    text('processingChannelId', 'Processing channel ID', 'Starts with pc_.', 40),
    secret('secretKey', 'Secret key', 'The secret API key (sk_...) of this processing channel.'),
  ],
  Nuvei: [
    number('merchantId', 'Merchant ID', null, 20),
    number('merchantSiteId', 'Merchant site ID', null, 20),
    secret('secretKey', 'Secret key', 'Signs each request to Nuvei.'),
  ],
  Redsys: [
    number('merchantCode', 'Merchant code (FUC)', 'The 9-digit commerce number Redsys assigned.', 9),
    number('terminal', 'Terminal', 'Usually 001.', 3),
    secret('signatureKey', 'Signature key (SHA-256)', 'Signs the Ds_MerchantParameters of each request.'),
  ],
  'Trust Payments': [
    text('siteReference', 'Site reference', 'As in MyST, e.g. test_harbor12345.', 40),
    text('webServicesUser', 'Web services user', 'The user name of the web services account.', 80),
    secret('webServicesPassword', 'Web services password', null),
  ],
  Paysafe: [
    number('accountId', 'Account ID', 'The card payments account number.', 20),
    text('apiUsername', 'API user name', null, 80),
    secret('apiPassword', 'API password', null),
  ],
  'Sandbox Acquirer': [
    text(
      'testReference',
      'Test reference',
      'Any text to recognise this MID; the sandbox answers by the MID’s solution (Instant, Delayed, Always Fails).',
      64,
      false,
    ),
  ],
};

export function templateOf(acquirerName: string): readonly TemplateField[] {
  return ACQUIRER_TEMPLATES[acquirerName] ?? [];
}

/** Splits a customConfig into the fields shown in clear and the credentials, which are stored sealed. */
export function splitConfig(
  fields: readonly TemplateField[],
  config: Readonly<Record<string, string>>,
): { plain: Record<string, string>; secrets: Record<string, string> } {
  const plain: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const field of fields) {
    const value = config[field.name];
    if (value === undefined || value === '') continue;
    if (field.type === 'secret') secrets[field.name] = value;
    else plain[field.name] = value;
  }
  return { plain, secrets };
}
