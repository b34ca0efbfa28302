import { firstIndexOnOrAfter } from './as-of.ts';
import { addDays } from './dates.ts';
import type { Observation } from './observation.ts';

/** The dates an answer covers: a trailing window of days, or a range of dates (end inclusive; null: to the latest). */
export type DateWindow = { days: number } | { start: string; end: string | null };

/**
 * The points of `window`, ascending: the trailing `days` ending on the last point, or the dates from start to
 * end. Example: points on 2024-01-01, 03-31 and 06-30: { days: 92 } → [03-31, 06-30];
 * { start: '2024-04-01', end: null } → [06-30].
 */
export function pointsIn<T extends { date: string }>(points: readonly T[], window: DateWindow): T[] {
  const last = points.at(-1);
  if (!last) return [];
  const obs = points as unknown as Observation[];
  if ('days' in window) return points.slice(firstIndexOnOrAfter(obs, addDays(last.date, -(window.days - 1))));
  const from = firstIndexOnOrAfter(obs, window.start);
  const to = window.end === null ? points.length : firstIndexOnOrAfter(obs, addDays(window.end, 1));
  return points.slice(from, Math.max(from, to));
}

/** A cache key for a window: "d365", "2020-01-01..2021-06-30", "2020-01-01.." (open end). */
export function windowKey(window: DateWindow): string {
  return 'days' in window ? `d${window.days}` : `${window.start}..${window.end ?? ''}`;
}
