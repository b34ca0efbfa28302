import { type CorrelationReport, computeCorrelations } from '../../analytics/correlation/correlation.ts';
import { BENCHMARKS } from '../../analytics/model/validation/benchmark-correlations.ts';
import { ASSETS } from '../../analytics/model/validation/forward-returns.ts';
import { CURRENT_MODEL, MODEL_VERSIONS } from '../../analytics/model/versions.ts';
import type { ModelResultKey } from '../../store/model-results.ts';
import { errorMessage } from '../../timeseries/error-message.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import { SERVICE_VERSION } from '../service-version.ts';
import { type ModelOutputs, type RunOutputs, unvalidatedOutputs, withValidation } from './run.ts';

/**
 * The model and everything computed from its run (the correlation statistics), as plain data: what a worker
 * thread computes and sends back, so the serving thread never runs the model.
 */
export interface ModelComputation {
  outputs: Omit<ModelOutputs, 'run' | 'inputs'>;
  correlation: CorrelationReport | { error: string };
}

/**
 * The shape of a stored ModelComputation (store/model-results.ts): bumped whenever a field is added or what a field
 * holds is computed differently, so that a restart never serves a result kept by older code of the same service
 * version.
 */
export const MODEL_RESULT_FORMAT = 6;

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

/**
 * The computation in its two steps: first the model without its validation statistics (description.validation
 * null), then, when `validated()` is called, with them. A first start serves the first while the second is computed
 * (bootstrap-model.ts); everything else asks for the outcome whole (modelOutcome).
 */
export interface ModelOutcomeSteps {
  unvalidated: ModelOutcome;
  validated: () => ModelOutcome;
}

export function modelOutcomeSteps(
  vintaged: ReadonlyMap<string, VintagedSeries>,
  now: Date,
  baseUrl: string,
): ModelOutcomeSteps {
  let first: RunOutputs;
  try {
    first = unvalidatedOutputs(vintaged, now, baseUrl);
  } catch (cause) {
    return failedSteps(cause);
  }
  const correlation = correlationOf(first);
  const outcome = ({ run: _run, inputs: _inputs, ...outputs }: RunOutputs): ModelOutcome => ({
    ok: true,
    computation: { outputs, correlation },
  });
  return {
    unvalidated: outcome(first),
    validated: () => {
      try {
        return outcome(withValidation(first));
      } catch (cause) {
        return failure(cause);
      }
    },
  };
}

/** The computation, or why it could not be made (what a publication is built with). */
export function modelOutcome(vintaged: ReadonlyMap<string, VintagedSeries>, now: Date, baseUrl: string): ModelOutcome {
  return modelOutcomeSteps(vintaged, now, baseUrl).validated();
}

/** The correlation statistics of a run; a failing correlation is reported beside a good model. */
function correlationOf({ run, inputs }: RunOutputs): ModelComputation['correlation'] {
  try {
    return computeCorrelations(run, inputs);
  } catch (cause) {
    return { error: errorMessage(cause) };
  }
}

function failure(cause: unknown): ModelOutcome {
  return { ok: false, error: errorMessage(cause) };
}

/** Both steps failed for one cause (the model's, or its inputs' when they could not be read). */
export function failedSteps(cause: unknown): ModelOutcomeSteps {
  const failed = failure(cause);
  return { unvalidated: failed, validated: () => failed };
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
