import type { Static } from '@sinclair/typebox';
import type { Validation as ValidationSchema } from '../../schemas/validation.ts';
import type { ModelRun } from '../liquidity-model.ts';
import type { PointInTimeSeries } from '../point-in-time.ts';
import { BENCHMARKS, benchmarkCorrelations } from './benchmark-correlations.ts';
import { crisisChecks } from './crisis-checks.ts';
import { ASSETS, forwardReturns, HORIZONS } from './forward-returns.ts';
import { robustness } from './robustness.ts';
import { dli3Targets, dli4Targets } from './targets.ts';

/**
 * The validation published with the model, recomputed from the stored data at each refresh, as fixed in
 * docs/dli-2-protocol.md: correlations with NFCI and STLFSI4 by period and lead with bootstrap intervals, the
 * crisis checks, forward returns by regime state, and the model's own guarantees checked on every day.
 */
/** The validation figures; their shape and meaning: analytics/schemas/validation.ts. */
export type Validation = Static<typeof ValidationSchema>;

export function validateModel(run: ModelRun, inputs: ReadonlyMap<string, PointInTimeSeries>): Validation {
  const correlations = BENCHMARKS.flatMap((id) => benchmarkCorrelations(run, id, inputs.get(id)));
  return {
    correlations,
    targets:
      run.spec.readingRule === 'provisional'
        ? dli4Targets(run, inputs, correlations)
        : dli3Targets(run, inputs, correlations),
    crises: crisisChecks(run),
    forwardReturns: ASSETS.flatMap((id) => HORIZONS.map((h) => forwardReturns(run, id, inputs.get(id), h))),
    robustness: robustness(run),
  };
}
