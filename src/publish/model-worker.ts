import type { VintagedSeries } from '../timeseries/vintages.ts';
import { computeModelComputation, type ModelComputation } from './model-computation.ts';

/** The worker thread's task (see model-pool.ts): the model and its correlations, off the serving thread. */
export interface ModelTask {
  vintaged: Map<string, VintagedSeries>;
  nowIso: string;
  baseUrl: string;
}

export type ModelTaskResult = { ok: true; computation: ModelComputation } | { ok: false; error: string };

export default function run(task: ModelTask): ModelTaskResult {
  try {
    return { ok: true, computation: computeModelComputation(task.vintaged, new Date(task.nowIso), task.baseUrl) };
  } catch (cause) {
    return { ok: false, error: (cause as Error).message ?? String(cause) };
  }
}
