import { rm } from 'node:fs/promises';

/** Removes the run's data folder when the config made it (a folder named by E2E_DATA_DIR is the caller's to keep). */
export default async function teardown(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && process.env.E2E_DATA_DIR_MADE === '1') await rm(dataDir, { recursive: true, force: true });
}
