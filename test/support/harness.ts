import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRefresh } from '../../src/ingest/refresh/run.ts';
import { createProviders, type Providers } from '../../src/providers/providers.ts';
import { publicationContent } from '../../src/publication-content.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { buildSite } from '../../src/site/site-bundle.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import { FIXTURE_NOW } from './fixture.ts';
import type { ReplayData } from './replay-data.ts';
import { type ReplayServer, startReplayServer } from './replay-server.ts';
import { syntheticReplayData } from './synthetic-data.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

export const TEST_NOW = FIXTURE_NOW;
export const BASE_URL = 'http://usd-liquidity.test';

export interface Harness {
  replay: ReplayServer;
  store: Store;
  /** Replaceable, e.g. with shorter timeouts for fault tests. */
  providers: Providers;
  publisher: Publisher;
  app: TestApp;
  now: () => Date;
  refresh(only?: string[]): ReturnType<typeof runRefresh>;
  close(): Promise<void>;
}

/**
 * The harness after a full refresh of the generated fixtures: a copy of the store the suite's global setup
 * refreshed once (USDL_TEST_FIXTURE), published; or, when a file runs on its own, a refresh of its own.
 */
export async function createRefreshedHarness(): Promise<Harness> {
  const fixture = process.env.USDL_TEST_FIXTURE;
  if (!fixture || !existsSync(fixture)) {
    const harness = await createHarness();
    await harness.refresh();
    return harness;
  }
  const dir = mkdtempSync(join(tmpdir(), 'usdl-store-'));
  const path = join(dir, 'store.sqlite');
  copyFileSync(fixture, path);
  const harness = await createHarness({
    databaseUrl: `sqlite:${path}`,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
  await harness.publisher.rebuild();
  await harness.publisher.current?.ready;
  return harness;
}

/** Replay server + store (in memory unless given) + providers + publisher + app, wired as the service wires them. */
export async function createHarness(
  opts: { data?: ReplayData; now?: Date; databaseUrl?: string; cleanup?: () => void } = {},
): Promise<Harness> {
  const replay = await startReplayServer(opts.data ?? syntheticReplayData());
  const store = await openStore(opts.databaseUrl ?? 'sqlite::memory:');
  const providers = createProviders(replay.providerConfig());
  const clock = opts.now ?? TEST_NOW;
  const now = () => clock;
  const publisher = new Publisher(store, {
    now,
    baseUrl: BASE_URL,
    content: publicationContent({ baseUrl: BASE_URL, partnerSitesJson: undefined }),
    site: buildSite,
  });
  const app = buildTestApp({ config: { baseUrl: BASE_URL }, publication: () => publisher.current });
  const harness: Harness = {
    replay,
    store,
    providers,
    publisher,
    app,
    now,
    async refresh(only) {
      const summary = await runRefresh({ store, providers: harness.providers, now, ...(only ? { only } : {}) }, 'test');
      await publisher.rebuild();
      await publisher.current?.ready;
      return summary;
    },
    async close() {
      await app.close();
      await store.close();
      await replay.close();
      opts.cleanup?.();
    },
  };
  return harness;
}
