import { criterionProblem } from '@domain/mids';
import { describe, expect, it } from 'vitest';

// The values a MID or a route may list per variable (spec 2, section 5: "BIN code", "Issuer country", "URL lists and
// custom tags"): one rule, which the MID form, the route wizard's step 1 and the server all apply.

describe('variable values', () => {
  it('takes a BIN of exactly 6 digits only', () => {
    expect(criterionProblem('binCode', ['411111', '522222'])).toBeNull();
    expect(criterionProblem('binCode', ['12345'])).toBe('It must be a 6 digits code');
    expect(criterionProblem('binCode', ['4111111'])).toBe('It must be a 6 digits code');
  });

  it('takes 2-letter issuer countries that exist, naming the ones that are not', () => {
    expect(criterionProblem('issuerCountry', ['ES', 'FR'])).toBeNull();
    expect(criterionProblem('issuerCountry', ['ES', 'ESP'])).toBe('Some variables are not in the ISO format: ESP');
    expect(criterionProblem('issuerCountry', ['XX', 'QQ', 'FR'])).toBe('The following codes do not exist: XX, QQ');
  });

  it('takes 3-letter currencies and the known card brands, as the server does', () => {
    expect(criterionProblem('currency', ['EUR'])).toBeNull();
    expect(criterionProblem('currency', ['EURO'])).toBe('Some currencies are not 3-letter ISO codes: EURO');
    expect(criterionProblem('cardBrand', ['VISA', 'MC'])).toBeNull();
    expect(criterionProblem('cardBrand', ['MASTERCARD'])).toBe('Unknown card brands: MASTERCARD');
  });

  it('takes web addresses and tags, naming a bad one cut at 20 characters', () => {
    expect(criterionProblem('url', ['shop.example/eu', 'https://pay.example.com/a'])).toBeNull();
    expect(criterionProblem('url', ['not an address at all, clearly'])).toBe(
      'URL/s not valid. Please check and reenter this URL/s: not an address at al…',
    );
    expect(criterionProblem('customTag', ['VIP', 'NONE'])).toBeNull();
  });
});
