import { addDays } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';
import type { Frequency } from '../../timeseries/series.ts';
import { round } from '../stats/round.ts';
import { addMonths, dailyGrid, dayOfWeek, type Grid, step } from './observation-grid.ts';

/**
 * FRED's frequency aggregation (`frequency`, `aggregation_method`): w = weekly ending Friday (FRED's default
 * week), wef = the same, wew = weekly ending Wednesday (the H.4.1 week), m, q, a.
 */
export const TARGET_FREQUENCIES = ['w', 'wef', 'wew', 'm', 'q', 'a'] as const;
export type TargetFrequency = (typeof TARGET_FREQUENCIES)[number];
export const AGGREGATIONS = ['avg', 'sum', 'eop'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** How coarse a frequency is: aggregation may only go to an equal or coarser one. */
const COARSENESS: Record<Frequency | TargetFrequency, number> = {
  daily: 0,
  weekly: 1,
  w: 1,
  wef: 1,
  wew: 1,
  monthly: 2,
  m: 2,
  quarterly: 3,
  q: 3,
  a: 4,
};

/** Whether a series of `native` frequency can be aggregated to `target` (not to a finer one: FRED refuses too). */
export function canAggregate(native: Frequency, target: TargetFrequency): boolean {
  return COARSENESS[target] >= COARSENESS[native];
}

/** The grid the aggregated series sits on (for the units transform that follows). */
export function targetGrid(target: TargetFrequency): Grid {
  if (target === 'm') return 'months';
  if (target === 'q') return 'quarters';
  if (target === 'a') return 'years';
  return 'weeks';
}

/** The grid of a series at its own frequency. */
export function nativeGrid(native: Frequency, observations: readonly Observation[]): Grid {
  if (native === 'daily') return dailyGrid(observations);
  if (native === 'weekly') return 'weeks';
  return native === 'monthly' ? 'months' : 'quarters';
}

interface Period {
  /**
   * The date the aggregate is given: a week's last day (assumed for FRED's weekly aggregates); the first day of a
   * month, quarter or year (FRED's dating).
   */
  label: string;
  start: string;
  end: string;
}

/**
 * The period a date falls in. Example: periodOf('2026-11-25', 'w') → the week 2026-11-21..27, labelled
 * 2026-11-27 (its Friday); periodOf('2026-11-25', 'q') → 2026-10-01..12-31, labelled 2026-10-01.
 */
export function periodOf(date: string, target: TargetFrequency): Period {
  if (target === 'w' || target === 'wef' || target === 'wew') {
    const weekEnd = target === 'wew' ? 3 : 5;
    const end = addDays(date, (weekEnd - dayOfWeek(date) + 7) % 7);
    return { label: end, start: addDays(end, -6), end };
  }
  const months = target === 'm' ? 1 : target === 'q' ? 3 : 12;
  const month = Number(date.slice(5, 7));
  const start = `${date.slice(0, 4)}-${String(month - ((month - 1) % months)).padStart(2, '0')}-01`;
  return { label: start, start, end: addDays(addMonths(start, months), -1) };
}

/**
 * A series aggregated to a coarser frequency, FRED's way: each period's values averaged (avg), summed (sum) or
 * its last value taken (eop), dates without a value ignored; a period the series does not cover — cut by the
 * series' first or latest observation — is left out rather than given from part of its values (FRED: "the
 * converted value will be missing"). Covered means the series reaches the period's edge within one row of its own
 * grid, with one day of slack on a daily grid so that a holiday on a month's last weekday does not drop the month
 * (our reading of FRED's rule: assumed). Values are rounded to 6 decimals.
 *
 * Example: weekdays 1, 2, 3 on Wed 2026-11-18 … Fri 20, then 4 every weekday Mon 23 … Fri 27, w/avg →
 * [{ date: '2026-11-27', value: 4 }]: the week ending Fri 20 is left out (the series starts on its Wednesday).
 */
export function aggregate(
  observations: readonly Observation[],
  grid: Grid,
  target: TargetFrequency,
  method: Aggregation,
): Observation[] {
  if (observations.length === 0) return [];
  const first = observations[0]!.date;
  const last = observations.at(-1)!.date;
  const out: Observation[] = [];
  let i = 0;
  while (i < observations.length) {
    const period = periodOf(observations[i]!.date, target);
    let sum = 0;
    let count = 0;
    let lastValue = 0;
    for (; i < observations.length && observations[i]!.date <= period.end; i++) {
      sum += observations[i]!.value;
      lastValue = observations[i]!.value;
      count += 1;
    }
    if (!covers(period, first, last, grid)) continue;
    const value = method === 'avg' ? sum / count : method === 'sum' ? sum : lastValue;
    out.push({ date: period.label, value: round(value, 6) });
  }
  return out;
}

/**
 * The series covers the period: its first observation is no later than the period's first row and its latest no
 * earlier than the period's last row — on a daily grid, one row of slack at each edge for a holiday there.
 */
function covers(period: Period, first: string, last: string, grid: Grid): boolean {
  const slack = grid === 'weekdays' || grid === 'days' ? 2 : 1;
  return step(first, grid, -slack) < period.start && step(last, grid, slack) > period.end;
}
