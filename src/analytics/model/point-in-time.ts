import { toDayNumber } from '../../timeseries/dates.ts';
import { currentValue, type VintagedSeries } from '../../timeseries/vintages.ts';

/**
 * A series as it could have been known on each day. An observation dated d is known from d + its publication
 * lag; one first stored after the store's first load (the backfill) is known no earlier than the day it was
 * first seen. A revised value counts only from the day its vintage was seen. Known-from days are made
 * non-decreasing by delaying (never advancing) later observations, so as-of lookups stay binary searches and
 * can only err towards using less data.
 */
export interface PointInTimeSeries {
  obsDay: Int32Array;
  knownFrom: Int32Array;
  /** Value of the first vintage (the first print). */
  firstValue: Float64Array;
  /** Later vintages by observation index: [seenDay, value] pairs, ascending. */
  revisions: Map<number, Array<[number, number]>>;
}

/**
 * Each date's day number, kept per dates array: an `asOf` answer reads every stored series again, and parsing their
 * dates dominated. Computed again when the array has grown (the store appends to a series while it loads it); a
 * stored series' dates are never otherwise changed.
 */
const DAY_NUMBERS = new WeakMap<readonly string[], Int32Array>();

function dayNumbersOf(dates: readonly string[]): Int32Array {
  const kept = DAY_NUMBERS.get(dates);
  if (kept?.length === dates.length) return kept;
  const days = new Int32Array(dates.length);
  for (let i = 0; i < dates.length; i++) days[i] = toDayNumber(dates[i]!);
  DAY_NUMBERS.set(dates, days);
  return days;
}

export function pointInTime(series: VintagedSeries, lagDays: number): PointInTimeSeries {
  const n = series.dates.length;
  const days = dayNumbersOf(series.dates);
  const obsDay = new Int32Array(n);
  const knownFrom = new Int32Array(n);
  const firstValue = new Float64Array(n);
  const revisions = new Map<number, Array<[number, number]>>();
  let horizon = Number.POSITIVE_INFINITY;
  for (const seenAt of new Set(series.firstSeen)) horizon = Math.min(horizon, seenDay(seenAt));
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    obsDay[i] = days[i]!;
    const firstSeen = seenDay(series.firstSeen[i]!);
    const published = obsDay[i]! + lagDays;
    const known = firstSeen <= horizon ? published : Math.max(published, firstSeen);
    floor = Math.max(floor, known);
    knownFrom[i] = floor;
    firstValue[i] = series.firstValues[i]!;
    const later = series.revisions.get(i);
    if (later)
      revisions.set(
        i,
        later.map((v) => [seenDay(v.seenAt), v.value]),
      );
  }
  return { obsDay, knownFrom, firstValue, revisions };
}

/**
 * A series as a fresh install would rebuild it today: every observation at its newest value, known from its
 * date plus its publication lag (made non-decreasing as above), no revisions. What a long-running store saw
 * first, and when, plays no part, so every install publishes the same history from the same provider data.
 * Example: 2024-01-03 first printed 10, revised to 11 a month later, lag 1 → 11 known from 2024-01-04.
 */
export function asPublishedToday(series: VintagedSeries, lagDays: number): PointInTimeSeries {
  // Dates the provider has withdrawn (current value NaN) are not part of the series as published today.
  return publishedWith(series, lagDays, (i) => currentValue(series, i));
}

/**
 * asPublishedToday of the series as the store knew it at `instant` (vintagedAsOf), without building that series:
 * dates first seen after the instant left out, each date at its newest vintage seen by then (a withdrawal, NaN,
 * leaves it out). An `asOf` answer builds this for every input.
 */
export function asPublishedAt(series: VintagedSeries, lagDays: number, instant: string): PointInTimeSeries {
  return publishedWith(series, lagDays, (i) =>
    series.firstSeen[i]! > instant ? Number.NaN : valueSeenBy(series, i, instant),
  );
}

