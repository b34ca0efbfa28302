import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { daysBetween, fromDayNumber, toDayNumber } from '../timeseries/dates.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';

/**
 * The bootstrap snapshot's files, read and checked: no store code here, so that what only reads a snapshot
 * (processes/bootstrap-model.ts) loads no database code. Loading and exporting through a store: bootstrap-snapshot.ts.
 *
 * The snapshot holds every stored series whose terms allow redistribution (never a restricted one such as the ICE
 * BofA spreads) and ships with the project, so that a first start serves the whole site and API at once, offline
 * too: an empty store loads it as vintages seen at its instant, under a run named "bootstrap snapshot of DATE", and
 * the first refresh brings it current. Made by `npm run snapshot -- export` (docs/operations.md: how a release does).
 *
 * Two files: `snapshot.json.gz` (the data) and `manifest.json` (its date, size, SHA-256, and each series' id,
 * licence, count and first and last dates), read first: a file whose digest differs is refused.
 */
export const SNAPSHOT_FORMAT = 1;
export const SNAPSHOT_FILE = 'snapshot.json.gz';
export const MANIFEST_FILE = 'manifest.json';

/** The size the compressed data may reach (`npm run snapshot -- export` refuses more; a test checks the shipped one). */
export const SNAPSHOT_BUDGET_BYTES = 3_000_000;

/**
 * One series in the data file, compactly: its first date, then the gap in days to each next date, and the values
 * (as stored). Example: 2024-01-01, 2024-01-02, 2024-01-05 → start '2024-01-01', gaps [1, 3].
 */
export interface SnapshotSeries {
  start: string;
  gaps: number[];
  values: number[];
}

export interface SnapshotData {
  format: number;
  /** The instant its newest value was read from a provider: when the snapshot's data was current. */
  seenAt: string;
  series: Record<string, SnapshotSeries>;
}

export interface SnapshotManifest {
  format: number;
  /** Day of `seenAt`: the "DATE" of "bootstrap snapshot of DATE". */
  date: string;
  seenAt: string;
  file: string;
  bytes: number;
  sha256: string;
  series: Array<{ id: string; terms: string; attribution: string; count: number; first: string; last: string }>;
  /** Stored series left out, and why (their terms forbid redistribution). */
  excluded: Array<{ id: string; terms: string }>;
}

export interface Snapshot {
  manifest: SnapshotManifest;
  series: Map<string, Observation[]>;
}

export function encodeSeries(observations: readonly Observation[]): SnapshotSeries {
  const gaps: number[] = [];
  for (let i = 1; i < observations.length; i++)
    gaps.push(daysBetween(observations[i - 1]!.date, observations[i]!.date));
  return { start: observations[0]!.date, gaps, values: observations.map((o) => o.value) };
}

/** `days` is a day-number memo shared by the series of one snapshot: most dates recur in every daily series. */
function decode(series: SnapshotSeries, days: Map<number, string>): Observation[] {
  let day = toDayNumber(series.start);
  return series.values.map((value, i) => {
    if (i > 0) day += series.gaps[i - 1]!;
    const date = days.get(day) ?? fromDayNumber(day);
    days.set(day, date);
    return { date, value };
  });
}

/** Reads and checks a snapshot: the manifest's format, the data's size and SHA-256. Throws on any mismatch. */
export function readSnapshot(dir: string): Snapshot {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SnapshotManifest;
  if (manifest.format !== SNAPSHOT_FORMAT)
    throw new Error(`snapshot format ${manifest.format} is not ${SNAPSHOT_FORMAT}`);
  const body = readFileSync(join(dir, manifest.file));
  const digest = createHash('sha256').update(body).digest('hex');
  if (body.length !== manifest.bytes || digest !== manifest.sha256)
    throw new Error(`${manifest.file} does not match its manifest (SHA-256 ${digest}, expected ${manifest.sha256})`);
  const data = JSON.parse(gunzipSync(body).toString('utf8')) as SnapshotData;
  const series = new Map<string, Observation[]>();
  const days = new Map<number, string>();
  for (const { id } of manifest.series) {
    const encoded = data.series[id];
    if (!encoded) throw new Error(`${manifest.file} lacks the series ${id} its manifest lists`);
    series.set(id, decode(encoded, days));
  }
  return { manifest, series };
}

/** The snapshot's series as the store will hold them once loaded: one vintage per date, seen at its instant. */
export function snapshotVintages(snapshot: {
  manifest: Pick<SnapshotManifest, 'seenAt'>;
  series: ReadonlyMap<string, readonly Observation[]>;
}): Map<string, VintagedSeries> {
  const out = new Map<string, VintagedSeries>();
  for (const [id, observations] of snapshot.series) {
    out.set(id, {
      dates: observations.map((o) => o.date),
      firstValues: observations.map((o) => o.value),
      firstSeen: observations.map(() => snapshot.manifest.seenAt),
      revisions: new Map(),
    });
  }
  return out;
}
