import { extname } from 'node:path';
import { Piscina } from 'piscina';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import { modelSeries } from '../model/computation.ts';
import type { WorkbookSpec } from '../workbook.ts';
import type { OnDemandResult, OnDemandTask } from './tasks.ts';
import type {
  AsOfMissing,
  AsOfOptions,
  AsOfTask,
  AsOfTaskResult,
  LensAsOfResult,
  LensAsOfTask,
} from './worker-tasks.ts';

/**
 * One worker thread (piscina) for the work computed on demand — `asOf` answers (the model over what the store held
 * at an instant), transforms, many-series downloads, vintages and xlsx workbooks — work that would otherwise stall
 * every request in flight. The publication's own model is not computed here: the refresh process computes and
 * keeps it (model/kept.ts). The thread exits after a minute without work, so it costs memory only while it is
 * used; not sooner, since starting it again costs about a second of CPU (its modules, the model's series).
 */
let pool: Piscina | undefined;

function workerPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL(`./worker-tasks${extname(import.meta.url)}`, import.meta.url).href,
    name: 'asOf',
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    // Below the serving thread's priority (piscina's own option), so requests go first on a shared core; a small
    // young generation, as the refresh's.
    niceIncrement: 10, // as far below as the refresh process (ingest/refresh/own-process.ts)
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return pool;
}

/** A name for each publication's series (their map), as the worker thread keeps them (on-demand/worker-tasks.ts AsOfTask). */
const inputNames = new WeakMap<ReadonlyMap<string, VintagedSeries>, number>();
let lastInputName = 0;

/**
 * The model as of an instant (`asOf` answers), on the worker thread. Only the model's series cross to it, and only
 * when it does not keep them already.
 */
export async function computeAsOfOffThread(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  options: AsOfOptions = {},
): Promise<AsOfTaskResult> {
  let name = inputNames.get(vintaged);
  if (name === undefined) {
    name = ++lastInputName;
    inputNames.set(vintaged, name);
  }
  const task: AsOfTask = { ...options, inputs: `${name}|${options.version ?? ''}`, instant };
  const answer: AsOfTaskResult | AsOfMissing = await workerPool().run(task, { name: 'asOf' });
  if (!('missing' in answer)) return answer;
  return workerPool().run({ ...task, vintaged: modelSeries(vintaged, options.version) } satisfies AsOfTask, {
    name: 'asOf',
  });
}

/** The lens as of an instant (`asOf`), on the worker thread. */
export async function lensAsOfOffThread(task: LensAsOfTask): Promise<LensAsOfResult> {
  return workerPool().run(task, { name: 'lensAsOf' });
}

/**
 * An answer computed on demand for one client (a transform, a many-series download, vintages, a series as of an
 * instant: on-demand/tasks.ts), on the worker thread. The caller bounds how many wait (publish/on-demand/gate.ts).
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