/** Every date at its `valueAt` (NaN: left out), known from its date plus the lag, made non-decreasing. */
function publishedWith(series: VintagedSeries, lagDays: number, valueAt: (i: number) => number): PointInTimeSeries {
  const n = series.dates.length;
  const days = dayNumbersOf(series.dates);
  const obsDay = new Int32Array(n);
  const knownFrom = new Int32Array(n);
  const firstValue = new Float64Array(n);
  let kept = 0;
  let floor = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const value = valueAt(i);
    if (Number.isNaN(value)) continue;
    obsDay[kept] = days[i]!;
    floor = Math.max(floor, obsDay[kept]! + lagDays);
    knownFrom[kept] = floor;
    firstValue[kept] = value;
    kept++;
  }
  return {
    obsDay: obsDay.slice(0, kept),
    knownFrom: knownFrom.slice(0, kept),
    firstValue: firstValue.slice(0, kept),
    revisions: new Map(),
  };
}

/**
 * The first day on which the series as published at `instant` (asPublishedAt) can read differently from the same
 * series as published at `later`: the known-from day of the earliest date first seen, revised or withdrawn between
 * the two (+Infinity when none). Every earlier day reads the same values either way, so a model
 * that reads only the past (liquidity-model.ts) scores those days the same. Example: lag 1, 2024-01-03 revised
 * between the two instants → 2024-01-04's day number.
 */
export function firstDayPublishedDifferently(
  series: VintagedSeries,
  lagDays: number,
  instant: string,
  later: string,
): number {
  // What was seen between the two, whichever is earlier.
  const [from, to] = instant <= later ? [instant, later] : [later, instant];
  const days = dayNumbersOf(series.dates);
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < series.dates.length && days[i]! + lagDays < first; i++) {
    const seen = series.firstSeen[i]!;
    const changed =
      (seen > from && seen <= to) || (series.revisions.get(i)?.some((v) => v.seenAt > from && v.seenAt <= to) ?? false);
    if (changed) first = days[i]! + lagDays;
  }
  return first;
}

/** Date i's newest vintage seen by `instant` (its first print when no revision was seen by then). */
function valueSeenBy(series: VintagedSeries, i: number, instant: string): number {
  const later = series.revisions.get(i);
  let value = series.firstValues[i]!;
  if (later) for (const v of later) if (v.seenAt <= instant) value = v.value;
  return value;
}

function seenDay(seenAt: string): number {
  return toDayNumber(seenAt.slice(0, 10));
}

/** The value of observation i as known on `day`: the latest vintage seen by then, else the first print. */
export function valueKnownOn(series: PointInTimeSeries, i: number, day: number): number {
  const later = series.revisions.get(i);
  let value = series.firstValue[i]!;
  if (later) for (const [from, revised] of later) if (from <= day) value = revised;
  return value;
}

/**
 * Samples a series on a grid of days: for each grid day, the latest observation known by then (NaN when none,
 * or when it is more than `maxAgeDays` old; everywhere without a series). Also returns each sample's observation
 * day (-1: none). O(grid + n).
 */
export function sampleOnGrid(series: PointInTimeSeries | undefined, grid: Int32Array, maxAgeDays: number) {
  const values = new Float64Array(grid.length).fill(Number.NaN);
  const observed = new Int32Array(grid.length).fill(-1);
  if (!series) return { values, observed };
  let i = -1;
  for (let g = 0; g < grid.length; g++) {
    const day = grid[g]!;
    while (i + 1 < series.knownFrom.length && series.knownFrom[i + 1]! <= day) i++;
    if (i < 0 || day - series.obsDay[i]! > maxAgeDays) continue;
    const value = valueKnownOn(series, i, day);
    // Withdrawn by then (dli-1's point-in-time view): no value that day.
    if (Number.isNaN(value)) continue;
    values[g] = value;
    observed[g] = series.obsDay[i]!;
  }
  return { values, observed };
}

/** Monday-to-Friday day numbers from `from` to `to` inclusive. */
export function businessDays(from: string, to: string): Int32Array {
  const days: number[] = [];
  for (let day = toDayNumber(from); day <= toDayNumber(to); day++) {
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday (4)
    if (weekday >= 1 && weekday <= 5) days.push(day);
  }
  return Int32Array.from(days);
}

/**
 * The last day on which a series brought new information: the day its latest observation became known, or a
 * later day on which a revision was first seen. -1 for an empty series.
 * Example: a Wednesday print known the next day (lag 1), never revised → that Thursday.
 */
export function lastInformationDay(series: PointInTimeSeries): number {
  const n = series.knownFrom.length;
  if (n === 0) return -1;
  let day = series.knownFrom[n - 1]!;
  for (const later of series.revisions.values()) for (const [seen] of later) day = Math.max(day, seen);
  return day;
}
