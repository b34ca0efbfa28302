import { extname } from 'node:path';
import { Piscina } from 'piscina';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import { modelSeries } from './model/computation.ts';
import type { OnDemandResult, OnDemandTask } from './on-demand-tasks.ts';
import type { WorkbookSpec } from './workbook.ts';
import type { AsOfTask, AsOfTaskResult } from './worker-tasks.ts';

/**
 * One worker thread (piscina) for `asOf` answers — the model over what the store held at an instant, about 40 ms on
 * the real files — and xlsx downloads (100–200 ms each), work that would otherwise stall every request in flight. The publication's own model is not computed
 * here: the refresh process computes and keeps it (model/kept.ts). The thread exits when idle, so it costs memory
 * only while it works.
 */
let pool: Piscina | undefined;

function workerPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL(`./worker-tasks${extname(import.meta.url)}`, import.meta.url).href,
    name: 'asOf',
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
    // Below the serving thread's priority (piscina's own option), so requests go first on a shared core; a small
    // young generation, as the refresh's.
    niceIncrement: 10, // as far below as the refresh process (ingest/refresh/own-process.ts)
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return pool;
}

/** The model as of an instant (`asOf` answers), on the worker thread. Only the model's series cross to it. */
export async function computeAsOfOffThread(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  version?: string,
): Promise<AsOfTaskResult> {
  return workerPool().run({ vintaged: modelSeries(vintaged, version), instant, version } satisfies AsOfTask, {
    name: 'asOf',
  });
}

/**
 * An answer computed on demand for one client (a transform, a many-series download, vintages, a series as of an
 * instant: on-demand-tasks.ts), on the worker thread. The caller bounds how many wait (publish/on-demand.ts).
 */
export async function answerOffThread(task: OnDemandTask): Promise<OnDemandResult> {
  return workerPool().run(task, { name: 'answer' });
}

/** An xlsx workbook's bytes, built on the worker thread. */
export async function workbookOffThread(spec: WorkbookSpec): Promise<Uint8Array> {
  return workerPool().run(spec, { name: 'workbook' });
}

/** Stops the worker thread (at shutdown). */
export async function closeWorkerPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
