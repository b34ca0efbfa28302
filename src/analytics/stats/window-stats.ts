import { firstIndexOnOrAfter } from '../../timeseries/as-of.ts';
import { addDays } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { mean } from './mean.ts';
import { percentRank } from './percent-rank.ts';
import { sampleStd } from './sample-std.ts';

/** Trailing window used for a series' z-scores and percentile: the last 5 years (1,826 days) of observations. */
const STATS_WINDOW_DAYS = 1826;

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
 * Example: values [1, 2, 3, 4] on four days → mean 2.5, std 1.2910, percentile 88 (the latest, 4, ranks above
 * 3 of 4 with itself counted half).
 */
export function windowStats(series: readonly Observation[]): WindowStats | undefined {
  if (series.length === 0) return undefined;
  const last = series[series.length - 1]!;
  const start = firstIndexOnOrAfter(series, addDays(last.date, -(STATS_WINDOW_DAYS - 1)));
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
