import bounds from 'binary-search-bounds';
import { daysBetween } from './dates.ts';
import type { Observation } from './observation.ts';

/** Orders observations by date (YYYY-MM-DD strings order as dates do). */
const byDate = (a: Pick<Observation, 'date'>, b: Pick<Observation, 'date'>) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

/**
 * Index of the last observation dated on or before `date` in an ascending series, or -1. O(log n).
 * Example: [2024-01-01, 2024-01-03] and 2024-01-02 → 0.
 */
export function lastIndexOnOrBefore(series: readonly Observation[], date: string): number {
  return bounds.le(series as Observation[], { date, value: 0 }, byDate);
}

/**
 * First index dated on or after `date`, or `series.length` when none is. O(log n).
 * Example: [2024-01-01, 2024-01-03] and 2024-01-02 → 1.
 */
export function firstIndexOnOrAfter(series: readonly Observation[], date: string): number {
  return bounds.ge(series as Observation[], { date, value: 0 }, byDate);
}

/** The value in force on `date`: the latest print on or before it, if no older than `maxAgeDays`. */
export function valueAsOf(series: readonly Observation[], date: string, maxAgeDays: number): number | undefined {
  const index = lastIndexOnOrBefore(series, date);
  if (index < 0) return undefined;
  const obs = series[index]!;
  return daysBetween(obs.date, date) <= maxAgeDays ? obs.value : undefined;
}
