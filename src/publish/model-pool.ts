import { extname } from 'node:path';
import { Piscina } from 'piscina';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import { modelSeries } from './model-computation.ts';
import type { AsOfTask, AsOfTaskResult } from './model-worker.ts';

/**
 * One worker thread (piscina) for `asOf` answers: the model over what the store held at an instant, about 40 ms on
 * the real files that would otherwise stall every request in flight. The publication's own model is not computed
 * here: the refresh process computes and keeps it (kept-model.ts). The thread exits when idle, so it costs memory
 * only while it works.
 */
let pool: Piscina<AsOfTask, AsOfTaskResult> | undefined;

function workerPool(): Piscina<AsOfTask, AsOfTaskResult> {
  pool ??= new Piscina<AsOfTask, AsOfTaskResult>({
    filename: new URL(`./model-worker${extname(import.meta.url)}`, import.meta.url).href,
    name: 'asOf',
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

/** The model as of an instant (`asOf` answers), on the worker thread. Only the model's series cross to it. */
export async function computeAsOfOffThread(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
): Promise<AsOfTaskResult> {
  return workerPool().run({ vintaged: modelSeries(vintaged), instant });
}

/** Stops the worker thread (at shutdown). */
export async function closeModelPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
