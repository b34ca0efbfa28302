import { addDays, isoDate } from '../../timeseries/dates.ts';
import type { Frequency, SeriesDef } from '../../timeseries/series.ts';

/**
 * How far back a routine refresh reads each series, by frequency: the span in which its providers revise what
 * they published. Assumed, not measured here: daily rates and balances are final within days (SOFR is revised the
 * same day, if at all); the H.4.1 weeklies restate the previous weeks; monthly series (M2, the Treasury
 * statements) are revised for a year and more, and benchmark revisions reach further — which is why the whole
 * history is still re-read every FULL_READ_EVERY_DAYS.
 */
export const RECENT_READ_DAYS: Record<Frequency, number> = { daily: 60, weekly: 120, monthly: 550, quarterly: 1_100 };

/** A series' whole history is read again at least this often (revisions older than its window are caught then). */
export const FULL_READ_EVERY_DAYS = 7;

/**
 * The first date a refresh asks the provider for, or undefined to read the whole history: the whole history when
 * the series never had a full read, or its last one is FULL_READ_EVERY_DAYS or more old; else its recent window.
 * Example (daily, last full read 2 days ago, today 2026-11-26) → '2026-09-27'.
 */
export function readWindowStart(def: SeriesDef, lastFullReadAt: string | undefined, now: Date): string | undefined {
  if (lastFullReadAt === undefined) return undefined;
  const ageMs = now.getTime() - Date.parse(lastFullReadAt);
  if (!(ageMs < FULL_READ_EVERY_DAYS * 86_400_000)) return undefined;
  return addDays(isoDate(now), -RECENT_READ_DAYS[def.frequency]);
}
