import type { GlobalLimit, GlobalLimitSave, LimitAlert, MidLimit, MidLimitSave } from '@domain/contract/limits';
import {
  alertPercentInput,
  effectiveLimits,
  fractionToPercent,
  hasLimit,
  LIMIT_CARD_BRAND_LABELS,
  LIMIT_CARD_BRANDS,
  LIMIT_VALUE_FIELDS,
  type LimitCardBrand,
  type LimitLevel,
  type LimitPair,
  limitValue,
  percentToFraction,
} from '@domain/limits';
import { z } from 'zod';

// The Limits & Alerts tab's model (spec 3, sections 2.7, 3 "Limits", 4 "Limits editing" and 5): the saved limits as a
// tree of nodes, the draft as the text of every input, and what a save sends. Pure, so the rules are tested without
// rendering. A box (the global limit, or one MID with its card brands and descriptors) is saved as a whole, so a
// draft is kept per box and compared with the saved values to decide whether Save and Cancel show.

export type LimitKind = (typeof LIMIT_VALUE_FIELDS)[number];
export const LIMIT_KINDS: readonly LimitKind[] = LIMIT_VALUE_FIELDS;
export const LIMIT_KIND_LABELS: Record<LimitKind, string> = { total: 'Monthly (total)', daily: 'Daily' };

/** One saved limit: the global limit, a MID, a card brand of a MID or a descriptor of a brand. */
export interface LimitTreeNode {
  /** Unique within its box and stable across reloads: 'global', 'mid', 'VISA', 'VISA/SHOP*EU' (a descriptor). */
  key: string;
  level: LimitLevel;
  limitId: string | null;
  saved: LimitPair;
  alert: LimitAlert | null;
  /** What the row shows: 'Global limit', the MID's description, 'Visa', the descriptor. */
  name: string;
  /** The node in a sentence, for accessible names: 'Visa of MID Acme EU (4410)'. */
  phrase: string;
  /** Visa's descriptors can be limited; Mastercard's and the other brands' cannot (spec 3, section 2.7). */
  children: LimitTreeNode[];
}

/** A box's draft: the text of each input, by field name. */
export type LimitTexts = Record<string, string>;
/** A box's draft once valid: each field's limit, null for none. */
export type LimitValues = Record<string, number | null>;

export const fieldName = (node: Pick<LimitTreeNode, 'key'>, kind: LimitKind) => `${node.key}:${kind}`;

export const limitText = (value: number | null) => (value === null ? '' : String(value));

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * An input's text as a limit: empty is null (spec 3, section 5). Text that is not a number becomes NaN, which
 * limitValue refuses with its own message, as it refuses 0, negatives, fractions and numbers too large.
 */
export function parseLimitText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const limitInput = z.string().transform(parseLimitText).pipe(limitValue);

