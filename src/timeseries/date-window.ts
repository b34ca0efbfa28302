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

/**
 * A chart's date range widened to whole months: the start to the first of its month, the end to the last day of
 * its month. Charts are drawn per distinct URL, so their ranges come in months (as their `days` come in a few
 * canonical windows); a trailing window is left as it is. Example: 2021-03-17..2022-02-03 → 2021-03-01..2022-02-28.
 */
export function wholeMonths(window: DateWindow): DateWindow {
  if ('days' in window) return window;
  const start = `${window.start.slice(0, 7)}-01`;
  if (window.end === null) return { start, end: null };
  const [year, month] = window.end.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { start, end };
}
