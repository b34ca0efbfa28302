import type { Observation } from '../timeseries/observation.ts';
import type { StoredVintage, VintagedSeries } from '../timeseries/vintages.ts';

/**
 * A series as a few flat columns, to send to the worker thread: a message copies strings and typed arrays as
 * whole blocks, where an array of objects is cloned one by one (on the serving thread, per task). Encoded once
 * per series of a publication (kept by the very array or series, which a publication never changes), decoded on
 * the worker.
 */
export interface ObservationColumns {
  /** Every date, ISO `YYYY-MM-DD` (10 characters each), one after the other. */
  dates: string;
  values: Float64Array;
}

export interface VintagedColumns {
  dates: string;
  firstValues: Float64Array;
  /** Index into `seen` of each date's first sighting. */
  firstSeen: Int32Array;
  /** The later vintages, in date order then oldest first: the date's index, the value, the index into `seen`. */
  revisionDate: Int32Array;
  revisionValue: Float64Array;
  revisionSeen: Int32Array;
  /** The distinct instants a vintage was seen (a store has one per refresh that stored something). */
  seen: string[];
}

const DATE_LENGTH = 10;
const observationColumns = new WeakMap<readonly Observation[], ObservationColumns>();
const vintagedColumns = new WeakMap<VintagedSeries, VintagedColumns>();

export function encodeObservations(observations: readonly Observation[]): ObservationColumns {
  const known = observationColumns.get(observations);
  if (known) return known;
  const columns = {
    dates: observations.map((o) => o.date).join(''),
    values: Float64Array.from(observations, (o) => o.value),
  };
  observationColumns.set(observations, columns);
  return columns;
}

export function decodeObservations(columns: ObservationColumns): Observation[] {
  const out: Observation[] = new Array(columns.values.length);
  for (let i = 0; i < out.length; i++) {
    out[i] = { date: columns.dates.slice(i * DATE_LENGTH, (i + 1) * DATE_LENGTH), value: columns.values[i]! };
  }
  return out;
}

export function encodeVintaged(series: VintagedSeries): VintagedColumns {
  const known = vintagedColumns.get(series);
  if (known) return known;
  const seen: string[] = [];
  const seenIndex = new Map<string, number>();
  const indexOf = (at: string) => {
    let i = seenIndex.get(at);
    if (i === undefined) {
      i = seen.push(at) - 1;
      seenIndex.set(at, i);
    }
    return i;
  };
  const firstSeen = Int32Array.from(series.firstSeen, indexOf);
  const later = [...series.revisions].sort(([a], [b]) => a - b);
  const count = later.reduce((n, [, vintages]) => n + vintages.length, 0);
  const revisionDate = new Int32Array(count);
  const revisionValue = new Float64Array(count);
  const revisionSeen = new Int32Array(count);
  let k = 0;
  for (const [date, vintages] of later) {
    for (const v of vintages) {
      revisionDate[k] = date;
      revisionValue[k] = v.value;
      revisionSeen[k++] = indexOf(v.seenAt);
    }
  }
  const columns: VintagedColumns = {
    dates: series.dates.join(''),
    firstValues: Float64Array.from(series.firstValues),
    firstSeen,
    revisionDate,
    revisionValue,
    revisionSeen,
    seen,
  };
  vintagedColumns.set(series, columns);
  return columns;
}

export function decodeVintaged(columns: VintagedColumns): VintagedSeries {
  const n = columns.firstValues.length;
  const dates: string[] = new Array(n);
  const firstSeen: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    dates[i] = columns.dates.slice(i * DATE_LENGTH, (i + 1) * DATE_LENGTH);
    firstSeen[i] = columns.seen[columns.firstSeen[i]!]!;
  }
  const revisions = new Map<number, StoredVintage[]>();
  for (let k = 0; k < columns.revisionDate.length; k++) {
    const date = columns.revisionDate[k]!;
    const vintage = { value: columns.revisionValue[k]!, seenAt: columns.seen[columns.revisionSeen[k]!]! };
    const list = revisions.get(date);
    if (list) list.push(vintage);
    else revisions.set(date, [vintage]);
  }
  return { dates, firstValues: Array.from(columns.firstValues), firstSeen, revisions };
}
