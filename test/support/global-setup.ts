import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFixtureStore } from './fixture.ts';

/**
 * Runs once before the whole suite (node --test --test-global-setup): refreshes the generated fixtures through the
 * replay server into one SQLite file, which every HTTP test copies instead of running a refresh of its own.
 */
let dir: string | undefined;

export async function globalSetup() {
  dir = mkdtempSync(join(tmpdir(), 'usdl-fixture-'));
  const path = join(dir, 'refreshed.sqlite');
  await buildFixtureStore(path);
  process.env.USDL_TEST_FIXTURE = path;
}

export async function globalTeardown() {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
