// Word pools the demo generator draws from. Domains use the reserved .example TLD so no demo address or URL can
// reach a real company.

export interface AcquirerSeed {
  prettyName: string;
  description: string;
  solutions: readonly string[];
}

export const ACQUIRERS: readonly AcquirerSeed[] = [
  {
    prettyName: 'Adyen',
    description: 'Global acquiring, cards and local payment methods',
    solutions: ['Cards EU', 'Cards UK', 'Recurring', 'Apple Pay', 'Google Pay'],
  },
  {
    prettyName: 'Worldpay',
    description: 'Card acquiring for e-commerce and subscriptions',
    solutions: ['Ecom Direct', 'Ecom 3DS', 'Recurring MOTO', 'Cards US'],
  },
  {
    prettyName: 'Checkout.com',
    description: 'Unified payments API for cards and wallets',
    solutions: ['Cards Global', 'Cards EEA', 'Wallets', 'Network Tokens'],
  },
  {
    prettyName: 'Nuvei',
    description: 'High-risk and gaming acquiring',
    solutions: ['Gaming EU', 'Cards LATAM', 'Payouts', 'Alternative Methods'],
  },
  {
    prettyName: 'Redsys',
    description: 'Spanish card processing network',
    solutions: ['TPV Virtual', 'Bizum', 'Insite 3DS'],
  },
  {
    prettyName: 'Trust Payments',
    description: 'Acquiring and gateway for UK and Europe',
    solutions: ['Cards UK', 'Cards EU', 'PayPal', 'Recurring'],
  },
  {
    prettyName: 'Paysafe',
    description: 'Cards, wallets and alternative payment methods',
    solutions: ['Skrill', 'Paysafecard', 'Cards Direct'],
  },
  {
    prettyName: 'Sandbox Acquirer',
    description: 'Test acquirer that answers synchronously, asynchronously or with errors',
    solutions: ['Instant', 'Delayed', 'Always Fails'],
  },
];

export interface AccountSeed {
  prettyName: string;
  /** Used for the users' e-mail domain: administrator@<domain>.example. */
  domain: string;
}

export const ACCOUNTS: readonly AccountSeed[] = [
  { prettyName: 'Northwind Retail Group', domain: 'northwind' },
  { prettyName: 'Lumen Travel Holdings', domain: 'lumentravel' },
  { prettyName: 'Brightside Media', domain: 'brightside' },
  { prettyName: 'Cobalt Gaming Network', domain: 'cobaltgaming' },
  { prettyName: 'Harbor & Finch Commerce', domain: 'harborfinch' },
  { prettyName: 'Meridian Subscriptions', domain: 'meridian' },
];

export const BRAND_PREFIXES = [
  'Blue Harbor',
  'Silver Pine',
  'Golden Fern',
  'Red Kite',
  'Oak & Ember',
  'Northstar',
  'Quiet Lake',
  'Copper Hill',
  'Bright Orchard',
  'Urban Moss',
  'Seaside',
  'Atlas',
  'Velvet Fox',
  'Ironwood',
  'Maple Street',
  'Polar Bay',
  'Sunbeam',
  'Juniper',
  'Crescent',
  'Wild Thyme',
];

/** A line of business: the merchant name's second half, its MCC and the path words of its shop. */
export interface BusinessSeed {
  noun: string;
  mcc: string;
}

export const BUSINESSES: readonly BusinessSeed[] = [
  { noun: 'Electronics', mcc: '5732' },
  { noun: 'Outfitters', mcc: '5691' },
  { noun: 'Travel', mcc: '4722' },
  { noun: 'Games', mcc: '5816' },
  { noun: 'Books', mcc: '5942' },
  { noun: 'Coffee Roasters', mcc: '5499' },
  { noun: 'Hotels', mcc: '7011' },
  { noun: 'Streaming', mcc: '4899' },
  { noun: 'Fitness Club', mcc: '7997' },
  { noun: 'Grocers', mcc: '5411' },
  { noun: 'Toys', mcc: '5945' },
  { noun: 'Pharmacy', mcc: '5912' },
  { noun: 'Home Goods', mcc: '5719' },
  { noun: 'Digital Goods', mcc: '5818' },
  { noun: 'Dating', mcc: '7273' },
  { noun: 'Courses', mcc: '8299' },
];

export interface CountrySeed {
  code: string;
  legalSuffix: string;
  vat: (digits: (length: number) => string) => string;
  /** A postcode from the city's prefix. */
  zip: (prefix: string, digits: (length: number) => string) => string;
  phonePrefix: string;
  /** City name and postcode prefix. */
  cities: readonly (readonly [string, string])[];
  streets: readonly string[];
}

