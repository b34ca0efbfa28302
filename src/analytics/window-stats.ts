import { firstIndexOnOrAfter } from '../timeseries/as-of.ts';
import { addDays } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';

/** Trailing window used for a series' z-scores and percentile: the last 5 years (1,826 days) of observations. */
export const STATS_WINDOW_DAYS = 1826;

export interface WindowStats {
  /** First and last date inside the window, and how many observations it holds. */
  from: string;
  to: string;
  count: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 when the window holds fewer than 2 points or a constant. */
  std: number;
  /** Percent rank of the latest value within the window, mid-rank for ties, as an integer 0–100. */
  percentile: number;
}

/**
 * Statistics of the trailing window ending at the series' last observation.
 * Example: values [1, 2, 3, 4] → mean 2.5, std 1.2910, latest 4 ranks above 3 of 4 with itself counted
 * half → percentile round(100 × 3.5 / 4) = 88.
 */
export function windowStats(series: readonly Observation[], windowDays = STATS_WINDOW_DAYS): WindowStats | undefined {
  if (series.length === 0) return undefined;
  const last = series[series.length - 1]!;
  const start = firstIndexOnOrAfter(series, addDays(last.date, -(windowDays - 1)));
  const values = series.slice(start).map((obs) => obs.value);
  return {
    from: series[start]!.date,
    to: last.date,
    count: values.length,
    mean: mean(values),
    std: sampleStd(values),
    percentile: percentRank(values, last.value),
  };
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation. Example: [2, 4, 4, 4, 5, 5, 7, 9] → 2.1381. */
export function sampleStd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * Share of `values` below `x`, counting ties half (the mid-rank percentile), as an integer 0–100.
 * Example: percentRank([1, 2, 3, 4], 4) = round(100 × (3 + 0.5) / 4) = 88.
 */
export function percentRank(values: readonly number[], x: number): number {
  if (values.length === 0) return 50;
  let below = 0;
  let equal = 0;
  for (const v of values) {
    if (v < x) below++;
    else if (v === x) equal++;
  }
  return Math.round((100 * (below + equal / 2)) / values.length);
}

/** z = (value − mean) / std, or undefined when the window has no spread. */
export function zScore(value: number, stats: Pick<WindowStats, 'mean' | 'std'>): number | undefined {
  return stats.std > 0 ? (value - stats.mean) / stats.std : undefined;
}
