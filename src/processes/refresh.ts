/**
 * The refresh's own process (started through `nice` by src/ingest/refresh/own-process.ts for each refresh of the
 * service): receives one RefreshProcessTask on its IPC channel, refreshes on a store connection of its own, then —
 * asked to publish — logs the publication and computes and keeps its model, so that the serving processes only read
 * it (src/publish/model/kept.ts). Answers with the result and exits.
 *
 * It ends with the process that started it: when the IPC channel closes (that process exited, was killed, or let
 * it go at its shutdown), the refresh stops at once — what its connection had under way is rolled back, its run is
 * marked aborted — and the process exits. Going on would refresh beside whichever process leads next, and die on a
 * broken pipe at its next report with its run left `running` for good (issue 41).
 */
import { type RefreshChildMessage, type RefreshTask, runRefreshTask } from '../ingest/refresh/task.ts';
import { computeAndKeepModel } from '../publish/model/kept.ts';
import { recordPublication } from '../store/publications.ts';
import { openStore, type Store } from '../store/store.ts';
import { errorMessage } from '../timeseries/error-message.ts';

export interface RefreshProcessTask {
  refresh: RefreshTask;
  /** Log a publication after the refresh and keep its model, computed for this base URL. */
  publish?: { baseUrl: string };
}

/** What the process has under way, for abandoning it: its store once open, its run once started. */
const underWay: { store?: Store; runId?: number } = {};

async function run(task: RefreshProcessTask): Promise<RefreshChildMessage> {
  const store = await openStore(task.refresh.databaseUrl);
  underWay.store = store;
  try {
    const result = await runRefreshTask(
      store,
      task.refresh,
      (message) => process.send?.(message),
      (runId) => {
        underWay.runId = runId;
      },
    );
    if (!task.publish) return { ok: true, result };
    const publicationId = await recordPublication(store.db, result.summary.runId, new Date().toISOString());
    try {
      await computeAndKeepModel(store, publicationId, task.publish.baseUrl);
    } catch (cause) {
      // Not kept: each serving process computes it on its own model thread instead (and logs why, if it fails).
      process.emitWarning(`the model of publication ${publicationId} was not kept: ${errorMessage(cause)}`);
    }
    return { ok: true, result: { ...result, publicationId } };
  } finally {
    await store.close();
  }
}

/** The parent is gone: the run is aborted where it stands, and the process ends (see above). */
async function abandon(): Promise<never> {
  const { store, runId } = underWay;
  if (store && runId !== undefined) {
    await store.abandonRun(runId, new Date().toISOString()).catch((cause: Error) => {
      process.stderr.write(`refresh process: run ${runId} could not be marked aborted: ${cause.message}\n`);
    });
  }
  process.exit(1);
}

process.once('disconnect', () => void abandon());

process.once('message', async (task) => {
  let answer: RefreshChildMessage;
  try {
    answer = await run(task as RefreshProcessTask);
  } catch (cause) {
    answer = { ok: false, error: errorMessage(cause) };
  }
  process.send?.(answer, () => process.exit(0));
});
