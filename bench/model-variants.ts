/**
 * The dli-2 selection, as fixed in docs/dli-2-protocol.md: loads the real files through the replay server, runs
 * every pre-registered variant, prints its in-sample (2005–2018, used to choose) and out-of-sample (2019 on,
 * reported only) Spearman correlations with NFCI and STLFSI4, its guarantees checked on every day, and the
 * variant the in-sample rule chooses. dli-1 is printed for reference. `node bench/model-variants.ts`
 */

import { computeModel, type ModelRun } from '../src/analytics/model/liquidity-model.ts';
import type { ModelSpec } from '../src/analytics/model/spec.ts';
import { DLI_1 } from '../src/analytics/model/specs/dli-1.ts';
import { DLI_2_VARIANTS, policyFundingShare } from '../src/analytics/model/specs/dli-2.ts';
import {
  type Benchmark,
  benchmarkCorrelations,
  type CorrelationFigure,
} from '../src/analytics/model/validation/benchmark-correlations.ts';
import { crisisChecks } from '../src/analytics/model/validation/crisis-checks.ts';
import type { PeriodId } from '../src/analytics/model/validation/periods.ts';
import { robustness } from '../src/analytics/model/validation/robustness.ts';
import { modelInputs } from '../src/publish/model/run.ts';
import { realVintages } from './real-vintages.ts';

const NOW = '2026-11-22';
const { vintaged, blank } = await realVintages(NOW);

interface Result {
  id: string;
  spec: ModelSpec;
  run: ModelRun;
  figures: CorrelationFigure[];
}

function evaluate(id: string, spec: ModelSpec): Result {
  const inputs = modelInputs(vintaged, spec);
  const run = computeModel(inputs, NOW, blank, spec);
  const figures = (['nfci', 'stlfsi4'] as Benchmark[]).flatMap((b) => benchmarkCorrelations(run, b, inputs.get(b)));
  return { id, spec, run, figures };
}

const rho = (r: Result, benchmark: Benchmark, period: PeriodId, lead = 0) =>
  r.figures.find((f) => f.benchmark === benchmark && f.period === period && f.leadWeeks === lead)?.rho ?? Number.NaN;
const inSample = (r: Result) => (rho(r, 'nfci', 'in-sample') + rho(r, 'stlfsi4', 'in-sample')) / 2;
const fmt = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));

const results = DLI_2_VARIANTS.map((v) => evaluate(v.id, v.spec));
const reference = evaluate('dli-1', DLI_1);

process.stdout.write(
  `data: real files, now = ${NOW}\n\n| variant | inputs | policy+funding | IS NFCI | IS STLFSI4 | IS mean | OOS NFCI | OOS STLFSI4 | NFCI 2016– | NFCI 2023– | monotonicity violations | days moved > 5 by weights | crises hit |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n`,
);
for (const r of [...results, reference]) {
  const checks = robustness(r.run);
  const crises = crisisChecks(r.run);
  const cells = [
    `${r.id} ${r.spec.summary.length < 60 ? r.spec.summary : ''}`,
    String(r.spec.scored.length),
    `${Math.round(100 * policyFundingShare(r.spec))} %`,
    fmt(rho(r, 'nfci', 'in-sample')),
    fmt(rho(r, 'stlfsi4', 'in-sample')),
    fmt(inSample(r)),
    fmt(rho(r, 'nfci', 'out-of-sample')),
    fmt(rho(r, 'stlfsi4', 'out-of-sample')),
    fmt(rho(r, 'nfci', 'since-2016')),
    fmt(rho(r, 'nfci', 'since-2023')),
    checks ? `${checks.monotonicity.violations} / ${checks.monotonicity.checks}` : 'not checked (CISS)',
    checks ? `${checks.stability.daysOverLimit} (max ${checks.stability.maxMovePoints})` : 'n/a',
    `${crises.filter((c) => c.hit).length}/${crises.length}`,
  ];
  process.stdout.write(`| ${cells.join(' | ')} |\n`);
}

// The protocol's rule: highest in-sample mean among variants keeping ≥ 30 % on policy + funding; a tie within
// 0.01 goes to the variant with fewer inputs.
const eligible = results.filter((r) => policyFundingShare(r.spec) >= 0.3 - 1e-9);
const best = Math.max(...eligible.map(inSample));
const tied = eligible.filter((r) => inSample(r) >= best - 0.01);
tied.sort((a, b) => a.spec.scored.length - b.spec.scored.length || inSample(b) - inSample(a));
process.stdout.write(
  `\nchosen by the in-sample rule: ${tied[0]!.id} (in-sample mean ${fmt(inSample(tied[0]!))}; within 0.01 of the best: ${tied.map((r) => r.id).join(', ')})\n`,
);
