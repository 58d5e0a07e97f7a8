import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

// The suite runs on several workers, each against a server and database of its own (playwright.config.ts starts one
// per worker): a journey's exact lists and counts are never changed under it by another worker's journey.
// parallelIndex is unique among the workers running at a time, so two never share a server.
const bases = (process.env.E2E_BASE_URLS ?? '').split(',').filter(Boolean);

export const test = base.extend({
  baseURL: async ({ baseURL }, use, testInfo) => use(bases[testInfo.parallelIndex % bases.length] ?? baseURL),
});
