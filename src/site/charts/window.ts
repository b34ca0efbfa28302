import type { ChartQuery, ChartWindow } from '../../publish/site-port.ts';

import { wholeMonths, windowKey } from '../../timeseries/date-window.ts';
import { addDays } from '../../timeseries/dates.ts';

export { pointsIn } from '../../timeseries/date-window.ts';

import type { Frequency } from '../../timeseries/series.ts';
import { formatDate } from '../site-data.ts';

/**
 * The ranges offered for a series depend on how often it is published: "3 months" of a quarterly series is one
 * point (an empty plot), so each frequency gets the ranges that hold enough prints to read, and its own default.
 * All are canonical windows (see canonical-window.ts), so every offered range is a cached render.
 */
const RANGES: Record<Frequency, number[]> = {
  daily: [90, 365, 1826, 4000],
  weekly: [180, 365, 1826, 4000],
  monthly: [730, 1826, 4000],
  quarterly: [1826, 4000],
};

/** Each range's name, by its days. */
const RANGE_NAMES: Record<number, string> = {
  90: '3 months',
  180: '6 months',
  365: '1 year',
  730: '2 years',
  1826: '5 years',
  4000: 'Max',
};

/** The longest range, the whole stored history up to the longest common window (about 11 years). */
const MAX_DAYS = 4000;

/**
 * The ranges offered for a series whose data span `spanDays` days, each named by what it shows: a range at least as
 * long as the data would show the same as the longest one, so it is left out, and the longest is named by the
 * span it really covers — "Max (8 years)" for SOFR − IORB, whose data begin in 2018, not the window's 11 years.
 */
export function rangesFor(frequency: Frequency, spanDays = MAX_DAYS): Array<[number, string]> {
  const years = Math.max(1, Math.round(Math.min(spanDays, MAX_DAYS) / 365.25));
  return [
    ...RANGES[frequency]
      .filter((days) => days !== MAX_DAYS && days < spanDays)
      .map((days): [number, string] => [days, RANGE_NAMES[days]!]),
    [MAX_DAYS, `Max (${years} year${years === 1 ? '' : 's'})`],
  ];
}

/** The range a page or chart shows when none is asked for: one year of daily or weekly data, more otherwise. */
export function defaultDays(frequency: Frequency): number {
  return frequency === 'daily' || frequency === 'weekly' ? 365 : frequency === 'monthly' ? 1826 : 4000;
}

/** The window asked for, or the frequency's default. */
export function effectiveWindow(window: ChartWindow | null, frequency: Frequency): ChartWindow {
  return window ?? { days: defaultDays(frequency) };
}

/** A cache key for a query: "d365", "2020-01-01..2021-06-30", "2020-01-01..", with "+onrrp" for a comparison. */
export function queryKey(query: ChartQuery): string {
  const window = query.window === null ? 'default' : windowKey(query.window);
  return query.compare ? `${window}+${query.compare}` : window;
}

/** "the last 1 year", "Jan 1, 2020 – Jun 30, 2021": the window in words, for captions and alt text. */
export function windowLabel(window: ChartWindow, frequency: Frequency): string {
  if ('days' in window) {
    const offered = RANGES[frequency].includes(window.days) || RANGES.daily.includes(window.days);
    return offered ? RANGE_NAMES[window.days]!.toLowerCase() : `${window.days} days`;
  }
  return `${formatDate(window.start)} – ${window.end ? formatDate(window.end) : 'latest'}`;
}

/** The query string of a window (and comparison), for links: "?days=1826", "?start=2020-01-01&compare=onrrp". */
export function queryString(query: ChartQuery, defaultWindow: number): string {
  const params = new URLSearchParams();
  const w = query.window;
  if (w && 'days' in w && w.days !== defaultWindow) params.set('days', String(w.days));
  if (w && 'start' in w) {
    params.set('start', w.start);
    if (w.end) params.set('end', w.end);
  }
  if (query.compare) params.set('compare', query.compare);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The chart window of a day page: three months before the day to one month after (as far as data goes), in whole
 * months — as chart ranges are drawn — so the days of a month share one drawing.
 * Example: 2026-11-16 → 2026-08-01 … 2026-12-31.
 */
export function dayChartRange(date: string): { start: string; end: string } {
  return wholeMonths({ start: addDays(date, -91), end: addDays(date, 30) }) as { start: string; end: string };
}
