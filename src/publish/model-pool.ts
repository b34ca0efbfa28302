import { Piscina } from 'piscina';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import { modelSeries } from './model-computation.ts';
import type { ModelTask, ModelTaskResult } from './model-worker.ts';

/**
 * One worker thread (piscina) that computes the model at each publish while the main thread keeps serving: the
 * model and its validation take about half a second on the real files, which would otherwise stall every
 * request in flight (issue 13, finding 6). The thread exits when idle, so it costs memory only while it works.
 */
let pool: Piscina<ModelTask, ModelTaskResult> | undefined;

function workerPool(): Piscina<ModelTask, ModelTaskResult> {
  pool ??= new Piscina<ModelTask, ModelTaskResult>({
    filename: new URL('./model-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
  });
  return pool;
}

export async function computeOffThread(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  now: Date,
  baseUrl: string,
): Promise<ModelTaskResult> {
  return workerPool().run({ vintaged: modelSeries(vintaged), nowIso: now.toISOString(), baseUrl });
}

/** Stops the worker thread (at shutdown). */
export async function closeModelPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
