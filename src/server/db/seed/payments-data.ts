import type { AlertType, RecurrenceType, RefundReason, TransactionStatus, TransactionType } from '@domain/enums';

// Word and number pools the payments step draws from: what the platform's orders look like (countries, cards,
// amounts, browsers) and how they fail (error codes). Banks are invented; BINs follow each brand's real prefix
// ranges so a card brand and its BIN agree, but no BIN here is claimed to belong to a real issuer.

/** Transaction types (spec 1, section 3). */
export const TRANSACTION_TYPES = {
  payment: 'PAYMENT',
  recurrence: 'RECURRENCE',
  refund: 'REFUND',
  partialRefund: 'PARTIAL_REFUND',
  chargeback: 'CHARGEBACK',
  retrieval: 'INFORMATION_REQUESTED',
  rdr: 'RDR',
} as const satisfies Record<string, TransactionType>;

/** The statuses the generator writes (spec 3, section 4). */
export const STATUSES = {
  success: 'SUCCESS',
  declined: 'DECLINED',
  failed: 'FAILED',
  inProcess: 'IN_PROCESS',
  waitingForUser: 'WAITING_FOR_USER',
  abandoned: 'ABANDONED',
  prevented: 'PREVENTED',
  pending: 'PENDING',
  reversed: 'REVERSED',
  refundedManually: 'REFUNDED_MANUALLY',
  previouslyRefunded: 'PREVIOUSLY_REFUNDED',
  cannotRefund: 'CANNOT_REFUND',
} as const satisfies Record<string, TransactionStatus>;

/** Recurrence categories (spec 1, section 3). */
export const CATEGORIES = {
  oneOff: 'ONE-OFF',
  initial: 'INITIAL',
  renewal: 'RENEWAL',
  maintenance: 'MAINTENANCE',
} as const satisfies Record<string, RecurrenceType>;

/** Refund reasons merchants pick most, with weights; the rest of the form's list appears rarely. */
export const COMMON_REFUND_REASONS: readonly (readonly [RefundReason, number])[] = [
  ['NO_LONGER_NEED_IT', 20],
  ['DUPLICATED_PAYMENT', 12],
  ['POOR_SERVICES', 8],
  ['PRICE_TOO_HIGH', 6],
  ['WRONG_FORM', 5],
  ['COMPLAINT_ONLINE_PLATFORMS_REPUTATION', 3],
  ['AFTER_PROCESSING', 4],
  ['UNKNOWN_REASON', 4],
  ['OTHER', 6],
  ['CONFIRMED_FRAUD', 4],
  ['SCREENING', 2],
  ['RETRIEVAL_REQUEST', 1],
  ['TEST_QA', 1],
];

/** Reasons of refunds sent because an alert programme asked for them. */
export const ALERT_REFUND_REASONS = ['ETHOCA', 'VERIFI_CDRN'] as const satisfies readonly (RefundReason & AlertType)[];

/** Providers whose MIDs refuse refunds within 24 hours of the payment (a PSP requirement). */
export const SAME_DAY_BLOCKING_PROVIDERS: ReadonlySet<string> = new Set([
  'Redsys',
  'Nuvei',
  'Trust Payments',
  'Paysafe',
]);

export interface ErrorSeed {
  code: string;
  message: string;
  providerMessage: string;
}

/** Issuer declines, by how often they happen. Codes follow the dashboard's top errors (spec 3, section 8). */
export const DECLINE_ERRORS: readonly (readonly [ErrorSeed, number])[] = [
  [{ code: '0201', message: 'Issuer Rejects', providerMessage: '05 - Do not honor' }, 34],
  [{ code: '0202', message: 'Insufficient Funds', providerMessage: '51 - Insufficient funds' }, 26],
  [{ code: '0203', message: 'Expired Card', providerMessage: '54 - Expired card' }, 8],
  [{ code: '0204', message: 'Lost or Stolen Card', providerMessage: '43 - Stolen card, pick up' }, 3],
  [{ code: '0205', message: 'Restricted Card', providerMessage: '62 - Restricted card' }, 4],
  [{ code: '0206', message: 'Exceeds Withdrawal Limit', providerMessage: '61 - Exceeds withdrawal amount limit' }, 6],
  [{ code: '0606', message: 'Fraudulent Behaviour', providerMessage: '59 - Suspected fraud' }, 9],
  [{ code: '0102', message: 'Authentication Failed', providerMessage: '3-D Secure authentication failed' }, 7],
  [{ code: '1302', message: 'Invalid Amount', providerMessage: '13 - Invalid amount' }, 3],
];

