import { extname } from 'node:path';
import pino, { type Logger } from 'pino';
import type { BootstrapModel } from './bootstrap-model.ts';
import type { Config } from './config.ts';
import { firstStart } from './first-start.ts';
import { type App, buildApp } from './http/app.ts';
import { type RefreshProcess, refreshInOwnProcess, stopRefreshChildren } from './ingest/refresh/own-process.ts';
import { Refresher } from './ingest/refresh/queue.ts';
import { type RefreshDeps, refreshHere } from './ingest/refresh/run.ts';
import { refreshIntervalHours, scheduleRefreshes } from './ingest/scheduler.ts';
import type { RefreshProcessTask } from './processes/refresh.ts';
import { createProviders } from './providers/providers.ts';
import { publicationContent } from './publication-content.ts';
import { announcePublication } from './publish/after-refresh.ts';
import { closeWorkerPool } from './publish/on-demand/worker-pool.ts';
import { pollPublications } from './publish/publication/poll.ts';
import { Publisher } from './publish/publisher.ts';
import { refreshProgressWatch } from './refresh-progress.ts';
import { closeChartRenderer } from './site/charts/renderer.ts';
import { buildSite } from './site/site-bundle.ts';
import { type Coordination, createCoordination } from './store/coordination.ts';
import { abortDanglingRuns, lastSuccessfulRunAt } from './store/runs.ts';
import { openStore, type Store } from './store/store.ts';

export interface Service {
  app: App;
  store: Store;
  publisher: Publisher;
  refresher: Refresher;
  coordination: Coordination;
  /**
   * Resolves when the start has ended, after the server listens: a first start's snapshot stored, leadership
   * settled, and the refresh on start begun if one is due (its promise). close() cuts it short.
   */
  started: Promise<{ startupRefresh: Promise<unknown> | undefined }>;
  close(): Promise<void>;
}

/**
 * The composition root: store → providers → refresher → publisher → HTTP app, plus coordination. Serves what is
 * stored immediately. The leader (always, on SQLite; the advisory-lock holder, on PostgreSQL) refreshes when the
 * data is older than the configured age and then on schedule, records each publication and notifies; every
 * process rebuilds the newest publication as of its recorded instant, so replicas answer byte for byte alike.
 */
export async function startService(
  config: Config,
  opts: {
    listen?: boolean;
    /** The bootstrap snapshot's model, begun before this module was loaded (bootstrap-model.ts). */
    bootstrapModel?: BootstrapModel | undefined;
  } = {},
): Promise<Service> {
  const wired = await wireService(config);
  const { log, store, now, publisher, coordination, sync, refresher, app } = wired;
  // Before listening: a first start answers its first request from the snapshot, not with 503.
  const storeBootstrap = await firstStart({ ...wired, config, early: opts.bootstrapModel });
  await sync();
  void coordination.onPublished(() => void sync());
  const stopPolling = pollPublications({
    everyMs: config.publicationPollMs,
    refreshing: () => refresher.running,
    sync,
    maintain: () => coordination.maintain(),
  });

  if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });

  const leadership = leadershipOf(config, { store, coordination, refresher, log, now });

  // The rest of the start goes on while the server answers; a stop cuts it short instead of waiting for it (a
  // first start's snapshot took ~2 s to store on an idle machine, over 10 on a busy one, before a stop could begin).
  const stopping = new AbortController();
  let leaderTimer: NodeJS.Timeout | undefined;
  const started = (async () => {
    // Before the refresh on start, which must find the snapshot stored.
    await storeBootstrap?.(stopping.signal);
    if (stopping.signal.aborted) return { startupRefresh: undefined };
    await leadership.lead();
    leaderTimer = setInterval(() => void leadership.lead(), config.leaderCheckMs);
    return { startupRefresh: leadership.startup() };
  })();

  return {
    app,
    store,
    publisher,
    refresher,
    coordination,
    started,
    close: async () => {
      stopping.abort();
      await started.catch((error: unknown) => log.warn({ err: error }, 'the start ended with an error'));
      stopPolling();
      clearInterval(leaderTimer);
      // In order: leadership given up, in-flight requests finished, a running refresh let complete (up to 30 s)
      // before the store is closed, then the worker threads and refresh processes.
      leadership.stop();
      await app.close();
      await refresher.idle(30_000);
      await coordination.close();
      await store.close();
      await closeWorkerPool();
      stopRefreshChildren();
      await closeChartRenderer();
    },
  };
}

