import { daysBetween } from './dates.ts';
import type { Observation } from './observation.ts';

/**
 * Index of the last observation dated on or before `date` in an ascending series, or -1.
 * Binary search: O(log n).
 */
export function lastIndexOnOrBefore(series: readonly Observation[], date: string): number {
  let lo = 0;
  let hi = series.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid]!.date <= date) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** First index dated on or after `date`, or `series.length` when none is. O(log n). */
export function firstIndexOnOrAfter(series: readonly Observation[], date: string): number {
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (series[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The value in force on `date`: the latest print on or before it, if no older than `maxAgeDays`. */
export function valueAsOf(series: readonly Observation[], date: string, maxAgeDays: number): number | undefined {
  const index = lastIndexOnOrBefore(series, date);
  if (index < 0) return undefined;
  const obs = series[index]!;
  return daysBetween(obs.date, date) <= maxAgeDays ? obs.value : undefined;
}
