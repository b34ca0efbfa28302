import { addDays, fromDayNumber, toDayNumber } from '../../timeseries/dates.ts';
import type { Observation } from '../../timeseries/observation.ts';

/**
 * The calendar a series' observations sit on, for counting FRED's "t − 1" and "t − n_obs_per_yr" in rows of the
 * series' own grid: a daily series on weekdays (FRED's "Daily" grid: a holiday is a row without a value), a
 * daily series that also has weekend dates on every calendar day ("Daily, 7-day"), a weekly one every 7 days, a
 * monthly one on the 1st of each month, a quarterly one on the 1st of each quarter, an annual one on January 1.
 */
export type Grid = 'weekdays' | 'days' | 'weeks' | 'months' | 'quarters' | 'years';

/** Day of the week of a YYYY-MM-DD date: 0 Sunday … 6 Saturday. Example: dayOfWeek('2026-11-25') = 3 (Wednesday). */
export function dayOfWeek(date: string): number {
  return weekdayOf(toDayNumber(date));
}

/** The same of a day number: 1970-01-01, day 0, was a Thursday (4). */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

export function isWeekend(date: string): boolean {
  const day = dayOfWeek(date);
  return day === 0 || day === 6;
}

/** A daily series' grid: weekdays, unless it has a value on a weekend date (then every calendar day). */
export function dailyGrid(observations: readonly Observation[]): Grid {
  return observations.some((o) => isWeekend(o.date)) ? 'days' : 'weekdays';
}

/** The date `months` calendar months from a date on the 1st of a month. Example: addMonths('2026-11-01', 3) = '2027-02-01'. */
export function addMonths(firstOfMonth: string, months: number): string {
  const index = Number(firstOfMonth.slice(0, 4)) * 12 + Number(firstOfMonth.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String(index - year * 12 + 1).padStart(2, '0')}-01`;
}

/**
 * The date `steps` rows after `date` on a grid (negative: before). Example: step('2026-11-23', 'weekdays', -1) =
 * '2026-11-20' (Monday → Friday); step('2026-11-01', 'months', -12) = '2025-11-01'.
 */
export function step(date: string, grid: Grid, steps: number): string {
  switch (grid) {
    case 'days':
      return addDays(date, steps);
    case 'weeks':
      return addDays(date, 7 * steps);
    case 'months':
      return addMonths(date, steps);
    case 'quarters':
      return addMonths(date, 3 * steps);
    case 'years':
      return addMonths(date, 12 * steps);
    case 'weekdays':
      return stepWeekdays(date, steps);
  }
}

/** Weekdays on from a weekday (a weekend date first moves back to its Friday). */
function stepWeekdays(date: string, steps: number): string {
  let day = toDayNumber(date);
  const weekday = weekdayOf(day);
  if (weekday === 6) day -= 1;
  if (weekday === 0) day -= 2;
  // Monday = 0 … Friday = 4 from here on.
  const monday = day - ((weekdayOf(day) + 6) % 7);
  const offset = day - monday + steps;
  const weeks = Math.floor(offset / 5);
  return fromDayNumber(monday + weeks * 7 + (offset - weeks * 5));
}
