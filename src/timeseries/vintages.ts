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
  return new Map([...vintaged].map(([id, series]) => [id, currentObservations(series)]));
}

/** One series' current state (see currentSeries). */
export function currentObservations(series: VintagedSeries): Observation[] {
  const observations: Observation[] = [];
  series.dates.forEach((date, i) => {
    const value = currentValue(series, i);
    if (!Number.isNaN(value)) observations.push({ date, value });
  });
  return observations;
}

/**
 * The series as it was known at `instant` (ISO date-time): for each date first seen by then, its newest vintage
 * seen by then; dates withdrawn by then (NaN) and dates not yet seen are left out. Example: first print 10 seen
 * 2024-01-03, revised to 11 seen 2024-02-01 → as of 2024-01-15: 10; as of 2024-03-01: 11.
 */
export function seriesAsOf(series: VintagedSeries, instant: string): Observation[] {
  const out: Observation[] = [];
  series.dates.forEach((date, i) => {
    if (series.firstSeen[i]! > instant) return;
    let value = series.firstValues[i]!;
    for (const later of series.revisions.get(i) ?? []) {
      if (later.seenAt > instant) break;
      value = later.value;
    }
    if (!Number.isNaN(value)) out.push({ date, value });
  });
  return out;
}

/**
 * The vintaged series as the store held it at `instant`: only dates first seen by then, and of their revisions
 * only those seen by then — what a point-in-time model run reads. Example: first print 10 seen 2024-01-03,
 * revised to 11 seen 2024-02-01 → as of 2024-01-15 one date, value 10, no revision.
 */
export function vintagedAsOf(series: VintagedSeries, instant: string): VintagedSeries {
  const out: VintagedSeries = { dates: [], firstValues: [], firstSeen: [], revisions: new Map() };
  series.dates.forEach((date, i) => {
    if (series.firstSeen[i]! > instant) return;
    const later = series.revisions.get(i)?.filter((v) => v.seenAt <= instant);
    if (later?.length) out.revisions.set(out.dates.length, later);
    out.dates.push(date);
    out.firstValues.push(series.firstValues[i]!);
    out.firstSeen.push(series.firstSeen[i]!);
  });
  return out;
}

/**
 * Every distinct instant at which any of the series gained a vintage, ascending: the moments the store's
 * knowledge changed. Between two of them, every point-in-time answer is the same.
 */
export function knowledgeInstants(vintaged: Iterable<VintagedSeries>): string[] {
  const seen = new Set<string>();
  for (const series of vintaged) {
    for (const at of series.firstSeen) seen.add(at);
    for (const later of series.revisions.values()) for (const v of later) seen.add(v.seenAt);
  }
  return [...seen].sort();
}

/** One vintage of one date: its value (null for a withdrawal), when it was first seen, and when superseded. */
export interface VintageRow {
  date: string;
  value: number | null;
  seenAt: string;
  supersededAt: string | null;
}

/**
 * Which vintages a revision record lists: `all` of them, or each date's `first-release` only (ALFRED's "initial
 * release": the first value published for the date, and when it was superseded, if it was).
 */
export type VintageView = 'all' | 'first-release';

/** Every vintage of the dates from `from` to `to` (inclusive), date by date, oldest vintage first. */
export function vintageRows(series: VintagedSeries, from: string, to: string, view: VintageView = 'all'): VintageRow[] {
  const rows: VintageRow[] = [];
  series.dates.forEach((date, i) => {
    if (date < from || date > to) return;
    const all: StoredVintage[] = [
      { value: series.firstValues[i]!, seenAt: series.firstSeen[i]! },
      ...(series.revisions.get(i) ?? []),
    ];
    all.forEach((v, k) => {
      if (view === 'first-release' && k > 0) return;
      rows.push({
        date,
        value: Number.isNaN(v.value) ? null : v.value,
        seenAt: v.seenAt,
        supersededAt: all[k + 1]?.seenAt ?? null,
      });
    });
  });
  return rows;
}

/** When the store first saw anything: the earliest first-seen instant of any series, or null when empty. */
export function firstLoadAt(vintaged: ReadonlyMap<string, VintagedSeries>): string | null {
  let first: string | null = null;
  for (const series of vintaged.values()) {
    for (const seen of series.firstSeen) if (first === null || seen < first) first = seen;
  }
  return first;
}
