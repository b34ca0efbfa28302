import type { ChartQuery, ChartWindow } from '../publish/site-port.ts';

import { windowKey } from '../timeseries/date-window.ts';

export { pointsIn } from '../timeseries/date-window.ts';

import type { Frequency } from '../timeseries/series.ts';
import { formatDate } from './site-data.ts';

/**
 * The ranges offered for a series depend on how often it is published: "3 months" of a quarterly series is one
 * point (an empty plot), so each frequency gets the ranges that hold enough prints to read, and its own default.
 * All are canonical windows (see canonical-window.ts), so every offered range is a cached render.
 */
const RANGES: Record<Frequency, Array<[number, string]>> = {
  daily: [
    [90, '3 months'],
    [365, '1 year'],
    [1826, '5 years'],
    [4000, 'Max (11 years)'],
  ],
  weekly: [
    [180, '6 months'],
    [365, '1 year'],
    [1826, '5 years'],
    [4000, 'Max (11 years)'],
  ],
  monthly: [
    [730, '2 years'],
    [1826, '5 years'],
    [4000, 'Max (11 years)'],
  ],
  quarterly: [
    [1826, '5 years'],
    [4000, 'Max (11 years)'],
  ],
};

export function rangesFor(frequency: Frequency): Array<[number, string]> {
  return RANGES[frequency];
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
    const named =
      RANGES[frequency].find(([d]) => d === window.days)?.[1] ?? RANGES.daily.find(([d]) => d === window.days)?.[1];
    return named ? named.toLowerCase().replace(/ \(.*\)$/, '') : `${window.days} days`;
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
