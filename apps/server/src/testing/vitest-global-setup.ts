import { prepareTestTemplates } from '../db/test-database';

/** Vitest's set-up before any test process starts (vitest.config.ts). */
export default async function setup(): Promise<void> {
  await prepareTestTemplates();
}
