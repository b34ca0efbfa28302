import { fromDayNumber } from '../../timeseries/dates.ts';
import { mean } from '../stats/mean.ts';
import { median } from '../stats/median.ts';
import { round } from '../stats/round.ts';
import { spearman } from '../stats/spearman.ts';
import { welchTTest } from '../stats/welch-t-test.ts';
import { type ModelRun, type Status, statusOf } from './liquidity-model.ts';
import { type PointInTimeSeries, sampleOnGrid } from './point-in-time.ts';

/**
 * Validation of the headline against independent benchmarks and forward returns, computed from the same
 * stored data at each publish:
 * - Spearman correlation with NFCI and STLFSI4 on Fridays, each benchmark taken as last published on or
 *   before the day (NFCI 5 days after its week, STLFSI4 6), coincident and with the benchmark 4 and 13 weeks
 *   later; over the whole common period and since 2023-01-01 separately.
 * - 60-business-day forward returns of SPX, QQQ, BTC and gold by regime state, sampled every 60 business days
 *   (non-overlapping, so the t-test is not inflated by shared windows): count, mean, median, hit rate, the
 *   risk-on minus risk-off spread and Welch's t-test of that difference.
 */
export const BENCHMARKS = ['nfci', 'stlfsi4'] as const;
export const LEADS_WEEKS = [0, 4, 13] as const;
export const RECENT_FROM = '2023-01-01';
export const FORWARD_DAYS = 60;
export const ASSETS = ['spx', 'qqq', 'btc', 'gold'] as const;

export interface CorrelationFigure {
  benchmark: (typeof BENCHMARKS)[number];
  period: 'full' | 'since-2023';
  leadWeeks: number;
  rho: number | null;
  n: number;
  from: string | null;
  to: string | null;
}

export interface StateReturns {
  count: number;
  meanPct: number | null;
  medianPct: number | null;
  hitRate: number | null;
}

export interface ForwardReturnFigure {
  asset: (typeof ASSETS)[number];
  horizonBusinessDays: number;
  sampling: string;
  from: string | null;
  to: string | null;
  byState: Record<Status, StateReturns>;
  riskOnMinusRiskOffPct: number | null;
  welch: { t: number | null; df: number | null; p: number | null };
}

export interface Validation {
  correlations: CorrelationFigure[];
  forwardReturns: ForwardReturnFigure[];
}

export function validateModel(run: ModelRun, inputs: ReadonlyMap<string, PointInTimeSeries>): Validation {
  return {
    correlations: BENCHMARKS.flatMap((id) => benchmarkCorrelations(run, id, inputs.get(id))),
    forwardReturns: ASSETS.map((id) => forwardReturns(run, id, inputs.get(id))),
  };
}

function benchmarkCorrelations(
  run: ModelRun,
  benchmark: (typeof BENCHMARKS)[number],
  series: PointInTimeSeries | undefined,
): CorrelationFigure[] {
  const fridays: number[] = [];
  for (let g = 0; g < run.grid.length; g++) if ((run.grid[g]! + 4) % 7 === 5) fridays.push(g);
  const days = Int32Array.from(fridays.map((g) => run.grid[g]!));
  const values = series ? sampleOnGrid(series, days, 14).values : new Float64Array(days.length).fill(Number.NaN);
  const recentFrom = Date.parse(`${RECENT_FROM}T00:00:00Z`) / 86_400_000;
  const figures: CorrelationFigure[] = [];
  for (const period of ['full', 'since-2023'] as const) {
    for (const lead of LEADS_WEEKS) {
      const x: number[] = [];
      const y: number[] = [];
      const used: number[] = [];
      for (let w = 0; w + lead < fridays.length; w++) {
        const headline = run.headline[fridays[w]!]!;
        const later = values[w + lead]!;
        if (Number.isNaN(headline) || Number.isNaN(later)) continue;
        if (period === 'since-2023' && days[w]! < recentFrom) continue;
        x.push(headline);
        y.push(later);
        used.push(days[w]!);
      }
      const rho = x.length >= 10 ? spearman(x, y) : Number.NaN;
      figures.push({
        benchmark,
        period,
        leadWeeks: lead,
        rho: Number.isNaN(rho) ? null : round(rho, 3),
        n: x.length,
        from: used.length > 0 ? fromDayNumber(used[0]!) : null,
        to: used.length > 0 ? fromDayNumber(used.at(-1)!) : null,
      });
    }
  }
  return figures;
}

function forwardReturns(run: ModelRun, asset: (typeof ASSETS)[number], series: PointInTimeSeries | undefined) {
  return forwardReturnsByState(run, asset, series, FORWARD_DAYS);
}

/**
 * Simple returns over `horizon` business days by the regime state on the sample day, sampled every `horizon`
 * business days from the first warmed-up day (non-overlapping windows); Welch's t-test of risk-on vs risk-off.
 * The state on day t uses only data published by day t (point-in-time model run).
 */
export function forwardReturnsByState(
  run: ModelRun,
  asset: (typeof ASSETS)[number],
  series: PointInTimeSeries | undefined,
  horizon: number,
): ForwardReturnFigure {
  const prices = series ? sampleOnGrid(series, run.grid, 5).values : new Float64Array(run.grid.length).fill(Number.NaN);
  const samples: Record<Status, number[]> = { 'risk-on': [], neutral: [], 'risk-off': [] };
  let first = -1;
  let last = -1;
  const start = run.headline.findIndex((v) => !Number.isNaN(v));
  for (let g = Math.max(0, start); start >= 0 && g + horizon < run.grid.length; g += horizon) {
    const headline = run.headline[g]!;
    const now = prices[g]!;
    const later = prices[g + horizon]!;
    if (Number.isNaN(headline) || !(now > 0) || !(later > 0)) continue;
    samples[statusOf(headline)].push(100 * (later / now - 1));
    if (first < 0) first = g;
    last = g + horizon;
  }
  const byState = Object.fromEntries(
    (['risk-on', 'neutral', 'risk-off'] as const).map((state) => [state, summarize(samples[state])]),
  ) as Record<Status, StateReturns>;
  const on = byState['risk-on'].meanPct;
  const off = byState['risk-off'].meanPct;
  const welch = welchTTest(samples['risk-on'], samples['risk-off']);
  return {
    asset,
    horizonBusinessDays: horizon,
    sampling: `non-overlapping: one sample every ${horizon} business days from the first warmed-up day`,
    from: first >= 0 ? fromDayNumber(run.grid[first]!) : null,
    to: last >= 0 ? fromDayNumber(run.grid[last]!) : null,
    byState,
    riskOnMinusRiskOffPct: on !== null && off !== null ? round(on - off, 2) : null,
    welch: {
      t: Number.isNaN(welch.t) ? null : round(welch.t, 2),
      df: Number.isNaN(welch.df) ? null : round(welch.df, 1),
      p: Number.isNaN(welch.p) ? null : round(welch.p, 3),
    },
  };
}

function summarize(returns: number[]): StateReturns {
  if (returns.length === 0) return { count: 0, meanPct: null, medianPct: null, hitRate: null };
  return {
    count: returns.length,
    meanPct: round(mean(returns), 2),
    medianPct: round(median(returns), 2),
    hitRate: round(returns.filter((r) => r > 0).length / returns.length, 2),
  };
}
