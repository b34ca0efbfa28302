import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { countRows, loadSeries, reviseSeries } from '../store/observations.ts';
import { BOOTSTRAP_TRIGGER_PREFIX, finishRun, recordSource, startRun } from '../store/runs.ts';
import type { Store } from '../store/store.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { addDays, daysBetween } from '../timeseries/dates.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import type { Observation } from '../timeseries/observation.ts';

/**
 * The bootstrap snapshot: every stored series whose terms allow redistribution (public domain, and
 * citation-required with its citation; never a restricted series such as the ICE BofA spreads), shipped with the
 * project so that a first start serves the whole site and API at once, offline too. On an empty store the service
 * loads it as vintages seen at the snapshot's instant, recorded as a run named "bootstrap snapshot of DATE"; the
 * first refresh then brings it current. Made by `npm run snapshot -- export` from a store (docs/operations.md says
 * how a release refreshes it).
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
interface SnapshotSeries {
  start: string;
  gaps: number[];
  values: number[];
}

interface SnapshotData {
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

function encode(observations: readonly Observation[]): SnapshotSeries {
  const gaps: number[] = [];
  for (let i = 1; i < observations.length; i++)
    gaps.push(daysBetween(observations[i - 1]!.date, observations[i]!.date));
  return { start: observations[0]!.date, gaps, values: observations.map((o) => o.value) };
}

function decode(series: SnapshotSeries): Observation[] {
  const out: Observation[] = [{ date: series.start, value: series.values[0]! }];
  for (let i = 0; i < series.gaps.length; i++)
    out.push({ date: addDays(out[i]!.date, series.gaps[i]!), value: series.values[i + 1]! });
  return out;
}

/** Writes the snapshot of what the store holds now into `dir`; returns its manifest. */
export async function exportSnapshot(store: Store, dir: string): Promise<SnapshotManifest> {
  const seenAt = await newestSeenAt(store);
  if (!seenAt) throw new Error('the store holds no observations: refresh first (npm run refresh)');
  const current = await loadSeries(store.db);
  const data: SnapshotData = { format: SNAPSHOT_FORMAT, seenAt, series: {} };
  const manifest: Omit<SnapshotManifest, 'bytes' | 'sha256'> = {
    format: SNAPSHOT_FORMAT,
    date: seenAt.slice(0, 10),
    seenAt,
    file: SNAPSHOT_FILE,
    series: [],
    excluded: [],
  };
  for (const [id, observations] of current) {
    const def = seriesDef(id);
    if (!def || observations.length === 0) continue;
    const license = licenseOf(def);
    if (license.terms === 'restricted' || license.redistribution !== 'full') {
      manifest.excluded.push({ id, terms: license.terms });
      continue;
    }
    data.series[id] = encode(observations);
    manifest.series.push({
      id,
      terms: license.terms,
      attribution: license.attribution,
      count: observations.length,
      first: observations[0]!.date,
      last: observations.at(-1)!.date,
    });
  }
  const body = gzipSync(JSON.stringify(data), { level: 9 });
  if (body.length > SNAPSHOT_BUDGET_BYTES)
    throw new Error(`the snapshot is ${body.length} bytes, over its budget of ${SNAPSHOT_BUDGET_BYTES}`);
  const full: SnapshotManifest = {
    ...manifest,
    bytes: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, SNAPSHOT_FILE), body);
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

async function newestSeenAt(store: Store): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('observations')
    .select((eb) => eb.fn.max('seen_at').as('seenAt'))
    .executeTakeFirst();
  return row?.seenAt ? String(row.seenAt) : undefined;
}

/** Reads and checks a snapshot: the manifest's format, the data's size and SHA-256. Throws on any mismatch. */
export function readSnapshot(dir: string): { manifest: SnapshotManifest; series: Map<string, Observation[]> } {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as SnapshotManifest;
  if (manifest.format !== SNAPSHOT_FORMAT)
    throw new Error(`snapshot format ${manifest.format} is not ${SNAPSHOT_FORMAT}`);
  const body = readFileSync(join(dir, manifest.file));
  const digest = createHash('sha256').update(body).digest('hex');
  if (body.length !== manifest.bytes || digest !== manifest.sha256)
    throw new Error(`${manifest.file} does not match its manifest (SHA-256 ${digest}, expected ${manifest.sha256})`);
  const data = JSON.parse(gunzipSync(body).toString('utf8')) as SnapshotData;
  const series = new Map<string, Observation[]>();
  for (const { id } of manifest.series) {
    const encoded = data.series[id];
    if (!encoded) throw new Error(`${manifest.file} lacks the series ${id} its manifest lists`);
    series.set(id, decode(encoded));
  }
  return { manifest, series };
}

/** The run's trigger, which health and the refresh log show: "bootstrap snapshot of 2026-11-26". */
export function bootstrapTrigger(manifest: Pick<SnapshotManifest, 'date'>): string {
  return `${BOOTSTRAP_TRIGGER_PREFIX}${manifest.date}`;
}

/**
 * True when the store holds no observation: a first start, or one whose refreshes never stored anything (offline
 * since its install). Nothing read from a provider can then be overwritten or mixed.
 */
export async function isEmptyStore(store: Store): Promise<boolean> {
  return (await countRows(store.db)) === 0;
}

/**
 * Loads the snapshot in `dir` into an empty store, as vintages seen at its instant, under a run dated then. It is
 * not a refresh: the scheduler still refreshes on start, and that refresh reads every whole history (the snapshot
 * counts as no full read), catching what was revised since. Does nothing when the store is not empty:
 * a snapshot never overwrites or mixes with what was read from a provider. Returns the run's id and the manifest,
 * or undefined when nothing was loaded; throws when the snapshot is missing or does not match its manifest.
 */
export async function loadSnapshotIntoEmptyStore(
  store: Store,
  dir: string,
): Promise<{ runId: number; manifest: SnapshotManifest } | undefined> {
  if (!(await isEmptyStore(store))) return undefined;
  const { manifest, series } = readSnapshot(dir);
  const runId = await startRun(store.db, bootstrapTrigger(manifest), manifest.seenAt);
  for (const [id, observations] of series) {
    const { result } = await reviseSeries(store.db, id, manifest.seenAt, runId, () => ({ incoming: observations }));
    await recordSource(store.db, {
      run_id: runId,
      series_id: id,
      source: `snapshot:${manifest.date}`,
      status: 'ok',
      points_added: result.added,
      revisions: 0,
      error: null,
      error_kind: null,
      finished_at: manifest.seenAt,
      window_start: null,
    });
  }
  await finishRun(store.db, runId, 'ok', manifest.seenAt);
  return { runId, manifest };
}
