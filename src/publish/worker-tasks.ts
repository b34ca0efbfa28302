import { MODEL_VERSIONS } from '../analytics/model/versions.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import { type ModelAsOf, modelAsOf } from './model/run.ts';
import { type OnDemandResult, type OnDemandTask, runOnDemandTask } from './on-demand-tasks.ts';
import { type WorkbookSpec, workbookBytes } from './workbook.ts';

/** The tasks of the worker thread (worker-pool.ts): what would stall every request in flight on the serving thread. */

/**
 * An xlsx download (a whole daily history since 2005: ~40 ms for one series, ~220 ms for 25, median of 7 on the
 * development machine: too long for the serving thread).
 */
export function workbook(spec: WorkbookSpec): Promise<Uint8Array> {
  return Promise.resolve(workbookBytes(spec));
}

/** The `asOf` task: the model over what the store held at an instant (see model/run.ts modelAsOf). */
export interface AsOfTask {
  vintaged: Map<string, VintagedSeries>;
  instant: string;
  /** A model version of MODEL_VERSIONS (an earlier model's history); the current model when absent. */
  version?: string | undefined;
}

/** model is null when nothing could be scored from what was known then. */
export type AsOfTaskResult = { ok: true; model: ModelAsOf | null } | { ok: false; error: string };

export function asOf(task: AsOfTask): AsOfTaskResult {
  try {
    const spec = MODEL_VERSIONS.find((v) => v.version === task.version)?.spec;
    return {
      ok: true,
      model: spec ? modelAsOf(task.vintaged, task.instant, spec) : modelAsOf(task.vintaged, task.instant),
    };
  } catch (cause) {
    return { ok: false, error: (cause as Error).message ?? String(cause) };
  }
}

/** The same task on the calling thread (a CLI, or a publisher told not to use the worker). */
export async function computeAsOfHere(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  version?: string,
): Promise<AsOfTaskResult> {
  return asOf({ vintaged: new Map(vintaged), instant, version });
}

/** An answer computed on demand for one client (on-demand-tasks.ts). */
export function answer(task: OnDemandTask): OnDemandResult {
  return runOnDemandTask(task);
}