/** The first message for one input's text, or undefined when it is a valid limit (or empty). */
export function limitTextError(text: string): string | undefined {
  const parsed = limitInput.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

function node(
  key: string,
  level: LimitLevel,
  saved: { limitId: string | null; total: number | null; daily: number | null; alert: LimitAlert | null },
  name: string,
  phrase: string,
  children: LimitTreeNode[] = [],
): LimitTreeNode {
  return {
    key,
    level,
    limitId: saved.limitId,
    saved: { total: saved.total, daily: saved.daily },
    alert: saved.alert,
    name,
    phrase,
    children,
  };
}

export const GLOBAL_LIMIT_NAME = 'Global limit';

export function globalTree(limit: GlobalLimit): LimitTreeNode {
  return node('global', 'GLOBAL', limit, GLOBAL_LIMIT_NAME, 'the global limit');
}

export const midName = (mid: Pick<MidLimit, 'description' | 'midAcquirerId'>) =>
  `${mid.description} (${mid.midAcquirerId})`;

/**
 * A descriptor's key: its name, with ':' encoded (as every character a URI component encodes), so the only ':' of a
 * field name separates the key from 'total' or 'daily' and no field name is another's path prefix.
 */
const descriptorKey = (brand: LimitCardBrand, descriptor: string) => `${brand}/${encodeURIComponent(descriptor)}`;

/**
 * A MID's tree: the MID, then the card brand groups the server lists (Visa, Mastercard, Others, in that order), then
 * the descriptors of a group that takes descriptor limits.
 */
export function midTree(mid: MidLimit): LimitTreeNode {
  const midPhrase = `MID ${midName(mid)}`;
  const brands = LIMIT_CARD_BRANDS.flatMap(({ name, descriptorsConfigurable }) => {
    const brand = mid.cardBrands.find((candidate) => candidate.name === name);
    if (!brand) return [];
    const label = LIMIT_CARD_BRAND_LABELS[name];
    const brandPhrase = `${label} of ${midPhrase}`;
    const descriptors =
      descriptorsConfigurable && brand.descriptorsConfigurable
        ? brand.descriptors.map((descriptor) =>
            node(
              descriptorKey(name, descriptor.name),
              'DESCRIPTOR',
              descriptor,
              descriptor.name,
              `descriptor ${descriptor.name}, ${brandPhrase}`,
            ),
          )
        : [];
    return [node(name, 'CARD_BRAND', brand, label, brandPhrase, descriptors)];
  });
  return node('mid', 'MID', mid, midName(mid), midPhrase, brands);
}

/** Every node of a tree, parents before their children. */
export function nodesOf(root: LimitTreeNode): LimitTreeNode[] {
  return [root, ...root.children.flatMap(nodesOf)];
}

/** The inputs of a tree as saved: the draft a box starts with, and what Cancel restores. */
export function savedTexts(root: LimitTreeNode): LimitTexts {
  const texts: LimitTexts = {};
  for (const item of nodesOf(root)) {
    for (const kind of LIMIT_KINDS) texts[fieldName(item, kind)] = limitText(item.saved[kind]);
  }
  return texts;
}

/** The schema a box validates its draft with: every input a limit or empty. */
export function draftSchema(root: LimitTreeNode): z.ZodType<LimitValues, LimitTexts> {
  return z.object(Object.fromEntries(Object.keys(savedTexts(root)).map((name) => [name, limitInput])));
}

/**
 * What a draft means, for comparing it with the saved values: '100', ' 100' and '0100' are the same limit, and an
 * empty input is null. Text that is no number stays a change (NaN differs from every saved value).
 */
export function comparableTexts(texts: LimitTexts): Record<string, number | null> {
  return Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, parseLimitText(text)]));
}

/** Whether the draft differs from the saved values: then, and only then, Save and Cancel show. */
export function isDirty(saved: LimitTexts, draft: LimitTexts): boolean {
  const before = comparableTexts(saved);
  const after = comparableTexts(draft);
  return Object.keys(before).some((name) => !Object.is(before[name], after[name] ?? null));
}

/** 'Copy to all': the first descriptor's Monthly and Daily, copied to every descriptor of the brand. */
export function copyToAll(texts: LimitTexts, brand: LimitTreeNode): LimitTexts {
  const [first, ...rest] = brand.children;
  if (!first) return texts;
  const copied = { ...texts };
  for (const descriptor of rest) {
    for (const kind of LIMIT_KINDS) copied[fieldName(descriptor, kind)] = texts[fieldName(first, kind)] ?? '';
  }
  return copied;
}

/** The limits a row's draft puts in force, the missing one derived on a 30-day month; invalid text counts as none. */
export function draftLimits(texts: LimitTexts, item: LimitTreeNode): LimitPair {
  const valid = (kind: LimitKind) => {
    const text = texts[fieldName(item, kind)] ?? '';
    return limitTextError(text) === undefined ? parseLimitText(text) : null;
  };
  return effectiveLimits({ total: valid('total'), daily: valid('daily') });
}

/**
 * Alerts of limits not saved yet, set in the alert modal and sent with the limits: a whole percent by node key. An
 * alert needs a limit, so one whose limit was emptied again is not sent.
 */
export type DraftAlerts = ReadonlyMap<string, number>;

