import type { EventProperties } from './analytics-client';

// The user_properties of every analytics event (spec 1, section 7): the browser and the screen resolution. Tokens are
// never read here; the server would drop them anyway.

const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//],
];

/** 'Chrome 126', 'Firefox 127', 'Safari 17'; 'Other' for anything else. Order matters: Edge also says Chrome. */
export function browserOf(userAgent: string): string {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) return `${name} ${match[1]}`;
  }
  return 'Other';
}

export function browserUserProperties(): EventProperties {
  const properties: EventProperties = {
    browser: typeof navigator === 'undefined' ? 'Other' : browserOf(navigator.userAgent),
  };
  if (typeof screen !== 'undefined') properties.screen_resolution = `${screen.width}x${screen.height}`;
  return properties;
}
