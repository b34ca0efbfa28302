import { extname } from 'node:path';
import { Piscina } from 'piscina';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import { modelSeries } from './model-computation.ts';
import type { AsOfTask, AsOfTaskResult, ModelTask, ModelTaskResult } from './model-worker.ts';

/**
 * One worker thread (piscina) that computes the model at each publish while the main thread keeps serving: the
 * model and its validation take about half a second on the real files, which would otherwise stall every
 * request in flight (issue 13, finding 6). The thread exits when idle, so it costs memory only while it works.
 */
let pool: Piscina<ModelTask | AsOfTask, ModelTaskResult | AsOfTaskResult> | undefined;

function workerPool(): Piscina<ModelTask | AsOfTask, ModelTaskResult | AsOfTaskResult> {
  pool ??= new Piscina<ModelTask | AsOfTask, ModelTaskResult | AsOfTaskResult>({
    filename: new URL(`./model-worker${extname(import.meta.url)}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
    // Below the serving thread's priority (piscina's own option), so requests go first on a shared core; a small
    // young generation, as the refresh's.
    niceIncrement: 10, // as far below as the refresh process (ingest/refresh-child.ts)
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return pool;
}

/** Tasks sent to the thread and not yet answered. */
let inFlight = 0;

async function runTask<T>(task: ModelTask | AsOfTask, name?: string): Promise<T> {
  inFlight++;
  try {
    return (await workerPool().run(task, name ? { name } : {})) as T;
  } finally {
    inFlight--;
  }
}

/**
 * The publication's model. The thread is let go as soon as it answers (unless an `asOf` computation is using it):
 * what follows a model at a publish is the site's charts, drawn on their own thread, and two threads at once were
 * the publish's peak of resident memory.
 */
export async function computeOffThread(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  now: Date,
  baseUrl: string,
): Promise<ModelTaskResult> {
  const task: ModelTask = { vintaged: modelSeries(vintaged), nowIso: now.toISOString(), baseUrl };
  try {
    return await runTask<ModelTaskResult>(task);
  } finally {
    if (inFlight === 0) void closeModelPool();
  }
}

/**
 * The model as of an instant (`asOf` answers), on the same worker thread: about 40 ms of model on the real
 * files that would otherwise stall every request in flight. Only the model's series cross to the thread.
 */
export async function computeAsOfOffThread(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
): Promise<AsOfTaskResult> {
  const task: AsOfTask = { vintaged: modelSeries(vintaged), instant };
  return runTask<AsOfTaskResult>(task, 'asOf');
}

/** Stops the worker thread (at shutdown). */
export async function closeModelPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