/** Technical failures: the payment never got an answer from the issuer. */
export const FAILURE_ERRORS: readonly (readonly [ErrorSeed, number])[] = [
  [{ code: '0312', message: 'Missing or Invalid Data', providerMessage: 'Field cvv is required' }, 40],
  [{ code: '0401', message: 'Acquirer Timeout', providerMessage: 'No response from the acquirer within 30 s' }, 35],
  [{ code: '0402', message: 'Acquirer Unavailable', providerMessage: '503 Service temporarily unavailable' }, 25],
];

export const PREVENTED_ERROR: ErrorSeed = {
  code: '0607',
  message: 'Blocked by Risk Rules',
  providerMessage: 'Risk score above the merchant threshold',
};

export const ABANDONED_ERROR: ErrorSeed = {
  code: '0103',
  message: 'Authentication Abandoned',
  providerMessage: 'The shopper did not complete the 3-D Secure challenge',
};

/** Refunds the acquirer refused (the demo's failed refunds; the sandbox acquirer has its own). */
export const REFUND_ERRORS: readonly (readonly [ErrorSeed, number])[] = [
  [{ code: '1401', message: 'Refund Rejected', providerMessage: 'Refund not allowed for this transaction' }, 40],
  [{ code: '1402', message: 'Refund Period Expired', providerMessage: 'Original transaction older than allowed' }, 25],
  [{ code: '0402', message: 'Acquirer Unavailable', providerMessage: '503 Service temporarily unavailable' }, 35],
];

export interface IssuerCountrySeed {
  code: string;
  /** The currency orders from this country are mostly charged in. */
  currency: string;
  /** In the European Economic Area: strong customer authentication makes 3-D Secure the norm. */
  sca: boolean;
  /** Invented issuer banks. */
  banks: readonly string[];
  /** Brands issued here beyond the usual Visa and Mastercard, with weights. */
  localBrands?: readonly (readonly [string, number])[];
  /** Whether issuers here answer address verification (AVS). */
  avs?: boolean;
}

export const ISSUER_COUNTRIES: readonly IssuerCountrySeed[] = [
  { code: 'ES', currency: 'EUR', sca: true, banks: ['Banco Meseta', 'Caja del Levante', 'Banco Ibérico Digital'] },
  {
    code: 'FR',
    currency: 'EUR',
    sca: true,
    banks: ['Crédit de la Loire', 'Banque Rhodanienne', 'Société Financière du Nord'],
    localBrands: [['CARTEBLEU', 18]],
  },
  { code: 'IT', currency: 'EUR', sca: true, banks: ['Banca Padana', 'Credito Tirrenico', 'Banca delle Alpi'] },
  { code: 'DE', currency: 'EUR', sca: true, banks: ['Rheinland Sparbank', 'Hanse Kreditbank', 'Bayern Direktbank'] },
  { code: 'NL', currency: 'EUR', sca: true, banks: ['Polder Bank', 'Amstel Financieel'] },
  { code: 'PT', currency: 'EUR', sca: true, banks: ['Banco Atlântico Norte', 'Caixa do Tejo'] },
  { code: 'BE', currency: 'EUR', sca: true, banks: ['Banque de la Meuse', 'Scheldt Bank'] },
  { code: 'IE', currency: 'EUR', sca: true, banks: ['Liffey Bank', 'Shannon Credit Union'] },
  { code: 'AT', currency: 'EUR', sca: true, banks: ['Donau Kreditbank', 'Tiroler Sparbank'] },
  {
    code: 'GB',
    currency: 'GBP',
    sca: true,
    banks: ['Thames Building Society', 'Pennine Bank', 'Caledonian Savings'],
    avs: true,
  },
  {
    code: 'US',
    currency: 'USD',
    sca: false,
    banks: ['First Prairie Bank', 'Harborview Credit Union', 'Cascade National'],
    localBrands: [['DISCOVER', 6]],
    avs: true,
  },
  { code: 'CA', currency: 'USD', sca: false, banks: ['Maple Trust Bank', 'Laurentian Credit'], avs: true },
  { code: 'CH', currency: 'CHF', sca: false, banks: ['Bank am Zürichsee', 'Banque du Léman'] },
  { code: 'SE', currency: 'SEK', sca: true, banks: ['Norrland Sparbank', 'Mälaren Bank'] },
  { code: 'PL', currency: 'PLN', sca: true, banks: ['Bank Wiślany', 'Bałtycki Bank Cyfrowy'] },
  {
    code: 'DK',
    currency: 'EUR',
    sca: true,
    banks: ['Øresund Bank', 'Jysk Andelskasse'],
    localBrands: [['DANKORT', 25]],
  },
  {
    code: 'BR',
    currency: 'USD',
    sca: false,
    banks: ['Banco Cerrado', 'Banco Litoral Paulista'],
    localBrands: [
      ['ELO', 16],
      ['HIPERCARD', 8],
    ],
  },
  { code: 'MX', currency: 'USD', sca: false, banks: ['Banco Sierra Madre', 'Banco del Bajío Digital'] },
  {
    code: 'JP',
    currency: 'USD',
    sca: false,
    banks: ['Sakura Trust Bank', 'Kanto Shinkin'],
    localBrands: [['JCB', 45]],
  },
  {
    code: 'TR',
    currency: 'EUR',
    sca: false,
    banks: ['Boğaziçi Bankası', 'Anadolu Kredi'],
    localBrands: [['TROY', 20]],
  },
  {
    code: 'CN',
    currency: 'USD',
    sca: false,
    banks: ['Pearl River Bank', 'Yangtze Commercial'],
    localBrands: [['CUP', 60]],
  },
  { code: 'AU', currency: 'USD', sca: false, banks: ['Southern Cross Bank', 'Coral Coast Credit'], avs: true },
];

