import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { takeUnservedCalls } from './served-check';

// How long findBy and waitFor wait for what the user would see: testing-library's default is 1 s. With the screens
// preloaded (app-harness.tsx), a wait covers rendering and the stubbed calls only, yet on a saturated 2-core machine
// the slowest waits of the suite still took up to ~6 s (README, "Tests on a busy machine"). A wait ends as soon as
// its condition holds, so the limit costs nothing when the console works; it only bounds how long a broken test
// takes to fail. The same 10 s as the end-to-end suite's expect timeout.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs the console relies on: cmdk measures with ResizeObserver and scrolls the active
// item into view; floating-ui and media-query hooks read matchMedia.

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in globalThis)) {
  (globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
}

if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  expect(
    takeUnservedCalls(),
    'calls this test stubbed that the server does not serve, or with query names it refuses (served-check.ts)',
  ).toEqual([]);
  window.localStorage?.clear();
  // Lists remember their address and position per tab (table/list-memory.ts); each test starts in a fresh tab.
  window.sessionStorage?.clear();
});
