import type { IndicatorSummary } from '../publish/resources/indicators.ts';
import { nextExpectedRelease } from '../timeseries/catalog.ts';
import { addDays } from '../timeseries/dates.ts';

/**
 * When a series' next print is expected: `next` while it is on time, `due` (the date it was expected) once it is
 * late. The estimate (frequency plus the usual publication lag) can fall after the day a series counts as late (a
 * monthly series is late 75 days after its date, its next print usually ~85 days after it): a late series is then
 * `late` since the day it became late — never "due" on a date still to come. Null without data.
 * Example: daily data to 2026-09-09, late after 7 days, on 2026-11-26 → { kind: 'due', date: '2026-09-11' }.
 */
export function nextPrint(i: IndicatorSummary, today: string): { kind: 'next' | 'due' | 'late'; date: string } | null {
  const f = i.freshness;
  if (!f.dataDate) return null;
  const next = nextExpectedRelease(i.def, f.dataDate);
  if (f.state !== 'late') return { kind: 'next', date: next };
  if (next <= today) return { kind: 'due', date: next };
  return { kind: 'late', date: addDays(f.dataDate, f.lateAfterDays + 1) };
}
