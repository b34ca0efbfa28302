import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Provenance } from '../provenance.ts';
import type { RecomputeErrors } from '../recompute.ts';
import { type Resource, resource, varyOnAccept } from '../resource.ts';
import {
  type HistoryBody,
  type ModelBody,
  type ModelFreshness,
  type RegimeBody,
  readingFreshness,
  withDriverUrls,
} from '../resources/model.ts';
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

export interface ModelResources {
  regime: Resource<RegimeBody>;
  history: Resource<HistoryBody>;
  description: Resource<ModelBody>;
}

/** The regime, the history and the model's description, each serialized in a turn of its own. */
export async function modelResources(
  state: ModelState,
  provenance: Provenance,
  baseUrl: string,
): Promise<ModelResources> {
  const { outputs, freshness } = state;
  const regime = resource<RegimeBody>({ ...withDriverUrls(outputs.regime, baseUrl), freshness, provenance }, 'regime');
  await nextTurn();
  const history = varyOnAccept(resource<HistoryBody>({ ...outputs.history, freshness, provenance }, 'history'));
  await nextTurn();
  const description = resource<ModelBody>({ ...outputs.description, freshness, provenance }, 'model');
  return { regime, history, description };
}
