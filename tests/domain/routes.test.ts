import { badConfigOf, midAcceptsRoute } from '@domain/routes';
import { describe, expect, it } from 'vitest';

// Whether a MID takes every order a route lets through (spec 2, sections 4 and 8: the bad-config messages).

describe('a MID and the variables of a route', () => {
  it('accepts a route when the MID restricts nothing, or the route restricts within what the MID takes', () => {
    expect(midAcceptsRoute({}, { currency: ['EUR'] })).toBe(true);
    expect(midAcceptsRoute({ currency: ['EUR', 'USD'] }, { currency: ['EUR'] })).toBe(true);
    expect(midAcceptsRoute({ url: ['shop.example/eu'] }, { url: ['https://shop.example/eu/checkout'] })).toBe(true);
    expect(midAcceptsRoute({ customTag: ['VIP', 'NONE'] }, { customTag: ['NONE'] })).toBe(true);
  });

  it('refuses a route that lets through values the MID does not take, or any value where the MID restricts', () => {
    expect(midAcceptsRoute({ currency: ['EUR'] }, {})).toBe(false);
    expect(midAcceptsRoute({ currency: ['EUR'] }, { currency: ['EUR', 'GBP'] })).toBe(false);
    expect(midAcceptsRoute({ url: ['shop.example/eu'] }, { url: ['shop.example/us'] })).toBe(false);
    expect(midAcceptsRoute({ customTag: ['VIP'] }, { customTag: ['NONE'] })).toBe(false);
    expect(midAcceptsRoute({ binCode: ['411111'] }, { binCode: ['411111', '522222'] })).toBe(false);
  });

  it('names the MID, the fallback or both', () => {
    const route = { currency: ['GBP'] };
    expect(badConfigOf(route, { currency: ['GBP'] }, { currency: ['GBP'] })).toBeNull();
    expect(badConfigOf(route, { currency: ['EUR'] }, null)).toBe('mid-bad-config');
    expect(badConfigOf(route, {}, { currency: ['EUR'] })).toBe('fallback-bad-config');
    expect(badConfigOf(route, { currency: ['EUR'] }, { issuerCountry: ['ES'] })).toBe('mids-bad-config');
  });
});