export const COUNTRIES: readonly CountrySeed[] = [
  {
    code: 'ES',
    legalSuffix: 'S.L.',
    vat: (d) => `ESB${d(8)}`,
    zip: (p, d) => `${p}${d(3)}`,
    phonePrefix: '+34 91',
    cities: [
      ['Madrid', '28'],
      ['Barcelona', '08'],
      ['Valencia', '46'],
      ['Sevilla', '41'],
    ],
    streets: ['Calle de Alcalá', 'Paseo de Gracia', 'Calle Mayor', 'Avenida Diagonal'],
  },
  {
    code: 'FR',
    legalSuffix: 'SAS',
    vat: (d) => `FR${d(2)}${d(9)}`,
    zip: (p, d) => `${p}${d(3)}`,
    phonePrefix: '+33 1',
    cities: [
      ['Paris', '75'],
      ['Lyon', '69'],
      ['Marseille', '13'],
      ['Bordeaux', '33'],
    ],
    streets: ['Rue de Rivoli', 'Boulevard Haussmann', 'Rue du Faubourg Saint-Honoré', 'Avenue Jean Jaurès'],
  },
  {
    code: 'IT',
    legalSuffix: 'S.r.l.',
    vat: (d) => `IT${d(11)}`,
    zip: (p, d) => `${p}${d(3)}`,
    phonePrefix: '+39 02',
    cities: [
      ['Milano', '20'],
      ['Roma', '00'],
      ['Torino', '10'],
      ['Bologna', '40'],
    ],
    streets: ['Via Montenapoleone', 'Corso Buenos Aires', 'Via del Corso', 'Via Roma'],
  },
  {
    code: 'GB',
    legalSuffix: 'Ltd',
    vat: (d) => `GB${d(9)}`,
    zip: (p, d) => `${p}${d(1)} ${d(1)}AB`,
    phonePrefix: '+44 20',
    cities: [
      ['London', 'EC'],
      ['Manchester', 'M'],
      ['Bristol', 'BS'],
      ['Edinburgh', 'EH'],
    ],
    streets: ['Old Street', 'King Street', 'High Street', 'Victoria Road'],
  },
  {
    code: 'DE',
    legalSuffix: 'GmbH',
    vat: (d) => `DE${d(9)}`,
    zip: (p, d) => `${p}${d(3)}`,
    phonePrefix: '+49 30',
    cities: [
      ['Berlin', '10'],
      ['Hamburg', '20'],
      ['München', '80'],
      ['Köln', '50'],
    ],
    streets: ['Friedrichstraße', 'Torstraße', 'Kaiserstraße', 'Schillerstraße'],
  },
  {
    code: 'NL',
    legalSuffix: 'B.V.',
    vat: (d) => `NL${d(9)}B01`,
    zip: (p, d) => `${p}${d(2)} AB`,
    phonePrefix: '+31 20',
    cities: [
      ['Amsterdam', '10'],
      ['Rotterdam', '30'],
      ['Utrecht', '35'],
    ],
    streets: ['Keizersgracht', 'Damrak', 'Herengracht'],
  },
  {
    code: 'PT',
    legalSuffix: 'Lda.',
    vat: (d) => `PT${d(9)}`,
    zip: (p, d) => `${p}${d(2)}-${d(3)}`,
    phonePrefix: '+351 21',
    cities: [
      ['Lisboa', '11'],
      ['Porto', '40'],
    ],
    streets: ['Avenida da Liberdade', 'Rua Augusta'],
  },
  {
    code: 'IE',
    legalSuffix: 'Limited',
    vat: (d) => `IE${d(7)}W`,
    zip: (p, d) => `${p} ${d(1)}X${d(2)}`,
    phonePrefix: '+353 1',
    cities: [
      ['Dublin', 'D02'],
      ['Cork', 'T12'],
    ],
    streets: ['Grafton Street', "O'Connell Street"],
  },
];

export const FIRST_NAMES = [
  'Lucía',
  'Martin',
  'Sofia',
  'James',
  'Amelia',
  'Mateo',
  'Chloé',
  'Lukas',
  'Giulia',
  'Noah',
  'Emma',
  'Hugo',
  'Aisha',
  'Daniel',
  'Olivia',
  'Pedro',
  'Hannah',
  'Marco',
  'Inès',
  'Tomás',
];

export const LAST_NAMES = [
  'García',
  'Dubois',
  'Rossi',
  'Smith',
  'Müller',
  'de Vries',
  'Silva',
  'Murphy',
  'Martínez',
  'Bernard',
  'Bianchi',
  'Taylor',
  'Schneider',
  'Jansen',
  'Costa',
  'Kelly',
];

export const JOB_TITLES: Record<string, readonly string[]> = {
  PROVIDER_ADMINISTRATOR: ['Head of Payment Operations'],
  PROVIDER_SUPPORT: ['Merchant Support Lead', 'Operations Analyst'],
  ADMINISTRATOR: ['CTO', 'Head of Payments', 'Engineering Manager'],
  MANAGER: ['Payments Manager', 'Finance Manager', 'E-commerce Manager'],
  PAYMENTS_SPECIALIST: ['Payments Specialist', 'Payment Operations Analyst'],
  VIEWER: ['Financial Controller', 'Business Analyst', 'Accountant'],
  SUPPORT: ['Customer Support Agent', 'Customer Care Lead'],
};
