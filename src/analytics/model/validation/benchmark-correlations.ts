import type { Static } from '@sinclair/typebox';
import { fromDayNumber, toDayNumber } from '../../../timeseries/dates.ts';
import type { Validation as ValidationSchema } from '../../schemas/validation.ts';
import { averageRanks } from '../../stats/average-ranks.ts';
import { type BlockResample, blockBootstrapInterval } from '../../stats/block-bootstrap.ts';
import { pearson } from '../../stats/pearson.ts';
import { round } from '../../stats/round.ts';
import type { ModelRun } from '../liquidity-model.ts';
import { type PointInTimeSeries, sampleOnGrid } from '../point-in-time.ts';
import { PERIODS } from './periods.ts';

export const BENCHMARKS = ['nfci', 'stlfsi4'] as const;
export type Benchmark = (typeof BENCHMARKS)[number];
export const LEADS_WEEKS = [0, 4, 13] as const;

/** The protocol's bootstrap: 13-week blocks, 2,000 resamples, a fixed seed, a 90 % interval. */
export const BOOTSTRAP = { blockLength: 13, resamples: 2000, seed: 20261123, level: 0.9 } as const;

export type CorrelationFigure = Static<typeof ValidationSchema>['correlations'][number];

/**
 * Spearman ρ of the headline on Fridays with a benchmark `lead` weeks later, each benchmark as last published by
 * that Friday (sampled point-in-time, up to 14 days old), for every period and lead. The interval resamples the
 * weekly pairs in blocks and recomputes the correlation of their full-sample ranks (Spearman's ρ is the Pearson
 * correlation of ranks; keeping the ranks fixed avoids re-ranking 2,000 times and changes the interval little).
 */
export function benchmarkCorrelations(
  run: ModelRun,
  benchmark: Benchmark,
  series: PointInTimeSeries | undefined,
): CorrelationFigure[] {
  const fridays: number[] = [];
  for (let g = 0; g < run.grid.length; g++) if ((run.grid[g]! + 4) % 7 === 5) fridays.push(g);
  const days = Int32Array.from(fridays.map((g) => run.grid[g]!));
  const values = sampleOnGrid(series, days, 14).values;
  const figures: CorrelationFigure[] = [];
  for (const period of PERIODS) {
    const from = toDayNumber(period.from);
    const to = toDayNumber(period.to);
    for (const lead of LEADS_WEEKS) {
      const x: number[] = [];
      const y: number[] = [];
      const used: number[] = [];
      for (let w = 0; w + lead < fridays.length; w++) {
        const headline = run.headline[fridays[w]!]!;
        const later = values[w + lead]!;
        if (Number.isNaN(headline) || Number.isNaN(later) || days[w]! < from || days[w]! > to) continue;
        x.push(headline);
        y.push(later);
        used.push(days[w]!);
      }
      figures.push({ benchmark, period: period.id, leadWeeks: lead, ...rankCorrelation(x, y, used) });
    }
  }
  return figures;
}

/**
 * The sums a Pearson correlation is made of, as prefix sums: the sums over any run of consecutive pairs are two
 * lookups, so a bootstrap resample costs one step per block instead of one per pair. The values are ranks — whole or
 * half numbers — whose sums, squares and products are exact in floating point at these sizes, so the result is the
 * one a pass over every pair gives, to the last bit.
 */
function prefixSums(x: readonly number[], y: readonly number[]): Float64Array {
  // Five running sums per pair — x, y, x², y², xy — those of the first i pairs at 5i.
  const sums = new Float64Array(5 * (x.length + 1));
  for (let i = 0; i < x.length; i++) {
    const a = x[i]!;
    const b = y[i]!;
    const terms = [a, b, a * a, b * b, a * b];
    for (let k = 0; k < 5; k++) sums[5 * (i + 1) + k] = sums[5 * i + k]! + terms[k]!;
  }
  return sums;
}

/** Pearson correlation of the pairs a bootstrap resample holds, from its blocks (the bootstrap's hot loop). */
function resampledPearson(sums: Float64Array, resample: BlockResample, n: number): number {
  const s = [0, 0, 0, 0, 0];
  for (let b = 0; b < resample.count; b++) {
    const from = 5 * resample.starts[b]!;
    const to = from + 5 * (b === resample.count - 1 ? resample.lastLength : resample.length);
    for (let k = 0; k < 5; k++) s[k]! += sums[to + k]! - sums[from + k]!;
  }
  const [sx, sy, sxx, syy, sxy] = s as [number, number, number, number, number];
  const cov = sxy - (sx * sy) / n;
  const vx = sxx - (sx * sx) / n;
  const vy = syy - (sy * sy) / n;
  return vx > 0 && vy > 0 ? cov / Math.sqrt(vx * vy) : Number.NaN;
}

function rankCorrelation(x: number[], y: number[], used: number[]) {
  const n = x.length;
  const span = {
    from: n > 0 ? fromDayNumber(used[0]!) : null,
    to: n > 0 ? fromDayNumber(used.at(-1)!) : null,
  };
  if (n < 10) return { rho: null, interval90: null, n, ...span };
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const rho = pearson(rx, ry);
  const sums = prefixSums(rx, ry);
  const interval = blockBootstrapInterval(n, (resample) => resampledPearson(sums, resample, n), BOOTSTRAP);
  return {
    rho: Number.isNaN(rho) ? null : round(rho, 3),
    interval90: interval ? ([round(interval[0], 3), round(interval[1], 3)] as [number, number]) : null,
    n,
    ...span,
  };
}
