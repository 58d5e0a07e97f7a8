import {
  alertMode,
  copyToAll,
  draftLimits,
  draftSchema,
  fieldName,
  globalSaveBody,
  globalTree,
  isDirty,
  limitTextError,
  midSaveBody,
  midTree,
  midWithAlert,
  nodesOf,
  parseAlertPercent,
  parseLimitText,
  savedTexts,
} from '@console/areas/counters/limits/limits-draft';
import { globalLimitSave, midLimitSave } from '@domain/contract/limits';
import { describe, expect, it } from 'vitest';
import { globalFixture, LIMIT_IDS, midFixture } from './limits-fixtures';

// The Limits & Alerts draft (spec 3, sections 2.7, 4 and 5): what an input's text means, when a box has changes,
// 'Copy to all', and what a save sends.

const visaOf = (root = midTree(midFixture())) => root.children.find((brand) => brand.key === 'VISA')!;
const field = (key: string, kind: 'total' | 'daily') => fieldName({ key }, kind);

describe('limit inputs', () => {
  it('reads an empty input as no limit and text that is no number as invalid', () => {
    expect(parseLimitText('')).toBeNull();
    expect(parseLimitText('   ')).toBeNull();
    expect(parseLimitText(' 250 ')).toBe(250);
    expect(parseLimitText('abc')).toBeNaN();
    expect(parseLimitText('1,000')).toBeNaN();
  });

  it('gives the spec and domain messages for 0, negative, fractional, 20-digit and non-numeric limits', () => {
    expect(limitTextError('')).toBeUndefined();
    expect(limitTextError('120')).toBeUndefined();
    expect(limitTextError('0')).toBe('0 is not valid value');
    expect(limitTextError('00')).toBe('0 is not valid value');
    expect(limitTextError('-5')).toBe('The minimum number is 1');
    expect(limitTextError('1.5')).toBe('Enter a whole number');
    expect(limitTextError('12345678901234567890')).toBe('The maximum number is 999999999');
    expect(limitTextError('ten')).toBe('Enter a whole number');
  });

  it('validates a whole box, field by field, into limits and nulls', () => {
    const root = midTree(midFixture());
    const schema = draftSchema(root);
    const texts = { ...savedTexts(root), [field('MC', 'daily')]: '35' };
    expect(schema.parse(texts)).toMatchObject({ [field('mid', 'total')]: 9000, [field('MC', 'daily')]: 35 });
    expect(schema.parse(texts)[field('MC', 'total')]).toBeNull();

    const invalid = schema.safeParse({ ...texts, [field('VISA/LUMEN*TRAVEL', 'total')]: '0' });
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field('VISA/LUMEN*TRAVEL', 'total'), '0 is not valid value'],
    ]);
  });

  it('derives the missing limit of a row on a 30-day month, ignoring invalid text', () => {
    const visa = visaOf();
    const texts = savedTexts(midTree(midFixture()));
    expect(draftLimits(texts, visa)).toEqual({ total: 6000, daily: 200 });
    expect(draftLimits({ ...texts, [field('VISA', 'daily')]: '', [field('VISA', 'total')]: '1000' }, visa)).toEqual({
      total: 1000,
      daily: 34,
    });
    expect(draftLimits({ ...texts, [field('VISA', 'daily')]: '-3' }, visa)).toEqual({ total: null, daily: null });
  });
});

