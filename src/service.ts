import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { buildApp } from './http/app.ts';
import { loadSiteContent } from './http/site-content.ts';
import { Refresher } from './ingest/refresh.ts';
import { scheduleRefreshes } from './ingest/scheduler.ts';
import { createProviders } from './providers/providers.ts';
import { Publisher } from './publish/publisher.ts';
import { abortDanglingRuns, lastSuccessfulRunAt } from './store/runs.ts';
import { openStore, type Store } from './store/store.ts';

export interface Service {
  app: FastifyInstance;
  store: Store;
  publisher: Publisher;
  refresher: Refresher;
  startupRefresh: Promise<unknown> | undefined;
  close(): Promise<void>;
}

/**
 * The composition root: store → providers → refresher → publisher → HTTP app → scheduler. Serves what is
 * stored immediately; refreshes in the background when the data is older than the configured age.
 */
export async function startService(config: Config, opts: { listen?: boolean } = {}): Promise<Service> {
  const log = pino({ level: config.logLevel });
  const store = await openStore(config.databaseUrl);
  const aborted = await abortDanglingRuns(store.db, new Date().toISOString());
  if (aborted > 0) log.warn({ aborted }, 'marked refresh runs interrupted by a previous crash as aborted');

  const content = loadSiteContent({ baseUrl: config.baseUrl, partnerSitesJson: config.partnerSitesJson });
  const publisher = new Publisher(store, { log, baseUrl: config.baseUrl, content });
  await publisher.rebuild();
  const refresher = new Refresher(
    { store, providers: createProviders(config.providers), now: () => new Date() },
    async () => {
      await publisher.rebuild();
    },
  );
  const app = await buildApp({ config, publication: () => publisher.current, logger: log });
  if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });

  const schedule = scheduleRefreshes({
    refresher,
    cron: config.refreshCron,
    lastSuccessAt: await lastSuccessfulRunAt(store.db),
    maxAgeMs: config.refreshMaxAgeMs,
    now: new Date(),
    refreshOnStart: config.refreshOnStart,
    log,
  });

  return {
    app,
    store,
    publisher,
    refresher,
    startupRefresh: schedule.startup,
    async close() {
      schedule.stop();
      await app.close();
      await store.close();
    },
  };
}
