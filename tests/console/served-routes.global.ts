import type { TestProject } from 'vitest/node';
import { buildTestApp } from '../server/helpers/test-app';
import { NOT_YET_SERVED, type ServedRoute, servedRoutesOf } from '../support/served-routes';

// Starts the real server once (in memory, no console build) before the console tests and hands its OpenAPI routes to
// them: app-harness.tsx refuses any stubbed call that is not one of these.

declare module 'vitest' {
  export interface ProvidedContext {
    servedRoutes: ServedRoute[];
  }
}

export default async function setup(project: TestProject) {
  const previous = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL; // the in-memory database is enough to read the route table
  const t = await buildTestApp();
  try {
    const document = (t.app as unknown as { swagger(): Parameters<typeof servedRoutesOf>[0] }).swagger();
    const served = servedRoutesOf(document);
    const nowServed = NOT_YET_SERVED.filter((gap) =>
      served.some((route) => route.method === gap.method && route.path === gap.path),
    );
    if (nowServed.length > 0) {
      throw new Error(
        `The server now serves ${nowServed.map((r) => `${r.method} ${r.path}`).join(', ')}: remove it from NOT_YET_SERVED`,
      );
    }
    project.provide('servedRoutes', served);
  } finally {
    await t.close();
    if (previous !== undefined) process.env.TEST_DATABASE_URL = previous;
  }
}
