import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { BootstrapModel } from './bootstrap-model.ts';
import type { Config } from './config.ts';
import {
  bootstrapTrigger,
  snapshotContext,
  snapshotForEmptyStore,
  storeSnapshot,
} from './ingest/bootstrap-snapshot.ts';
import { type Snapshot, snapshotVintages } from './ingest/snapshot-file.ts';
import { announcePublication } from './publish/after-refresh.ts';
import { modelOutcome } from './publish/model/computation.ts';
import { keepModel } from './publish/model/kept.ts';
import type { Publisher } from './publish/publisher.ts';
import type { Coordination } from './store/coordination.ts';
import { recordPublication } from './store/publications.ts';
import type { Store } from './store/store.ts';

export interface FirstStartParts {
  config: Config;
  store: Store;
  publisher: Publisher;
  coordination: Coordination;
  log: Logger;
  now: () => Date;
  sync: () => Promise<unknown>;
  /** The bootstrap snapshot's model, begun before the service's modules were loaded (bootstrap-model.ts). */
  early: BootstrapModel | undefined;
}

/**
 * A first start (an empty store): the snapshot shipped with the project is published from memory before the
 * server listens — its model computed once, here — so that the first request is answered from it, offline too.
 * Every process does so (the snapshot is a file each of them has, checked against its manifest): a process that
 * does not lead would otherwise answer 503 until the leader has stored it, however long that takes. Only the
 * process that will refresh (always, on SQLite; the lock holder, on PostgreSQL) stores it — one transaction,
 * yielding to requests — logs it as a publication with that same model kept, and tells the others, which then
 * serve that logged publication like any other; the refresh on start then brings it current.
 * Resolves the step that stores the snapshot (the leader's), run after the server listens.
 */
export async function firstStart(
  parts: FirstStartParts,
): Promise<((stopping: AbortSignal) => Promise<void>) | undefined> {
  const { config, store, publisher, coordination, log, now, sync, early } = parts;
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
  // Computed meanwhile in a process of its own when this one could tell the store was empty; else here. That process
  // sends the model without its validation statistics first, served at once: the validation is ~60 % of the model's
  // time, and the first start's budget is 3 s (issue 41). The model whole is what is kept (below), so the publication
  // logged next — within seconds on the leader — serves it.
  const unvalidated = await early?.outcome;
  const served = unvalidated ?? modelOutcome(vintaged, publishedAt, config.baseUrl);
  // The model whole: the process's second message (or, if it died meanwhile, computed here), else what was served.
  const wholeModel = async () =>
    (unvalidated ? await early?.validated : served) ?? modelOutcome(vintaged, publishedAt, config.baseUrl);
  await publisher.rebuild({
    now: publishedAt,
    version: 0,
    preloaded: { vintaged, context: snapshotContext(loaded), computed: served },
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
    await keepModel(store, id, await wholeModel()).catch((error: unknown) =>
      log.warn({ err: error, publication: id }, 'the bootstrap publication’s model could not be kept'),
    );
    await announcePublication({ store, coordination, now: () => publishedAt, log }, runId, id);
    await sync();
    log.info(
      { series: loaded.manifest.series.length, seenAt: loaded.manifest.seenAt },
      `serving the ${bootstrapTrigger(loaded.manifest)} until the first refresh brings it current`,
    );
  };
}
