import type { RecomputeErrors } from '../recompute.ts';
import { type ModelFreshness, readingFreshness } from '../resources/model.ts';
import type { ModelComputation, ModelOutcome } from './computation.ts';

/** The model's outputs a publication serves, and how fresh its reading is. */
export interface ModelState {
  outputs: ModelComputation['outputs'];
  freshness: ModelFreshness;
}

/**
 * The publication's model state from its computed model. When the model could not be computed, the previous
 * publication's result is kept and served marked last-good, with the reason: never a silent neutral value.
 */
export function modelState(
  computed: ModelOutcome,
  now: Date,
  previous: ModelState | undefined,
  errors: RecomputeErrors,
): { state: ModelState | undefined; correlationReport: ModelComputation['correlation'] | undefined } {
  if (computed.ok) {
    const { outputs, correlation } = computed.computation;
    return {
      state: { outputs, freshness: readingFreshness(outputs.regime.date, now, outputs.regime.coverage) },
      correlationReport: correlation,
    };
  }
  const error = `model recompute failed at ${now.toISOString()}: ${computed.error}`;
  errors.model = error;
  return {
    state: previous && { outputs: previous.outputs, freshness: { state: 'last-good', reason: error } },
    correlationReport: undefined,
  };
}
