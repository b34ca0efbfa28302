import type { Kysely, Selectable } from 'kysely';
import type { Tables } from './database.ts';

export type RunStatus = Selectable<Tables['refresh_runs']>['status'];
export type SourceRow = Tables['refresh_sources'];

/** The refresh log: one row per run and one per series fetched or derived in it. */
export async function startRun(db: Kysely<Tables>, trigger: string, startedAt: string): Promise<number> {
  const row = await db
    .insertInto('refresh_runs')
    .values({ started_at: startedAt, finished_at: null, status: 'running', trigger })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function recordSource(db: Kysely<Tables>, row: SourceRow): Promise<void> {
  await db.insertInto('refresh_sources').values(row).execute();
}

export async function finishRun(db: Kysely<Tables>, runId: number, status: RunStatus, finishedAt: string) {
  await db.updateTable('refresh_runs').set({ status, finished_at: finishedAt }).where('id', '=', runId).execute();
}

/** A process killed mid-refresh leaves its run `running`; on the next start it is marked `aborted`. */
export async function abortDanglingRuns(db: Kysely<Tables>, now: string): Promise<number> {
  const result = await db
    .updateTable('refresh_runs')
    .set({ status: 'aborted', finished_at: now })
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

export async function recentRuns(db: Kysely<Tables>, limit = 10) {
  return db.selectFrom('refresh_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function runSources(db: Kysely<Tables>, runId: number) {
  return db.selectFrom('refresh_sources').selectAll().where('run_id', '=', runId).orderBy('series_id').execute();
}

export interface SeriesRefreshState {
  seriesId: string;
  /** Where it was fetched from: fred:WALCL, treasury:dts-tga, derived, … */
  source: string;
  lastAttemptAt: string;
  lastStatus: 'ok' | 'error';
  lastError: string | null;
  /** The kind of the last failure (timeout, network, http, …), when the last attempt failed. */
  lastErrorKind: string | null;
  lastSuccessAt: string | null;
}

/** Per series: the outcome of its latest attempt and the time of its latest success. */
export async function seriesRefreshStates(db: Kysely<Tables>): Promise<Map<string, SeriesRefreshState>> {
  const rows = await db
    .selectFrom('refresh_sources')
    .select(['series_id', 'source', 'status', 'error', 'error_kind', 'finished_at'])
    .orderBy('series_id')
    .orderBy('run_id')
    .execute();
  const states = new Map<string, SeriesRefreshState>();
  for (const row of rows) {
    const previous = states.get(row.series_id);
    states.set(row.series_id, {
      seriesId: row.series_id,
      source: row.source,
      lastAttemptAt: row.finished_at,
      lastStatus: row.status,
      lastError: row.error,
      lastErrorKind: row.status === 'error' ? (row.error_kind ?? null) : null,
      lastSuccessAt: row.status === 'ok' ? row.finished_at : (previous?.lastSuccessAt ?? null),
    });
  }
  return states;
}

/** The trigger of the run that loaded the bootstrap snapshot begins so: "bootstrap snapshot of 2026-11-26". */
export const BOOTSTRAP_TRIGGER_PREFIX = 'bootstrap snapshot of ';

/** When each series last had its whole history read from its provider (a read with no window; not the snapshot). */
export async function lastFullReads(db: Kysely<Tables>): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('refresh_sources')
    .select(['series_id', (eb) => eb.fn.max('finished_at').as('at')])
    .where('status', '=', 'ok')
    .where('window_start', 'is', null)
    .where('source', 'not like', 'snapshot:%')
    .groupBy('series_id')
    .execute();
  return new Map(rows.map((row) => [row.series_id, String(row.at)]));
}

/**
 * When the last refresh that read the providers succeeded (in part or whole). The load of the bootstrap snapshot
 * is not one (ingest/bootstrap-snapshot.ts): after it, the refresh on start still runs.
 */
export async function lastSuccessfulRunAt(db: Kysely<Tables>): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_runs')
    .select('finished_at')
    .where('status', 'in', ['ok', 'partial'])
    .where('trigger', 'not like', `${BOOTSTRAP_TRIGGER_PREFIX}%`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? undefined;
}
