import { type CorrelationReport, computeCorrelations } from '../../analytics/correlation/correlation.ts';
import { BENCHMARKS } from '../../analytics/model/validation/benchmark-correlations.ts';
import { ASSETS } from '../../analytics/model/validation/forward-returns.ts';
import { CURRENT_MODEL, MODEL_VERSIONS } from '../../analytics/model/versions.ts';
import type { ModelResultKey } from '../../store/model-results.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import { SERVICE_VERSION } from '../service-version.ts';
import { computeModelOutputs, type ModelOutputs } from './run.ts';

/**
 * The model and everything computed from its run (the correlation statistics), as plain data: what a worker
 * thread computes and sends back, so the serving thread never runs the model (issue 13, finding 6).
 */
export interface ModelComputation {
  outputs: Omit<ModelOutputs, 'run' | 'inputs'>;
  correlation: CorrelationReport | { error: string };
}

/**
 * The shape of a stored ModelComputation (store/model-results.ts): bumped whenever a field is added, so that a
 * restart never serves a result kept by older code of the same service version (2: history.confidence; 3: correlation.rollingHistory; 4: dli-4’s level, contributions, provisional days and the regime’s summary).
 */
export const MODEL_RESULT_FORMAT = 4;

/** Under which key a publication's model result is kept: the publication, the model, and this code's version. */
export function modelResultKey(publicationId: number): ModelResultKey {
  return {
    publicationId,
    modelVersion: CURRENT_MODEL.version,
    serviceVersion: `${SERVICE_VERSION}+r${MODEL_RESULT_FORMAT}`,
  };
}

/** The series the model and the correlations read: only these are sent to the worker. */
export const MODEL_SERIES: readonly string[] = [
  ...new Set([...CURRENT_MODEL.scored.map((s) => s.id), ...BENCHMARKS, ...ASSETS, 'net-liquidity']),
];

/** A publication's model: computed (or read back), or why it could not be. */
export type ModelOutcome = { ok: true; computation: ModelComputation } | { ok: false; error: string };

/** Throws when the model cannot be computed; a failing correlation is reported beside a good model. */
export function computeModelComputation(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  now: Date,
  baseUrl: string,
): ModelComputation {
  const { run, inputs, ...outputs } = computeModelOutputs(vintaged, now, baseUrl);
  let correlation: ModelComputation['correlation'];
  try {
    correlation = computeCorrelations(run!, inputs!);
  } catch (cause) {
    correlation = { error: (cause as Error).message ?? String(cause) };
  }
  return { outputs, correlation };
}

/** The computation, or why it could not be made (what a publication is built with). */
export function modelOutcome(vintaged: ReadonlyMap<string, VintagedSeries>, now: Date, baseUrl: string): ModelOutcome {
  try {
    return { ok: true, computation: computeModelComputation(vintaged, now, baseUrl) };
  } catch (cause) {
    return { ok: false, error: (cause as Error).message ?? String(cause) };
  }
}

/** Only the series the computation reads (what crosses to the worker). */
export function modelSeries(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  version?: string,
): Map<string, VintagedSeries> {
  // An earlier version reads inputs of its own (dli-1 read the TGA and ON RRP, say).
  const spec = MODEL_VERSIONS.find((v) => v.version === version)?.spec;
  const ids = spec ? new Set([...MODEL_SERIES, ...spec.scored.map((s) => s.id)]) : MODEL_SERIES;
  return new Map([...ids].flatMap((id) => (vintaged.has(id) ? [[id, vintaged.get(id)!] as const] : [])));
}