describe('the saved tree', () => {
  it('lists the MID, then Visa with its descriptors, Mastercard and Others without, whatever order the server used', () => {
    const fixture = midFixture();
    const others = { ...fixture.cardBrands[1]!, name: 'OTHERS' as const };
    const root = midTree({ ...fixture, cardBrands: [others, ...fixture.cardBrands].reverse() });
    expect(nodesOf(root).map((node) => [node.key, node.level, node.phrase])).toEqual([
      ['mid', 'MID', 'MID Lumen EU (4410001)'],
      ['VISA', 'CARD_BRAND', 'Visa of MID Lumen EU (4410001)'],
      ['VISA/LUMEN*SHOP', 'DESCRIPTOR', 'descriptor LUMEN*SHOP, Visa of MID Lumen EU (4410001)'],
      ['VISA/LUMEN*TRAVEL', 'DESCRIPTOR', 'descriptor LUMEN*TRAVEL, Visa of MID Lumen EU (4410001)'],
      ['VISA/LUMEN*HOTELS', 'DESCRIPTOR', 'descriptor LUMEN*HOTELS, Visa of MID Lumen EU (4410001)'],
      ['MC', 'CARD_BRAND', 'Mastercard of MID Lumen EU (4410001)'],
      ['OTHERS', 'CARD_BRAND', 'Others of MID Lumen EU (4410001)'],
    ]);
  });

  it('keeps a descriptor named like a field path apart from its neighbours', () => {
    const fixture = midFixture();
    const [visa, mc] = fixture.cardBrands;
    const odd = { name: 'A:total.B', limitId: null, total: null, daily: null, alert: null };
    const plain = { name: 'A', limitId: null, total: null, daily: null, alert: null };
    const root = midTree({ ...fixture, cardBrands: [{ ...visa!, descriptors: [plain, odd] }, mc!] });
    const names = Object.keys(savedTexts(root));
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name.startsWith(`${field('VISA/A', 'total')}.`))).toEqual([]);
  });

  it('shows a saved limit as its number and none as an empty input', () => {
    const texts = savedTexts(midTree(midFixture()));
    expect(texts[field('mid', 'total')]).toBe('9000');
    expect(texts[field('mid', 'daily')]).toBe('');
    expect(texts[field('VISA/LUMEN*SHOP', 'daily')]).toBe('40');
  });

  it('offers an alert on any limit with a value shown: saved on its own when saved, with the limit otherwise', () => {
    const root = midTree(midFixture());
    const byKey = Object.fromEntries(nodesOf(root).map((node) => [node.key, node]));
    const none = { total: null, daily: null };
    expect(alertMode(byKey.mid!, byKey.mid!.saved)).toBe('saved');
    expect(alertMode(byKey.VISA!, { total: null, daily: 200 })).toBe('saved');
    // Mastercard has no saved value: typed, its alert goes with the limit; empty, it has none.
    expect(alertMode(byKey.MC!, { total: null, daily: 35 })).toBe('draft');
    expect(alertMode(byKey.MC!, none)).toBe('none');
    // A saved limit whose values are being cleared: no alert (the save removes it).
    expect(alertMode(byKey.mid!, none)).toBe('none');
    expect(alertMode(globalTree(globalFixture({ limitId: null, total: null })), { total: 10, daily: null })).toBe(
      'draft',
    );
  });

  it('puts an alert the server answered on the one limit it belongs to', () => {
    const patched = midWithAlert(midFixture(), LIMIT_IDS.shop, { percentage: 0.8 });
    const [visa] = patched.cardBrands;
    expect(visa!.descriptors[0]!.alert).toEqual({ percentage: 0.8 });
    expect(visa!.alert).toEqual({ percentage: 0.5 });
    expect(patched.alert).toBeNull();
    expect(midWithAlert(patched, LIMIT_IDS.visa, null).cardBrands[0]!.alert).toBeNull();
  });
});

describe('changes', () => {
  const root = midTree(midFixture());
  const saved = savedTexts(root);

  it('has none while every input means what was saved', () => {
    expect(isDirty(saved, saved)).toBe(false);
    expect(isDirty(saved, { ...saved, [field('mid', 'total')]: ' 09000 ' })).toBe(false);
    expect(isDirty(saved, { ...saved, [field('mid', 'daily')]: '  ' })).toBe(false);
  });

  it('has some when a value is typed, changed or cleared, or the text is no number', () => {
    expect(isDirty(saved, { ...saved, [field('MC', 'total')]: '500' })).toBe(true);
    expect(isDirty(saved, { ...saved, [field('mid', 'total')]: '9001' })).toBe(true);
    expect(isDirty(saved, { ...saved, [field('VISA/LUMEN*SHOP', 'total')]: '' })).toBe(true);
    expect(isDirty(saved, { ...saved, [field('mid', 'daily')]: 'x' })).toBe(true);
  });

  it('copies the first descriptor to every descriptor of the brand, and nothing else', () => {
    const edited = { ...saved, [field('VISA/LUMEN*SHOP', 'daily')]: '55' };
    const copied = copyToAll(edited, visaOf(root));
    for (const name of ['LUMEN*TRAVEL', 'LUMEN*HOTELS']) {
      expect(copied[field(`VISA/${name}`, 'total')]).toBe('1000');
      expect(copied[field(`VISA/${name}`, 'daily')]).toBe('55');
    }
    expect(copied[field('VISA', 'daily')]).toBe('200');
    expect(copied[field('MC', 'total')]).toBe('');
    const mc = root.children.find((brand) => brand.key === 'MC')!;
    expect(copyToAll(edited, mc)).toBe(edited);
  });
});

