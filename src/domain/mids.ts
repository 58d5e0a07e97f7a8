import { z } from 'zod';
import { isKnownCountry } from './countries';
import { CARD_BRANDS } from './enums';
import { invalidUrlsMessage, isValidItem, LIST_LIMITS, shownItem } from './lists';
import { ROUTING_CRITERIA, type RoutingCriterion } from './routing-criteria';
import { MSG, maxCharacters } from './validation';

// MIDs (spec 2, sections 2.3, 3 "MID", 5 "MID form", "BIN code", "Issuer country", 8 and 9): the rules the MID form
// and the server share, and the acquirer templates' field rules. The texts are the spec's.

export const MID_LIMITS = {
  description: 100,
  /** The MID's id at the acquirer ('MID Solution'); not in the spec, as long as the description. */
  midAcquirerId: 100,
  /** Values one criterion may list: every ISO country fits; a request naming more is refused, not cut. */
  criterionValues: 250,
  /** A template field's value (credentials and ids are short; a 10 KB value is refused). */
  configValue: 256,
} as const;

export const MID_MESSAGES = {
  pending: 'You must select at least one value or close this variable to continue',
  whiteSpace: 'This field can’t start or end with a white space',
  noTemplate: 'Ups, something went wrong. Choose another acquirer to save the MID',
  hasTransactions: 'This MID is being used in some transaction and Payments Solution cannot be edited',
  deleteQuestion: 'Delete this MID?',
  cantDelete: "You can't delete this MID",
  impossibleDelete: 'Impossible to delete MID',
  noRoutes: 'There are no linked routes for this MID.',
  binCode: 'It must be a 6 digits code',
  notIso: (codes: readonly string[]) => `Some variables are not in the ISO format: ${codes.join(', ')}`,
  unknownCountries: (codes: readonly string[]) => `The following codes do not exist: ${codes.join(', ')}`,
  currency: (codes: readonly string[]) => `Some currencies are not 3-letter ISO codes: ${codes.join(', ')}`,
  invalidUrls: invalidUrlsMessage,
  invalidTags: (items: readonly string[]) => `Some custom tags are not valid: ${items.join(', ')}`,
  /** On a variable whose edit would refuse orders of routes that use the MID (409 mid-routes-bad-config). */
  refusesRoutes: (routes: readonly string[]) =>
    `Routes using this MID send it orders this would refuse: ${routes.join(', ')}`,
  tooManyValues: `At most ${MID_LIMITS.criterionValues} values`,
  number: 'Enter a number, 0 or greater',
  unknownField: 'This acquirer has no such field',
} as const;

/** Help under each Force 3DS radio (the spec names the values and says each has help text, without giving it). */
export const FORCE_3DS_HELP = {
  NULL: 'No preference: the payment request decides.',
  REQUIRED_3DS: 'Every payment on this MID is authenticated with 3-D Secure.',
  NO_3DS: 'Payments on this MID skip 3-D Secure where the rules allow it.',
  INDIFFERENT: 'Authenticate only when the issuer or the regulation asks for it.',
  PREFERRED_3DS: 'Authenticate whenever the card supports 3-D Secure.',
} as const;

// Criteria lists. Each takes what the form's inputs produce (codes upper-cased, trimmed, no duplicates); an empty
// list means "any" (routing.ts). Values are checked one by one and the message names the ones that fail.

const BIN = /^\d{6}$/;
const ISO_COUNTRY = /^[A-Z]{2}$/;
const ISO_CURRENCY = /^[A-Z]{3}$/;

