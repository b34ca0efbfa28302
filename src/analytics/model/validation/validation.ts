import type { ModelRun } from '../liquidity-model.ts';
import type { PointInTimeSeries } from '../point-in-time.ts';
import { BENCHMARKS, benchmarkCorrelations, type CorrelationFigure } from './benchmark-correlations.ts';
import { type CrisisCheck, crisisChecks } from './crisis-checks.ts';
import { ASSETS, type ForwardReturnFigure, forwardReturns, HORIZONS } from './forward-returns.ts';
import { type Robustness, robustness } from './robustness.ts';
import { dli3Targets, dli4Targets, type Target } from './targets.ts';

/**
 * The validation published with the model, recomputed from the stored data at each refresh, as fixed in
 * docs/dli-2-protocol.md: correlations with NFCI and STLFSI4 by period and lead with bootstrap intervals, the
 * crisis checks, forward returns by regime state, and the model's own guarantees checked on every day.
 */
export interface Validation {
  correlations: CorrelationFigure[];
  crises: CrisisCheck[];
  forwardReturns: ForwardReturnFigure[];
  robustness: Robustness | null;
  /** The targets on this history, pass or fail: dli-3's T1–T8 (docs/dli-3-protocol.md), dli-4's T1–T12. */
  targets: Target[];
}

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