const pairOf = (values: LimitValues, item: LimitTreeNode): LimitPair => ({
  total: values[fieldName(item, 'total')] ?? null,
  daily: values[fieldName(item, 'daily')] ?? null,
});

/** A node of a save: its limits, and its draft alert when it has one and a limit to carry it. */
function nodeSave(values: LimitValues, item: LimitTreeNode, alerts: DraftAlerts) {
  const pair = pairOf(values, item);
  const percent = alerts.get(item.key);
  return percent !== undefined && hasLimit(pair)
    ? { ...pair, alert: { percentage: percentToFraction(percent) } }
    : pair;
}

/** PUT /merchant/{merchantId}/psp/{pspId}/limit: the global limit, based on the version read. */
export function globalSaveBody(
  root: LimitTreeNode,
  values: LimitValues,
  version: number,
  alerts: DraftAlerts = new Map(),
): GlobalLimitSave {
  return { ...nodeSave(values, root, alerts), version };
}

/**
 * PUT /merchant/{merchantId}/psp/{pspId}/mid/{midId}/limit: the MID's whole tree, based on the version read. A
 * descriptor is sent when it has a limit now or had one saved (so clearing it removes it); the others, listed because
 * the MID sold under them, stay unlimited without being named.
 */
export function midSaveBody(
  root: LimitTreeNode,
  values: LimitValues,
  version: number,
  alerts: DraftAlerts = new Map(),
): MidLimitSave {
  return {
    ...nodeSave(values, root, alerts),
    version,
    cardBrands: root.children.map((brand) => ({
      name: brand.key as LimitCardBrand,
      ...nodeSave(values, brand, alerts),
      descriptors: brand.children
        .filter((descriptor) => descriptor.limitId !== null || hasLimit(pairOf(values, descriptor)))
        .map((descriptor) => ({ name: descriptor.name, ...nodeSave(values, descriptor, alerts) })),
    })),
  };
}

/**
 * How the bell of a limit works (spec 3, section 2.7: it is disabled only when both values are empty): a limit with a
 * saved value has its alert saved on its own ('saved'); a limit typed but not saved yet takes its alert into the draft,
 * saved with the limit ('draft'); a limit with neither value shown has none ('none').
 */
export type AlertMode = 'saved' | 'draft' | 'none';
export function alertMode(item: LimitTreeNode, shown: LimitPair): AlertMode {
  if (!hasLimit(shown)) return 'none';
  return item.limitId !== null && hasLimit(item.saved) ? 'saved' : 'draft';
}

/** The alert as a whole percent, or null when none is set. */
export const alertPercent = (alert: LimitAlert | null) => (alert === null ? null : fractionToPercent(alert.percentage));

/** The modal's percentage: a whole percent from 1 ('Required field', 'The minimum number is 1'). */
export function parseAlertPercent(text: string): { percent: number } | { error: string } {
  const trimmed = text.trim();
  const parsed = alertPercentInput.safeParse(trimmed === '' ? undefined : Number(trimmed));
  return parsed.success ? { percent: parsed.data } : { error: parsed.error.issues[0]?.message ?? '' };
}

type WithAlert = { limitId: string | null; alert: LimitAlert | null };
const patched = <T extends WithAlert>(item: T, limitId: string, alert: LimitAlert | null): T =>
  item.limitId === limitId ? { ...item, alert } : item;

/** A MID's saved tree with one limit's alert as the alert call answered it. */
export function midWithAlert(mid: MidLimit, limitId: string, alert: LimitAlert | null): MidLimit {
  return {
    ...patched(mid, limitId, alert),
    cardBrands: mid.cardBrands.map((brand) => ({
      ...patched(brand, limitId, alert),
      descriptors: brand.descriptors.map((descriptor) => patched(descriptor, limitId, alert)),
    })),
  };
}

/** The global limit with its alert as the alert call answered it. */
export const globalWithAlert = (limit: GlobalLimit, limitId: string, alert: LimitAlert | null): GlobalLimit =>
  patched(limit, limitId, alert);
