import { extname } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import pino from 'pino';
import type { BootstrapModel } from './bootstrap-model.ts';
import type { Config } from './config.ts';
import { type App, buildApp } from './http/app.ts';
import {
  bootstrapTrigger,
  snapshotContext,
  snapshotForEmptyStore,
  storeSnapshot,
} from './ingest/bootstrap-snapshot.ts';
import { type RefreshProcess, refreshInOwnProcess, stopRefreshChildren } from './ingest/refresh/own-process.ts';
import { Refresher } from './ingest/refresh/queue.ts';
import { type RefreshDeps, refreshHere } from './ingest/refresh/run.ts';
import { refreshIntervalHours, scheduleRefreshes } from './ingest/scheduler.ts';
import { type Snapshot, snapshotVintages } from './ingest/snapshot-file.ts';
import type { RefreshProcessTask } from './processes/refresh.ts';
import { createProviders } from './providers/providers.ts';
import { publicationContent } from './publication-content.ts';
import { announcePublication } from './publish/after-refresh.ts';
import { modelOutcome } from './publish/model/computation.ts';
import { keepModel } from './publish/model/kept.ts';
import { pollPublications } from './publish/publication-poll.ts';
import { Publisher } from './publish/publisher.ts';
import { closeWorkerPool } from './publish/worker-pool.ts';
import { refreshProgressWatch } from './refresh-progress.ts';
import { closeChartRenderer } from './site/chart-renderer.ts';
import { buildSite } from './site/site-bundle.ts';
import { type Coordination, createCoordination } from './store/coordination.ts';
import { recordPublication } from './store/publications.ts';
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
  const deps: RefreshDeps = {
    store,
    providers: createProviders(config.providers),
    now,
    budgetMs: config.refreshBudgetMs,
  };
  // An in-memory store cannot be opened by a second connection: refresh on this thread then. Otherwise each refresh
  // runs in its own process, which also logs the publication and keeps its model (src/processes/refresh.ts).
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
  const refresher = new Refresher(
    config.databaseUrl.includes(':memory:')
      ? refreshHere(deps)
      : refreshInOwnProcess(processFor, { db: store.db, now }),
    async (summary, publicationId) => {
      await announcePublication({ store, coordination, now, log }, summary.runId, publicationId);
      await sync();
    },
    refreshProgressWatch((progress) => publisher.showRefreshProgress(progress), now),
  );

  // A first start (an empty store): the snapshot shipped with the project is published from memory before the
  // server listens — its model computed once, here — so that the first request is answered from it, offline too.
  // Every process does so (the snapshot is a file each of them has, checked against its manifest): a process that
  // does not lead would otherwise answer 503 until the leader has stored it, however long that takes. Only the
  // process that will refresh (always, on SQLite; the lock holder, on PostgreSQL) stores it — one transaction,
  // yielding to requests — logs it as a publication with that same model kept, and tells the others, which then
  // serve that logged publication like any other; the refresh on start then brings it current.
  const bootstrap = async (): Promise<((stopping: AbortSignal) => Promise<void>) | undefined> => {
    const early = opts.bootstrapModel;
    if (!config.bootstrapSnapshot) return undefined;
    const leading = await coordination.tryLead();
    let snapshot: Snapshot | undefined;
    try {
      snapshot = await snapshotForEmptyStore(store, config.bootstrapSnapshot);
    } catch (error) {
      log.warn({ err: error, dir: config.bootstrapSnapshot }, 'the bootstrap snapshot could not be read');
    }
    if (!snapshot) {
      early?.cancel();
      return undefined;
    }
    const loaded = snapshot;
    const publishedAt = early?.publishedAt ?? now();
    const vintaged = snapshotVintages(loaded);
    // Computed meanwhile on a thread of its own when the process could tell the store was empty; else here.
    const computed = (await early?.outcome) ?? modelOutcome(vintaged, publishedAt, config.baseUrl);
    await publisher.rebuild({
      now: publishedAt,
      version: 0,
      preloaded: { vintaged, context: snapshotContext(loaded), computed },
    });
    if (!leading) {
      log.info(
        { seenAt: loaded.manifest.seenAt },
        `serving the ${bootstrapTrigger(loaded.manifest)} from memory until the leading process has stored it`,
      );
      return undefined;
    }
    return async (stopping: AbortSignal) => {
      let runId: number;
      try {
        // Between series it yields to requests, and gives up when the service is stopping.
        runId = await storeSnapshot(store, loaded, async () => {
          await nextTurn();
          stopping.throwIfAborted();
        });
      } catch (error) {
        // Still served from memory; the next start stores it again (the store is still empty: one transaction).
        if (stopping.aborted) log.info('stopped before the bootstrap snapshot was stored; the next start loads it');
        else log.warn({ err: error }, 'the bootstrap snapshot could not be stored');
        return;
      }
      const id = await recordPublication(store.db, runId, publishedAt.toISOString());
      // Kept before the others hear of it: they read this model instead of each computing it again.
      await keepModel(store, id, computed).catch((error: unknown) =>
        log.warn({ err: error, publication: id }, 'the bootstrap publication’s model could not be kept'),
      );
      await announcePublication({ store, coordination, now: () => publishedAt, log }, runId, id);
      await sync();
      log.info(
        { series: loaded.manifest.series.length, seenAt: loaded.manifest.seenAt },
        `serving the ${bootstrapTrigger(loaded.manifest)} until the first refresh brings it current`,
      );
    };
  };

  // Built before the first publication, which it serves once there: a first start builds it while its model is
  // still being computed (bootstrap-model.ts).
  const app = buildApp({
    config: { ...config, refreshIntervalHours: refreshIntervalHours(config.refreshCron) },
    publication: () => publisher.current,
    logger: log,
  });
  // Before listening: a first start answers its first request from the snapshot, not with 503.
  const storeBootstrap = await bootstrap();
  await sync();
  void coordination.onPublished(() => void sync());
  const stopPolling = pollPublications({
    everyMs: config.publicationPollMs,
    refreshing: () => refresher.running,
    sync,
    maintain: () => coordination.maintain(),
  });

  if (opts.listen !== false) await app.listen({ port: config.port, host: config.host });

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
  // The rest of the start goes on while the server answers; a stop cuts it short instead of waiting for it (a
  // first start's snapshot took ~2 s to store on an idle machine, over 10 on a busy one, before a stop could begin).
  const stopping = new AbortController();
  let leaderTimer: NodeJS.Timeout | undefined;
  const started = (async () => {
    // Before the refresh on start, which must find the snapshot stored.
    await storeBootstrap?.(stopping.signal);
    if (stopping.signal.aborted) return { startupRefresh: undefined };
    await lead();
    leaderTimer = setInterval(() => void lead(), config.leaderCheckMs);
    return { startupRefresh: schedule?.startup };
  })();

  return {
    app,
    store,
    publisher,
    refresher,
    coordination,
    started,
    async close() {
      stopping.abort();
      await started.catch((error: unknown) => log.warn({ err: error }, 'the start ended with an error'));
      stopPolling();
      clearInterval(leaderTimer);
      schedule?.stop();
      // Finish in-flight requests, and let a running refresh complete (up to 30 s) before closing the store.
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