/** Trimmed, empty entries dropped, duplicates dropped in the order given; codes upper-cased. */
export function cleanCriterion(values: readonly string[], upper: boolean): string[] {
  const seen = new Set<string>();
  for (const raw of values) {
    const value = upper ? raw.trim().toUpperCase() : raw.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

/** The first message for a criterion's values, or null when all pass. */
export function criterionProblem(criterion: RoutingCriterion, values: readonly string[]): string | null {
  if (values.length > MID_LIMITS.criterionValues) return MID_MESSAGES.tooManyValues;
  const failing = (test: (value: string) => boolean) => values.filter((value) => !test(value));
  switch (criterion) {
    case 'binCode':
      return failing((value) => BIN.test(value)).length ? MID_MESSAGES.binCode : null;
    case 'issuerCountry': {
      const notIso = failing((value) => ISO_COUNTRY.test(value));
      if (notIso.length) return MID_MESSAGES.notIso(notIso.map(shownItem));
      const unknown = failing(isKnownCountry);
      return unknown.length ? MID_MESSAGES.unknownCountries(unknown) : null;
    }
    case 'currency': {
      const wrong = failing((value) => ISO_CURRENCY.test(value));
      return wrong.length ? MID_MESSAGES.currency(wrong.map(shownItem)) : null;
    }
    case 'cardBrand': {
      const wrong = failing((value) => (CARD_BRANDS as readonly string[]).includes(value));
      return wrong.length ? `Unknown card brands: ${wrong.map(shownItem).join(', ')}` : null;
    }
    case 'url': {
      const wrong = failing((value) => isValidItem(value, 'URL'));
      return wrong.length ? MID_MESSAGES.invalidUrls(wrong) : null;
    }
    case 'customTag': {
      const wrong = failing((value) => isValidItem(value, 'TAG'));
      return wrong.length ? MID_MESSAGES.invalidTags(wrong.map(shownItem)) : null;
    }
  }
}

const UPPER: Readonly<Record<RoutingCriterion, boolean>> = {
  currency: true,
  issuerCountry: true,
  cardBrand: true,
  url: false,
  customTag: true,
  binCode: false,
};

/** One criterion list in a save: cleaned, then checked. Each item is bounded so a huge body is refused early. */
export const criterionField = (criterion: RoutingCriterion) =>
  z
    .array(z.string().max(LIST_LIMITS.url + 64))
    .max(MID_LIMITS.criterionValues * 2, MID_MESSAGES.tooManyValues)
    .default([])
    .transform((values) => cleanCriterion(values, UPPER[criterion]))
    .superRefine((values, context) => {
      const problem = criterionProblem(criterion, values);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

export const CRITERIA_KEYS = ROUTING_CRITERIA;

// Acquirer templates: the acquirer-specific fields of a MID (customConfig). Each acquirer's connector declares them
// (src/server/payments/acquirer-templates.ts); the form draws them and both sides validate with the schema below.

export const TEMPLATE_FIELD_TYPES = ['text', 'number', 'secret'] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

export const templateField = z.object({
  /** The key in customConfig. */
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** secret: a credential, stored encrypted and never shown again (the form offers to replace it). */
  type: z.enum(TEMPLATE_FIELD_TYPES),
  help: z.string().nullable(),
  maxLength: z.number().int().positive(),
});
export type TemplateField = z.infer<typeof templateField>;

export const acquirerTemplate = z.object({ acquirerId: z.string(), fields: z.array(templateField) });
export type AcquirerTemplate = z.infer<typeof acquirerTemplate>;

/**
 * customConfig as the template allows it. `storedSecrets` names the secret fields the MID already holds: on an edit
 * an empty secret keeps the stored value, so a required credential is satisfied without typing it again.
 */
export function customConfigSchema(fields: readonly TemplateField[], storedSecrets: readonly string[] = []) {
  const known = new Map(fields.map((field) => [field.name, field]));
  return z
    .record(z.string(), z.string().max(MID_LIMITS.configValue, maxCharacters(MID_LIMITS.configValue)))
    .superRefine((config, context) => {
      if (fields.length === 0) {
        context.addIssue({ code: 'custom', message: MID_MESSAGES.noTemplate });
        return;
      }
      for (const name of Object.keys(config)) {
        if (!known.has(name)) context.addIssue({ code: 'custom', path: [name], message: MID_MESSAGES.unknownField });
      }
      for (const field of fields) {
        const value = config[field.name] ?? '';
        const issue = (message: string) => context.addIssue({ code: 'custom', path: [field.name], message });
        if (value === '') {
          const kept = field.type === 'secret' && storedSecrets.includes(field.name);
          if (field.required && !kept) issue(MSG.required);
        } else if (value !== value.trim()) issue(MID_MESSAGES.whiteSpace);
        else if (value.length > field.maxLength) issue(maxCharacters(field.maxLength));
        else if (field.type === 'number' && !/^\d+$/.test(value)) issue(MID_MESSAGES.number);
      }
    });
}
