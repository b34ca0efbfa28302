import type { Observation } from './observation.ts';
/** Every vintage of a series as the store keeps it: the vocabulary of point-in-time (as-of) work. */

export interface StoredVintage {
  value: number;
  seenAt: string;
}

/**
 * One series with every vintage of every date, in columns: the first print of each date and when it was first
 * seen, and the later vintages only where a date was revised (most never are). Dates ascending.
 */
export interface VintagedSeries {
  dates: string[];
  firstValues: number[];
  firstSeen: string[];
  /** Later vintages by date index, oldest first. A NaN value is a withdrawal: the date no longer has a value. */
  revisions: Map<number, StoredVintage[]>;
}

/** The newest value of date index i. Example: first print 10 on 2024-01-02, revised to 11 → 11. */
export function currentValue(series: VintagedSeries, i: number): number {
  const later = series.revisions.get(i);
  return later ? later[later.length - 1]!.value : series.firstValues[i]!;
}

/** Every series' current state: the newest vintage of every date, ascending; withdrawn dates (NaN) left out. */
export function currentSeries(vintaged: ReadonlyMap<string, VintagedSeries>): Map<string, Observation[]> {
  const out = new Map<string, Observation[]>();
  for (const [id, series] of vintaged) {
    const observations: Observation[] = [];
    series.dates.forEach((date, i) => {
      const value = currentValue(series, i);
      if (!Number.isNaN(value)) observations.push({ date, value });
    });
    out.set(id, observations);
  }
  return out;
}