/** Where shoppers come from besides the merchant's own country, by weight. */
export const ISSUER_COUNTRY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['ES', 9],
  ['FR', 9],
  ['IT', 7],
  ['DE', 9],
  ['NL', 4],
  ['PT', 2],
  ['BE', 2],
  ['IE', 1.5],
  ['AT', 1.5],
  ['GB', 9],
  ['US', 7],
  ['CA', 1],
  ['CH', 1.5],
  ['SE', 1.5],
  ['PL', 1.5],
  ['DK', 1],
  ['BR', 1],
  ['MX', 0.6],
  ['JP', 0.6],
  ['TR', 0.5],
  ['CN', 0.4],
  ['AU', 0.6],
];

/** Card brands besides the local ones, by weight; a country's local brands are added to these. */
export const CARD_BRAND_WEIGHTS: readonly (readonly [string, number])[] = [
  ['VISA', 55],
  ['MC', 31],
  ['AMEX', 5],
  ['MAESTRO', 2.5],
  ['DINERS', 1],
  ['DISCOVER', 0.4],
  ['JCB', 0.4],
  ['CUP', 0.3],
  ['MIR', 0.05],
  ['PRIVATELABEL', 0.2],
  ['UNKNOWN', 0.3],
];

/** First digits of each brand's BINs; the generator completes them to six digits. */
export const BIN_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  VISA: ['4'],
  MC: ['51', '52', '53', '54', '55', '2221', '2720'],
  AMEX: ['34', '37'],
  DINERS: ['36', '300', '305'],
  DISCOVER: ['6011', '65'],
  JCB: ['3528', '3540', '3589'],
  MAESTRO: ['6759', '5018', '6304'],
  CARTEBLEU: ['4970', '4973'],
  CUP: ['62'],
  ELO: ['636368', '504175', '509048'],
  DANKORT: ['5019'],
  HIPERCARD: ['606282'],
  MIR: ['2200', '2202'],
  TROY: ['9792'],
  PRIVATELABEL: ['70', '72'],
  UNKNOWN: ['99'],
};

/** Brands whose 3-D Secure ECI values follow Mastercard's scheme (02/01/00) rather than Visa's (05/06/07). */
export const MASTERCARD_ECI_BRANDS: ReadonlySet<string> = new Set(['MC', 'MAESTRO', 'DANKORT']);

export const ECI = {
  visa: { authenticated: '05', attempted: '06', none: '07' },
  mastercard: { authenticated: '02', attempted: '01', none: '00' },
} as const;

export const ECI_DESCRIPTIONS = {
  authenticated: 'Fully authenticated',
  attempted: 'Authentication attempted',
  none: 'Not authenticated',
} as const;

/** Address verification answers, by weight, for issuers that support it. */
export const AVS_CODES: readonly (readonly [string, number])[] = [
  ['Y', 62],
  ['Z', 14],
  ['A', 8],
  ['N', 6],
  ['U', 10],
];

export const CARD_TYPES: readonly (readonly [string, number])[] = [
  ['CREDIT', 52],
  ['DEBIT', 42],
  ['PREPAID', 6],
];

export const CARD_SEGMENTS: readonly (readonly [string, number])[] = [
  ['CONSUMER', 86],
  ['BUSINESS', 10],
  ['CORPORATE', 4],
];

export const THREE_DS_VERSIONS: readonly (readonly [string, number])[] = [
  ['2.2.0', 72],
  ['2.1.0', 24],
  ['1.0.2', 4],
];

