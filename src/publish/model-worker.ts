import type { VintagedSeries } from '../timeseries/vintages.ts';
import { computeModelComputation, type ModelComputation } from './model-computation.ts';
import { type ModelAsOf, modelAsOf } from './model-run.ts';

/** The worker thread's task (see model-pool.ts): the model and its correlations, off the serving thread. */
export interface ModelTask {
  vintaged: Map<string, VintagedSeries>;
  nowIso: string;
  baseUrl: string;
}

export type ModelTaskResult =
  /** `json`: the computation serialized for the store, made here so the serving thread does not stringify it. */
  { ok: true; computation: ModelComputation; json?: string } | { ok: false; error: string };

export default function run(task: ModelTask): ModelTaskResult {
  try {
    const computation = computeModelComputation(task.vintaged, new Date(task.nowIso), task.baseUrl);
    return { ok: true, computation, json: JSON.stringify(computation) };
  } catch (cause) {
    return { ok: false, error: (cause as Error).message ?? String(cause) };
  }
}

/** The `asOf` task: the model over what the store held at an instant (see model-run.ts modelAsOf). */
export interface AsOfTask {
  vintaged: Map<string, VintagedSeries>;
  instant: string;
}

/** model is null when nothing could be scored from what was known then. */
export type AsOfTaskResult = { ok: true; model: ModelAsOf | null } | { ok: false; error: string };

export function asOf(task: AsOfTask): AsOfTaskResult {
  try {
    return { ok: true, model: modelAsOf(task.vintaged, task.instant) };
  } catch (cause) {
    return { ok: false, error: (cause as Error).message ?? String(cause) };
  }
}

/** The same task on the calling thread (a CLI, or a publisher told not to use the worker). */
export async function computeAsOfHere(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
): Promise<AsOfTaskResult> {
  return asOf({ vintaged: new Map(vintaged), instant });
}
