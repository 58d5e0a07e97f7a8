import { isValidItem, readItems, shownItem } from '@domain/lists';
import { describe, expect, it } from 'vitest';

// The typed-item rules of My Lists (spec 2, section 5), shared by the list screen and the server.

describe('readItems', () => {
  it('splits on semicolons and line breaks, trims, drops empty and repeated items, upper-cases tags', () => {
    expect(readItems(' a.example ;b.example;; a.example\nc.example ', 'URL')).toEqual({
      items: ['a.example', 'b.example', 'c.example'],
      invalid: [],
    });
    expect(readItems(['vip; Vip', 'trial'], 'TAG')).toEqual({ items: ['VIP', 'TRIAL'], invalid: [] });
  });

  it('keeps invalid items apart, as typed', () => {
    expect(readItems('good.example; not a url; http://localhost', 'URL')).toEqual({
      items: ['good.example'],
      invalid: ['not a url', 'http://localhost'],
    });
  });
});

describe('isValidItem', () => {
  it('accepts URLs with an optional http, https or ftp scheme, a dotted host and a path, up to 2,048 characters', () => {
    for (const url of ['shop.example', 'https://shop.example/eu?x=1', 'ftp://files.shop.example', 'münchen.de/kauf']) {
      expect(isValidItem(url, 'URL'), url).toBe(true);
    }
    for (const url of ['shop', 'mailto:a@b.example', 'https://-bad.example', `a.example/${'x'.repeat(2040)}`]) {
      expect(isValidItem(url, 'URL'), url).toBe(false);
    }
  });

  it('accepts tags of letters and digits of any script with a few separators, up to 50 characters', () => {
    expect(isValidItem('FRÜH KUNDE', 'TAG')).toBe(true);
    expect(isValidItem('BLACK-FRIDAY_2026', 'TAG')).toBe(true);
    expect(isValidItem('🔥 HOT', 'TAG')).toBe(false);
    expect(isValidItem('X'.repeat(51), 'TAG')).toBe(false);
  });
});

describe('shownItem', () => {
  it('cuts at 20 characters with an ellipsis, counting characters, not code units', () => {
    expect(shownItem('https://shop.example/a/long/path')).toBe('https://shop.example…');
    expect(shownItem('short.example')).toBe('short.example');
    expect(shownItem('💳'.repeat(21))).toBe(`${'💳'.repeat(20)}…`);
  });
});