/** The service's parts, wired in the flow's order: the store, the publisher, coordination, the refresher, the app. */
async function wireService(config: Config) {
  const log = pino({ level: config.logLevel });
  const store = await openStore(config.databaseUrl);
  const now = () => new Date();
  const publisher = new Publisher(store, {
    log,
    now,
    baseUrl: config.baseUrl,
    content: publicationContent(config),
    site: buildSite,
  });
  const coordination = await createCoordination(config.databaseUrl, store.engine, (error) =>
    log.warn({ err: error }, 'coordination connection problem; polling continues'),
  );
  const sync = () => publisher.sync();
  const refresher = serviceRefresher(config, { store, publisher, coordination, log, now });
  // Built before the first publication, which it serves once there: a first start builds it while its model is
  // still being computed (bootstrap-model.ts).
  const app = buildApp({
    config: { ...config, refreshIntervalHours: refreshIntervalHours(config.refreshCron) },
    publication: () => publisher.current,
    logger: log,
  });
  return { log, store, now, publisher, coordination, sync, refresher, app };
}

interface Parts {
  store: Store;
  publisher: Publisher;
  coordination: Coordination;
  log: Logger;
  now: () => Date;
}

/**
 * The refresher: on this thread for an in-memory store (a second connection cannot open it); otherwise each
 * refresh runs in its own process, which also logs the publication and keeps its model (src/processes/refresh.ts).
 * After each refresh the publication is announced and served.
 */
function serviceRefresher(config: Config, { store, publisher, coordination, log, now }: Parts): Refresher {
  const deps: RefreshDeps = {
    store,
    providers: createProviders(config.providers),
    now,
    budgetMs: config.refreshBudgetMs,
  };
  const processFor = (trigger: string): RefreshProcess => ({
    entry: new URL(`./processes/refresh${extname(import.meta.url)}`, import.meta.url),
    task: {
      refresh: {
        databaseUrl: config.databaseUrl,
        providers: config.providers,
        budgetMs: config.refreshBudgetMs,
        trigger,
      },
      publish: { baseUrl: config.baseUrl },
    } satisfies RefreshProcessTask,
    budgetMs: config.refreshBudgetMs,
  });
  return new Refresher(
    config.databaseUrl.includes(':memory:')
      ? refreshHere(deps)
      : refreshInOwnProcess(processFor, { db: store.db, now }),
    async (summary, publicationId) => {
      await announcePublication({ store, coordination, now, log }, summary.runId, publicationId);
      await publisher.sync();
    },
    refreshProgressWatch((progress) => publisher.showRefreshProgress(progress), now),
  );
}

/**
 * Leadership, checked every LEADER_CHECK_MS: the process that leads (always, on SQLite; the advisory-lock holder,
 * on PostgreSQL) schedules the refreshes; one that loses it stops them.
 */
function leadershipOf(
  config: Config,
  { store, coordination, refresher, log, now }: Omit<Parts, 'publisher'> & { refresher: Refresher },
) {
  let schedule: ReturnType<typeof scheduleRefreshes> | undefined;
  const lead = async () => {
    const leading = await coordination.tryLead();
    if (leading && !schedule) {
      const aborted = await abortDanglingRuns(store.db, now().toISOString());
      if (aborted > 0) log.warn({ aborted }, 'marked refresh runs interrupted by a crash as aborted');
      log.info('leading: this process runs the refreshes');
      schedule = scheduleRefreshes({
        refresher,
        cron: config.refreshCron,
        lastSuccessAt: await lastSuccessfulRunAt(store.db),
        maxAgeMs: config.refreshMaxAgeMs,
        refreshOnStart: config.refreshOnStart,
        retryMs: config.refreshRetryMs,
        log,
      });
    } else if (!leading && schedule) {
      schedule.stop();
      schedule = undefined;
      log.warn('lost leadership; another process runs the refreshes');
    }
  };
  return {
    lead,
    startup: () => schedule?.startup,
    stop: () => schedule?.stop(),
  };
}
