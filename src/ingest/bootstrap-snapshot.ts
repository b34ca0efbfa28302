import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { countRows, loadSeries, reviseSeries } from '../store/observations.ts';
import type { PublicationContext } from '../store/publications.ts';
import { BOOTSTRAP_TRIGGER_PREFIX, finishRun, recordSource, startRun } from '../store/runs.ts';
import type { Store } from '../store/store.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { daysBetween, fromDayNumber, toDayNumber } from '../timeseries/dates.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import type { Observation } from '../timeseries/observation.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';

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

/** `days` is a day-number memo shared by the series of one snapshot: most dates recur in every daily series. */
function decode(series: SnapshotSeries, days: Map<number, string>): Observation[] {
  let day = toDayNumber(series.start);
  const date = (n: number) => {
    let text = days.get(n);
    if (text === undefined) {
      text = fromDayNumber(n);
      days.set(n, text);
    }
    return text;
  };
  const out: Observation[] = [{ date: date(day), value: series.values[0]! }];
  for (let i = 0; i < series.gaps.length; i++) {
    day += series.gaps[i]!;
    out.push({ date: date(day), value: series.values[i + 1]! });
  }
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
  const days = new Map<number, string>();
  for (const { id } of manifest.series) {
    const encoded = data.series[id];
    if (!encoded) throw new Error(`${manifest.file} lacks the series ${id} its manifest lists`);
    series.set(id, decode(encoded, days));
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
async function isEmptyStore(store: Store): Promise<boolean> {
  return (await countRows(store.db)) === 0;
}

export interface Snapshot {
  manifest: SnapshotManifest;
  series: Map<string, Observation[]>;
}

/** The snapshot in `dir` when the store is empty (undefined otherwise); throws when it does not match its manifest. */
export async function snapshotForEmptyStore(store: Store, dir: string): Promise<Snapshot | undefined> {
  return (await isEmptyStore(store)) ? readSnapshot(dir) : undefined;
}

/** The series' source in the refresh log and health: "snapshot:2026-11-26". */
function snapshotSource(manifest: Pick<SnapshotManifest, 'date'>): string {
  return `snapshot:${manifest.date}`;
}

/**
 * Stores the snapshot, as vintages seen at its instant, under a run dated then. It is not a refresh: the scheduler
 * still refreshes on start, and that refresh reads every whole history (the snapshot counts as no full read),
 * catching what was revised since. One transaction: a start stopped half-way leaves the store empty (and loads it
 * again), never half loaded. Between series it yields to requests (`between`): the store's driver answers
 * synchronously. Returns the run's id.
 */
export async function storeSnapshot(
  store: Store,
  { manifest, series }: Snapshot,
  between: () => Promise<void> = async () => {},
): Promise<number> {
  return store.db.transaction().execute(async (trx) => {
    const id = await startRun(trx, bootstrapTrigger(manifest), manifest.seenAt);
    for (const [seriesId, observations] of series) {
      await between();
      const { result } = await reviseSeries(trx, seriesId, manifest.seenAt, id, () => ({ incoming: observations }));
      await recordSource(trx, {
        run_id: id,
        series_id: seriesId,
        source: snapshotSource(manifest),
        status: 'ok',
        points_added: result.added,
        revisions: 0,
        error: null,
        error_kind: null,
        finished_at: manifest.seenAt,
        window_start: null,
      });
    }
    await finishRun(trx, id, 'ok', manifest.seenAt);
    return id;
  });
}

/**
 * What a publication of the stored snapshot is built with besides its series — the refresh states, the run, the
 * bootstrap — exactly as the store will give them once storeSnapshot has run (currentContext), so that a
 * publication built from memory before then is the one built from the store after (but for the run's id, 0).
 */
export function snapshotContext({ manifest, series }: Snapshot): PublicationContext {
  const trigger = bootstrapTrigger(manifest);
  return {
    seenUpTo: manifest.seenAt,
    states: [...series.keys()].sort().map((seriesId) => ({
      seriesId,
      source: snapshotSource(manifest),
      lastAttemptAt: manifest.seenAt,
      lastStatus: 'ok' as const,
      lastError: null,
      lastErrorKind: null,
      lastSuccessAt: manifest.seenAt,
    })),
    lastRun: { id: 0, status: 'ok', trigger, started_at: manifest.seenAt, finished_at: manifest.seenAt },
    quarantine: [],
    failedRunsInARow: 0,
    bootstrap: { trigger, seenAt: manifest.seenAt },
  };
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
