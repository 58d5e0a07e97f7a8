import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

// The accessibility checks of the end-to-end suite (WCAG 2.2 AA). Every screen of the console gets its scan in
// e2e/a11y.spec.ts, and every screen added later gets one there too (README, "Accessibility").

/** The WCAG levels the console meets: A and AA of 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Floating UI's focus guards: zero-size spans that pass the focus on the moment they get it, so a menu or switcher
 * opened in a portal keeps the page's Tab order. axe reports them as aria-hidden-focus; its maintainers and Floating
 * UI's agree this is a false positive (dequelabs/axe-core#4832, floating-ui/floating-ui#2758).
 */
const NEVER_HOLD_FOCUS = '[data-floating-ui-focus-guard]';

/**
 * Waits until the page's finite animations and transitions have ended, as a user sees the screen: a dialog scanned
 * while it fades in has a primary button at part opacity, which axe measured as too little contrast (a CI run on a
 * busy machine). Endless ones (a spinner) are not waited for.
 */
async function settledAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Scans the page as it is now (open dialogs and menus included) and fails, softly, on every serious or critical
 * violation, printing its id, help and the elements it found. Soft, so a journey through several screens reports
 * every screen's violations in one run instead of stopping at the first.
 */
export async function expectNoSeriousViolations(page: Page, screenName: string): Promise<void> {
  await settledAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude(NEVER_HOLD_FOCUS).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  const report = blocking.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
  );
  expect.soft(report, `serious or critical accessibility violations on ${screenName}`).toEqual([]);
}

/** What draws the focus on an element: a visible outline (not the transparent one kept for forced colours) or a shadow. */
async function ringOf(target: Locator): Promise<{ outline: string; boxShadow: string }> {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const invisible =
      style.outlineStyle === 'none' ||
      style.outlineWidth === '0px' ||
      style.outlineColor === 'transparent' ||
      style.outlineColor === 'rgba(0, 0, 0, 0)';
    return { outline: invisible ? 'none' : style.outline, boxShadow: style.boxShadow };
  });
}

/** The element that has the keyboard focus shows it: `:focus-visible` matches and a ring (outline or shadow) is drawn. */
export async function expectFocusVisible(page: Page, what: string): Promise<void> {
  const focused = page.locator(':focus');
  await expect(focused, `${what} has the keyboard focus`).toHaveCount(1);
  const state = await focused.evaluate((element) => ({
    focusVisible: element.matches(':focus-visible'),
    name: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
      element.getAttribute('aria-label') ? ` "${element.getAttribute('aria-label')}"` : ''
    } ${(element.textContent ?? '').trim().slice(0, 40)}`,
  }));
  expect.soft(state.focusVisible, `${what} (${state.name}) matches :focus-visible`).toBe(true);
  const ring = await ringOf(focused);
  const drawn = ring.outline !== 'none' || (ring.boxShadow !== 'none' && ring.boxShadow !== '');
  expect.soft(drawn, `${what} (${state.name}) shows a focus ring: ${JSON.stringify(ring)}`).toBe(true);
}

/**
 * Presses Tab `presses` times from where the focus is, checking at every stop that the focus is visible; it stops
 * early when the focus leaves the page (the browser's own controls) or comes back to where it started.
 */
export async function expectFocusVisibleWhileTabbing(page: Page, what: string, presses: number): Promise<number> {
  let stops = 0;
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab');
    const onPage = await page.evaluate(
      () => document.activeElement !== null && document.activeElement !== document.body,
    );
    if (!onPage) break;
    stops++;
    await expectFocusVisible(page, `${what}, Tab stop ${stops}`);
  }
  return stops;
}