describe('what a save sends', () => {
  it('sends the global limit with the version it was read at', () => {
    const root = globalTree(globalFixture());
    const values = draftSchema(root).parse({ ...savedTexts(root), [field('global', 'daily')]: '900' });
    const body = globalSaveBody(root, values, 3);
    expect(body).toEqual({ total: 30000, daily: 900, version: 3 });
    expect(globalLimitSave.parse(body)).toEqual(body);
  });

  it('sends the MID tree: every brand, and the descriptors that have or had a limit', () => {
    const root = midTree(midFixture());
    const values = draftSchema(root).parse({
      ...savedTexts(root),
      [field('mid', 'total')]: '',
      [field('VISA/LUMEN*SHOP', 'total')]: '',
      [field('VISA/LUMEN*SHOP', 'daily')]: '',
      [field('VISA/LUMEN*HOTELS', 'daily')]: '15',
    });
    const body = midSaveBody(root, values, 7);
    expect(body).toEqual({
      total: null,
      daily: null,
      version: 7,
      cardBrands: [
        {
          name: 'VISA',
          total: null,
          daily: 200,
          descriptors: [
            // Cleared: sent as nulls, so the saved limit goes (the server keeps descriptors it is not told about).
            { name: 'LUMEN*SHOP', total: null, daily: null },
            { name: 'LUMEN*HOTELS', total: null, daily: 15 },
          ],
        },
        { name: 'MC', total: null, daily: null, descriptors: [] },
      ],
    });
    expect(midLimitSave.parse(body)).toEqual(body);
  });

  it('sends the draft alerts with the limits they belong to, and none whose limit was emptied', () => {
    const root = midTree(midFixture());
    const values = draftSchema(root).parse({
      ...savedTexts(root),
      [field('MC', 'daily')]: '35',
      [field('VISA/LUMEN*HOTELS', 'daily')]: '',
    });
    const alerts = new Map([
      ['MC', 80],
      ['VISA/LUMEN*HOTELS', 50],
    ]);
    const body = midSaveBody(root, values, 7, alerts);
    expect(body.cardBrands[1]).toEqual({
      name: 'MC',
      total: null,
      daily: 35,
      alert: { percentage: 0.8 },
      descriptors: [],
    });
    expect(body.cardBrands[0]!.descriptors.map((descriptor) => descriptor.name)).toEqual(['LUMEN*SHOP']);
    expect(midLimitSave.parse(body)).toEqual(body);
    const global = globalTree(globalFixture({ limitId: null, total: null }));
    const globalValues = draftSchema(global).parse({ [field('global', 'total')]: '', [field('global', 'daily')]: '7' });
    expect(globalSaveBody(global, globalValues, 0, new Map([['global', 25]]))).toEqual({
      total: null,
      daily: 7,
      alert: { percentage: 0.25 },
      version: 0,
    });
  });
});

describe('the alert percentage', () => {
  it('is a whole percent from 1, as the modal says', () => {
    expect(parseAlertPercent('')).toEqual({ error: 'Required field' });
    expect(parseAlertPercent('0')).toEqual({ error: 'The minimum number is 1' });
    expect(parseAlertPercent('10000')).toEqual({ error: 'The maximum number is 1000' });
    expect(parseAlertPercent('50')).toEqual({ percent: 50 });
    expect(parseAlertPercent('150')).toEqual({ percent: 150 });
  });
});
