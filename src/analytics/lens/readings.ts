import { firstIndexOnOrAfter, valueAsOf } from '../../timeseries/as-of.ts';
import { addDays } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { median } from '../stats/median.ts';
import type { Trend } from './lens.ts';

/** Small readings over one series that the lens axes share: latest value, change over a window, trend, gaps. */
export type SeriesMap = ReadonlyMap<string, readonly Observation[]>;
export type Get = (id: string) => readonly Observation[];

/** Tracks the latest observation date used by an axis. */
export class AsOf {
  date: string | null = null;
  use(date: string | null | undefined): void {
    if (date && (this.date === null || date > this.date)) this.date = date;
  }
}

export function last(series: readonly Observation[]): Observation | undefined {
  return series[series.length - 1];
}

/** Change of a series over `days` to its latest observation (the earlier value within a week of the target). */
export function changeOver(
  series: readonly Observation[],
  days: number,
  tolerance = 7,
): { change: number; date: string } | undefined {
  const end = last(series);
  if (!end) return undefined;
  const start = valueAsOf(series, addDays(end.date, -days), tolerance);
  return start === undefined ? undefined : { change: end.value - start, date: end.date };
}

/**
 * Which of three words a signed change earns against a symmetric threshold: the first at ≥ +threshold, the last
 * at ≤ −threshold, the middle otherwise. Example: bySign(0.2, 0.15, ['rising', 'flat', 'falling']) = 'rising'.
 */
export function bySign<T extends string>(change: number, threshold: number, words: readonly [T, T, T]): T {
  return change >= threshold ? words[0] : change <= -threshold ? words[2] : words[1];
}

export function trendOf(change: number | undefined, threshold: number): Trend | null {
  return change === undefined ? null : bySign<Trend>(change, threshold, ['rising', 'flat', 'falling']);
}

/** a − b on the dates both print. */
export function spreadBetween(a: readonly Observation[], b: readonly Observation[]): Observation[] {
  const other = new Map(b.map((o) => [o.date, o.value]));
  const out: Observation[] = [];
  for (const o of a) {
    const v = other.get(o.date);
    if (v !== undefined) out.push({ date: o.date, value: o.value - v });
  }
  return out;
}

/** Each value minus the median of the trailing 5 years up to it (needs a year of history). */
export function gapFromTrailingMedian(series: readonly Observation[]): Observation[] {
  const out: Observation[] = [];
  // Only the last quarter matters for the lens (latest value and its 4-week trend): compute those points.
  const start = Math.max(0, firstIndexOnOrAfter(series, addDays(last(series)?.date ?? '1900-01-01', -120)));
  for (let i = start; i < series.length; i++) {
    const from = firstIndexOnOrAfter(series, addDays(series[i]!.date, -1826));
    const window = series.slice(from, i + 1).map((o) => o.value);
    if (window.length < 52) continue;
    out.push({ date: series[i]!.date, value: series[i]!.value - median(window) });
  }
  return out;
}
