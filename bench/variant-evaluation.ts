import { computeModel, type ModelRun } from '../src/analytics/model/liquidity-model.ts';
import type { PointInTimeSeries } from '../src/analytics/model/point-in-time.ts';
import type { ModelSpec } from '../src/analytics/model/spec.ts';
import { inSampleAuroc, inSampleCriteria, type Target } from '../src/analytics/model/validation/targets.ts';
import { modelInputs } from '../src/publish/model/run.ts';
import { realVintages } from './real-vintages.ts';

/**
 * What the protocol benches (dli-3-variants.ts, dli-4-variants.ts) compute for each pre-registered variant: the
 * model run on the real files as of NOW, its in-sample criteria (these choose), its version's targets (reported
 * only) and its in-sample AUROC.
 */
export const NOW = '2026-11-22';

export interface VariantResult {
  id: string;
  spec: ModelSpec;
  run: ModelRun;
  inSample: Target[];
  targets: Target[];
  auc: number | null;
}

type Targets = (run: ModelRun, inputs: ReadonlyMap<string, PointInTimeSeries>) => Target[];

/** Loads the real files once; the function it returns evaluates one variant with the given targets. */
export async function variantEvaluator(targets: Targets): Promise<(id: string, spec: ModelSpec) => VariantResult> {
  const { vintaged, blank } = await realVintages(NOW);
  return (id, spec) => {
    const inputs = modelInputs(vintaged, spec);
    const run = computeModel(inputs, NOW, blank, spec);
    return {
      id,
      spec,
      run,
      inSample: inSampleCriteria(run, inputs),
      targets: targets(run, inputs),
      auc: inSampleAuroc(run),
    };
  };
}

/** A target as the tables print it: ✓, ✗ or · (not covered), then its figure. */
export const mark = (t: Target): string => `${t.pass === null ? '·' : t.pass ? '✓' : '✗'} ${t.figure}`;
