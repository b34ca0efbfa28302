import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/http/app.ts';
import { runRefresh } from '../../src/ingest/refresh.ts';
import { createProviders, type Providers } from '../../src/providers/providers.ts';
import { publicationContent } from '../../src/publication-content.ts';
import { Publisher } from '../../src/publish/publisher.ts';
import { buildSite } from '../../src/site/site-bundle.ts';
import { openStore, type Store } from '../../src/store/store.ts';
import type { ReplayData } from './replay-data.ts';
import { type ReplayServer, startReplayServer } from './replay-server.ts';
import { syntheticReplayData } from './synthetic-data.ts';

export const TEST_NOW = new Date('2026-11-21T12:00:00Z');
export const BASE_URL = 'http://usd-liquidity.test';

export interface Harness {
  replay: ReplayServer;
  store: Store;
  /** Replaceable, e.g. with shorter timeouts for fault tests. */
  providers: Providers;
  publisher: Publisher;
  app: FastifyInstance;
  now: () => Date;
  refresh(only?: string[]): ReturnType<typeof runRefresh>;
  close(): Promise<void>;
}

/** Replay server + in-memory store + providers + publisher + app, wired as the service wires them. */
export async function createHarness(opts: { data?: ReplayData; now?: Date } = {}): Promise<Harness> {
  const replay = await startReplayServer(opts.data ?? syntheticReplayData());
  const store = await openStore('sqlite::memory:');
  const providers = createProviders(replay.providerConfig());
  const clock = opts.now ?? TEST_NOW;
  const now = () => clock;
  const publisher = new Publisher(store, {
    now,
    baseUrl: BASE_URL,
    content: publicationContent({ baseUrl: BASE_URL, partnerSitesJson: undefined }),
    site: buildSite,
  });
  const app = await buildApp({ config: { baseUrl: BASE_URL }, publication: () => publisher.current });
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
    },
  };
  return harness;
}
