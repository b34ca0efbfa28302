import type { ModelSpec } from '../../analytics/model/spec.ts';
import { MODEL_VERSIONS } from '../../analytics/model/versions.ts';
import { errorMessage } from '../../timeseries/error-message.ts';
import { seriesAsOf, type VintagedSeries } from '../../timeseries/vintages.ts';
import { type KnownHistory, knownHistory, type ModelAsOf, modelAsOf } from '../model/run.ts';
import { lensBodies } from '../resources/lens.ts';
import { type WorkbookSpec, workbookBytes } from '../workbook.ts';

/** The tasks of the worker thread (on-demand/worker-pool.ts): what would stall every request in flight on the serving thread. */

/** An xlsx download (a whole daily history of many series: too long for the serving thread). */
export function workbook(spec: WorkbookSpec): Promise<Uint8Array> {
  return Promise.resolve(workbookBytes(spec));
}

/**
 * The `asOf` task: the model over what the store held at an instant (see model/run.ts modelAsOf). Its series are
 * sent with the first task of a publication only: the thread keeps them under `inputs` (a publication and a model
 * version), and a later task names them: sending and rebuilding them for every task would cost CPU and garbage
 * for each answer.
 */
export interface AsOfTask {
  /** Names the series: the same name, the same series. */
  inputs: string;
  /** The series; absent when the thread is expected to keep them (it answers `missing` when it does not). */
  vintaged?: Map<string, VintagedSeries> | undefined;
  instant: string;
  /** A model version of MODEL_VERSIONS (an earlier model's history); the current model when absent. */
  version?: string | undefined;
  /** false: the regime alone (model/run.ts modelAsOf); the history too when absent. */
  withHistory?: boolean | undefined;
  /**
   * When the series' publication was built: the history as of then is kept beside the series (as text), and a
   * history as of an earlier instant takes its rows before the first day published differently (modelAsOf).
   */
  publishedAt?: string | undefined;
}

/** model is null when nothing could be scored from what was known then. */
export type AsOfTaskResult = { ok: true; model: ModelAsOf | null } | { ok: false; error: string };

/** What an `asOf` computation is asked for beside its instant (AsOfTask). */
export type AsOfOptions = Pick<AsOfTask, 'version' | 'withHistory' | 'publishedAt'>;

/** The thread does not keep the series the task names (it started since, or keeps newer ones): send them. */
export type AsOfMissing = { missing: true };

/**
 * Series kept by this thread: the newest few publications' (a publication and an earlier model's at most), each
 * with its history as of the publication, as text, once a history was asked for.
 */
const KEPT_INPUTS = 2;
interface KeptInputs {
  vintaged: Map<string, VintagedSeries>;
  /** The history as of `publishedAt`; undefined when nothing could be scored then (not computed again). */
  published?: KnownHistory | undefined;
  publishedAt?: string | undefined;
}
const keptInputs = new Map<string, KeptInputs>();

function inputsOf(task: AsOfTask): KeptInputs | undefined {
  if (!task.vintaged) return keptInputs.get(task.inputs);
  const kept = { vintaged: task.vintaged };
  keptInputs.delete(task.inputs);
  keptInputs.set(task.inputs, kept);
  while (keptInputs.size > KEPT_INPUTS) keptInputs.delete(keptInputs.keys().next().value!);
  return kept;
}

/**
 * The history as of the publication, computed with the first history asked for (a run more, once) and kept: a
 * history as of an earlier instant then computes only its days from the first published differently, instead of
 * every day.
 */
function publishedHistory(kept: KeptInputs, task: AsOfTask, spec: ModelSpec | undefined) {
  if (task.publishedAt === undefined || task.withHistory === false) return undefined;
  // The publication's own instant (an earlier model's history) needs no other: computed once, as it is.
  if (kept.publishedAt === task.publishedAt) return kept.published;
  if (task.instant === task.publishedAt) return undefined;
  kept.published = knownHistory(kept.vintaged, task.publishedAt, spec) ?? undefined;
  kept.publishedAt = task.publishedAt;
  return kept.published;
}

export function asOf(task: AsOfTask): AsOfTaskResult | AsOfMissing {
  const kept = inputsOf(task);
  if (!kept) return { missing: true };
  try {
    const spec = MODEL_VERSIONS.find((v) => v.version === task.version)?.spec;
    const known = publishedHistory(kept, task, spec);
    return { ok: true, model: modelAsOf(kept.vintaged, task.instant, spec, task.withHistory ?? true, known) };
  } catch (cause) {
    return { ok: false, error: errorMessage(cause) };
  }
}

/** The lens in every locale (resources/lens.ts lensBodies). */
export type LensBodies = ReturnType<typeof lensBodies>;

/** The lens as of an instant: its input series, every vintage, and the instant (they are cut here). */
export interface LensAsOfTask {
  series: Map<string, VintagedSeries>;
  instant: string;
}

/** The bodies, or why none (none of the inputs had data then). */
export type LensAsOfResult = { ok: true; bodies: LensBodies } | { ok: false; error: string };

export function lensAsOf(task: LensAsOfTask): LensAsOfResult {
  const known = new Map([...task.series].map(([id, series]) => [id, seriesAsOf(series, task.instant)] as const));
  try {
    return { ok: true, bodies: lensBodies(known, new Date(task.instant)) };
  } catch (cause) {
    return { ok: false, error: errorMessage(cause) };
  }
}

/** The same task on the calling thread (a CLI, or a publisher told not to use the worker). */
export async function computeAsOfHere(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  options: AsOfOptions = {},
): Promise<AsOfTaskResult> {
  return asOf({ ...options, inputs: '', vintaged: new Map(vintaged), instant }) as AsOfTaskResult;
}

/** An answer computed on demand for one client (on-demand/tasks.ts). */
export { runOnDemandTask as answer } from './tasks.ts';
