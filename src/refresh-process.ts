/**
 * The refresh's own process (started by src/ingest/refresh-child.ts for each refresh of the service): receives one
 * RefreshProcessTask on its IPC channel (it runs below the serving process: started through `nice`), refreshes on a
 * store connection of its own,
 * then — asked to publish — logs the publication and computes and keeps its model, so that the serving processes
 * only read it (src/publish/kept-model.ts). Answers with the result and exits.
 */
import type { RefreshChildMessage, RefreshTask } from './ingest/refresh-task.ts';
import { runRefreshTask } from './ingest/refresh-task.ts';
import { computeAndKeepModel } from './publish/kept-model.ts';
import { recordPublication } from './store/publications.ts';
import { openStore } from './store/store.ts';

export interface RefreshProcessTask {
  refresh: RefreshTask;
  /** Log a publication after the refresh and keep its model, computed for this base URL. */
  publish?: { baseUrl: string };
}

async function run(task: RefreshProcessTask): Promise<RefreshChildMessage> {
  const store = await openStore(task.refresh.databaseUrl);
  try {
    const result = await runRefreshTask(store, task.refresh, (message) => process.send?.(message));
    if (!task.publish) return { ok: true, result };
    const publicationId = await recordPublication(store.db, result.summary.runId, new Date().toISOString());
    try {
      await computeAndKeepModel(store, publicationId, task.publish.baseUrl);
    } catch (cause) {
      // Not kept: each serving process computes it on its own model thread instead (and logs why, if it fails).
      process.emitWarning(`the model of publication ${publicationId} was not kept: ${(cause as Error).message}`);
    }
    return { ok: true, result: { ...result, publicationId } };
  } finally {
    await store.close();
  }
}

process.once('message', async (task) => {
  let answer: RefreshChildMessage;
  try {
    answer = await run(task as RefreshProcessTask);
  } catch (cause) {
    answer = { ok: false, error: (cause as Error).message ?? String(cause) };
  }
  process.send?.(answer, () => process.exit(0));
});
