import type { Kysely, Selectable } from 'kysely';
import type { Tables } from './database.ts';
import { type PendingQuarantine, pendingQuarantine } from './observations.ts';
import { BOOTSTRAP_TRIGGER_PREFIX, recentRuns, type SeriesRefreshState, seriesRefreshStates } from './runs.ts';

/**
 * The publication log: one row per published model. Every API process builds the publication of the newest row
 * "as of" its `published_at` and its `context` — the observations seen when it was logged, and the refresh states,
 * last run and pending quarantine frozen then — so all processes serve identical bytes (and ETags) for the
 * same publication id, even while the next refresh is already writing.
 */
export interface PublicationRecord {
  id: number;
  runId: number | null;
  publishedAt: string;
  context: PublicationContext | null;
}

export interface PublicationContext {
  /**
   * The newest first-seen instant among the stored observations when it was logged: a rebuild reads only
   * vintages seen by then. (Taken from the rows, not from a clock: refreshes may run on another thread or process.)
   */
  seenUpTo: string | null;
  states: SeriesRefreshState[];
  lastRun: Selectable<Tables['refresh_runs']> | null;
  quarantine: PendingQuarantine[];
  /** Failed or partial runs since the last successful one (what decides the next retry); absent in older logs. */
  failedRunsInARow?: number;
  /** The load of the bootstrap snapshot, if the store began with one: its run's trigger and the instant it stands for. */
  bootstrap?: { trigger: string; seenAt: string } | null;
}

/** The store's refresh states, last run and pending quarantine, as a publication is built from them now. */
export async function currentContext(db: Kysely<Tables>): Promise<PublicationContext> {
  const [seen, states, runs, quarantine, bootstrap] = await Promise.all([
    db
      .selectFrom('observations')
      .select((eb) => eb.fn.max('seen_at').as('seenUpTo'))
      .executeTakeFirst(),
    seriesRefreshStates(db),
    recentRuns(db, 20),
    pendingQuarantine(db),
    db
      .selectFrom('refresh_runs')
      .select(['trigger', 'started_at'])
      .where('trigger', 'like', `${BOOTSTRAP_TRIGGER_PREFIX}%`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const lastOk = runs.findIndex((run) => run.status === 'ok');
  const failedRunsInARow = (lastOk === -1 ? runs : runs.slice(0, lastOk)).filter(
    (run) => run.status === 'failed' || run.status === 'partial' || run.status === 'aborted',
  ).length;
  return {
    seenUpTo: seen?.seenUpTo ?? null,
    states: [...states.values()],
    lastRun: runs[0] ?? null,
    quarantine: [...quarantine.values()],
    failedRunsInARow,
    bootstrap: bootstrap ? { trigger: bootstrap.trigger, seenAt: bootstrap.started_at } : null,
  };
}

export async function recordPublication(
  db: Kysely<Tables>,
  runId: number | null,
  publishedAt: string,
): Promise<number> {
  const context = await currentContext(db);
  const row = await db
    .insertInto('publications')
    .values({ run_id: runId, published_at: publishedAt, context: JSON.stringify(context) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function latestPublication(db: Kysely<Tables>): Promise<PublicationRecord | undefined> {
  const row = await db.selectFrom('publications').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    runId: row.run_id,
    publishedAt: row.published_at,
    context: row.context ? (JSON.parse(row.context) as PublicationContext) : null,
  };
}
