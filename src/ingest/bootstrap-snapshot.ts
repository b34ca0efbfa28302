import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { countRows, loadSeries, reviseSeries } from '../store/observations.ts';
import type { PublicationContext } from '../store/publications.ts';
import { BOOTSTRAP_TRIGGER_PREFIX, finishRun, recordSource, startRun } from '../store/runs.ts';
import type { Store } from '../store/store.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import {
  encodeSeries,
  MANIFEST_FILE,
  readSnapshot,
  SNAPSHOT_BUDGET_BYTES,
  SNAPSHOT_FILE,
  SNAPSHOT_FORMAT,
  type Snapshot,
  type SnapshotData,
  type SnapshotManifest,
} from './snapshot-file.ts';

/**
 * The bootstrap snapshot (its files: snapshot-file.ts) and the store: exported from what a store holds, loaded into
 * an empty one as vintages seen at the snapshot's instant, and the publication context it is served with meanwhile.
 */

/** Writes the snapshot of what the store holds now into `dir`; returns its manifest. */
export async function exportSnapshot(store: Store, dir: string): Promise<SnapshotManifest> {
  const seenAt = await newestSeenAt(store);
  if (!seenAt) throw new Error('the store holds no observations: refresh first (npm run refresh)');
  const current = await loadSeries(store.db);
  const data: SnapshotData = { format: SNAPSHOT_FORMAT, seenAt, series: {} };
  const series: SnapshotManifest['series'] = [];
  const excluded: SnapshotManifest['excluded'] = [];
  for (const [id, observations] of current) {
    const def = seriesDef(id);
    if (!def || observations.length === 0) continue;
    const license = licenseOf(def);
    if (license.terms === 'restricted' || license.redistribution !== 'full') {
      excluded.push({ id, terms: license.terms });
      continue;
    }
    data.series[id] = encodeSeries(observations);
    series.push({
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
  const manifest: SnapshotManifest = {
    format: SNAPSHOT_FORMAT,
    date: seenAt.slice(0, 10),
    seenAt,
    file: SNAPSHOT_FILE,
    series,
    excluded,
    bytes: body.length,
    sha256: createHash('sha256').update(body).digest('hex'),
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, SNAPSHOT_FILE), body);
  writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function newestSeenAt(store: Store): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('observations')
    .select((eb) => eb.fn.max('seen_at').as('seenAt'))
    .executeTakeFirst();
  return row?.seenAt ? String(row.seenAt) : undefined;
}

/** The run's trigger, which health and the refresh log show: "bootstrap snapshot of 2026-11-26". */
export function bootstrapTrigger(manifest: Pick<SnapshotManifest, 'date'>): string {
  return `${BOOTSTRAP_TRIGGER_PREFIX}${manifest.date}`;
}

/**
 * The snapshot in `dir` when the store holds no observation (undefined otherwise): a first start, or one whose
 * refreshes never stored anything (offline since its install), so nothing read from a provider is overwritten or
 * mixed. Throws when it does not match its manifest.
 */
export async function snapshotForEmptyStore(store: Store, dir: string): Promise<Snapshot | undefined> {
  return (await countRows(store.db)) === 0 ? readSnapshot(dir) : undefined;
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
      const incoming = () => ({ incoming: observations });
      const { result } = await reviseSeries(trx, seriesId, manifest.seenAt, id, incoming, between);
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