/** CARD, or a wallet (spec 1, section 3). PayPal and Link carry no card data. */
export const PAYMENT_METHODS: readonly (readonly [string, number])[] = [
  ['CARD', 82],
  ['APPLE_PAY', 8],
  ['GOOGLE_PAY', 5],
  ['PAYPAL', 3],
  ['STRIPE_LINK', 2],
];
export const CARDLESS_METHODS: ReadonlySet<string> = new Set(['PAYPAL', 'STRIPE_LINK']);

export const DEVICE_TYPES: readonly (readonly [string, number])[] = [
  ['DESKTOP', 44],
  ['MOBILE', 49],
  ['TABLET', 7],
];

export const BROWSERS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  DESKTOP: [
    ['Chrome 131', 55],
    ['Safari 18.1', 14],
    ['Edge 131', 14],
    ['Firefox 133', 9],
    ['Opera 115', 3],
  ],
  MOBILE: [
    ['Chrome Mobile 131', 46],
    ['Mobile Safari 18.1', 40],
    ['Samsung Internet 26', 10],
    ['Firefox Mobile 133', 2],
  ],
  TABLET: [
    ['Mobile Safari 18.1', 65],
    ['Chrome Mobile 131', 30],
  ],
};

/** Custom tags orders carry (most carry none); routes can select on them. */
export const CUSTOM_TAGS: readonly (readonly [string | null, number])[] = [
  [null, 85],
  ['VIP', 5],
  ['TRIAL', 4],
  ['PROMO', 4],
  ['B2B', 2],
];

/** First octets of public IPv4 blocks, so shopper addresses look plausible. */
export const IP_FIRST_OCTETS = [31, 37, 46, 62, 77, 79, 80, 81, 82, 83, 84, 85, 86, 88, 90, 91, 92, 93, 95, 176, 178];

export const EMAIL_DOMAINS = ['mail.example', 'inbox.example', 'post.example', 'webmail.example'];

/** Businesses that live on subscriptions: most of their traffic is initial and renewal payments. */
export const SUBSCRIPTION_BUSINESSES: ReadonlySet<string> = new Set([
  '4899', // Streaming
  '7997', // Fitness Club
  '7273', // Dating
  '8299', // Courses
  '5818', // Digital Goods
]);

/** Typical order value per MCC: [lowest, highest] in major units. */
export const AMOUNT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  '5732': [19, 1800],
  '5691': [15, 320],
  '4722': [60, 2400],
  '5816': [2, 120],
  '5942': [8, 90],
  '5499': [9, 75],
  '7011': [80, 950],
  '4899': [5, 30],
  '7997': [20, 90],
  '5411': [12, 220],
  '5945': [9, 160],
  '5912': [5, 110],
  '5719': [15, 600],
  '5818': [3, 60],
  '7273': [10, 60],
  '8299': [25, 450],
};

/** Plan prices in major units, for subscription charges. */
export const PLAN_PRICES = [4.99, 7.99, 9.99, 12.99, 14.99, 19.99, 24.99, 29.99, 49.0, 99.0];

/** Price endings shoppers see, in minor units (…,99 is the classic), by weight. */
export const PRICE_ENDINGS: readonly (readonly [number, number])[] = [
  [99, 38],
  [0, 24],
  [95, 10],
  [50, 10],
  [49, 6],
  [90, 4],
  [-1, 8], // any ending
];

export const CONCEPTS: Readonly<Record<string, string>> = {
  'ONE-OFF': 'Online purchase',
  INITIAL: 'Subscription sign-up',
  RENEWAL: 'Subscription renewal',
  MAINTENANCE: 'Card on file verification fee',
};

/** Alert programmes on payments that do not end in an RDR (spec 1, section 3 'Alert types'). */
export const INFORMATIONAL_ALERTS = [
  'ORDER_INSIGHT',
  'CONSUMER_CLARITY',
  'COMPELLING_EVIDENCE',
] as const satisfies readonly AlertType[];

/** How an alert on a payment ended: the alert statuses of spec 3, section 4, by weight. */
export const INFORMATIONAL_ALERT_OUTCOMES: readonly (readonly [TransactionStatus, number])[] = [
  ['PREVENTED', 50],
  ['SUCCESS', 30],
  ['CANNOT_REFUND', 20],
];

/** Hour-of-day traffic shape (UTC), relative weights; e-commerce peaks in the evening. */
export const HOUR_WEIGHTS = [
  0.35, 0.25, 0.18, 0.15, 0.15, 0.2, 0.35, 0.55, 0.75, 0.85, 0.9, 0.95, 1, 0.95, 0.9, 0.9, 0.95, 1, 1, 1, 0.95, 0.85,
  0.7, 0.5,
];
