import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, PostgresDialect, SqliteDialect } from 'kysely';

export type ObservationState = 'withdrawn' | 'quarantined';

/** Table shapes as Kysely sees them. Dates are `YYYY-MM-DD` text and instants ISO-8601 text in both engines. */
export interface Tables {
  observations: {
    series_id: string;
    date: string;
    value: number;
    /** When this value was first seen: the vintage. A changed value is a new row, never an update. */
    seen_at: string;
    run_id: number | null;
    /**
     * null: a value the provider published. 'withdrawn': from this vintage on, the provider no longer lists the
     * date (`value` repeats the last value, for the record). 'quarantined': a value held out of the current state
     * because it jumped far beyond the series' own history; it enters only when a later refresh confirms it.
     */
    state: ObservationState | null;
  };
  refresh_runs: {
    id: Generated<number>;
    started_at: string;
    finished_at: string | null;
    status: 'running' | 'ok' | 'partial' | 'failed' | 'aborted';
    trigger: string;
  };
  model_results: {
    publication_id: number;
    /** Model and service versions: a result is reused only by the code that computed it. */
    model_version: string;
    service_version: string;
    /** The computation (regime, history, description, correlations) as JSON. */
    body: string;
  };
  publications: {
    id: Generated<number>;
    run_id: number | null;
    /** The instant every process builds this publication "as of": identical inputs give identical bytes. */
    published_at: string;
    /** JSON of PublicationContext (store/publications.ts); null for rows logged before it existed. */
    context: string | null;
  };
  refresh_sources: {
    run_id: number;
    series_id: string;
    source: string;
    status: 'ok' | 'error';
    points_added: number;
    revisions: number;
    error: string | null;
    /** The ProviderError kind of a failure (null on success, or for a failure that was not a provider error). */
    error_kind?: string | null;
    finished_at: string;
    /** The first date asked for by a windowed read; null for a read of the whole history. */
    window_start?: string | null;
  };
  /** The week's note of each reading, as first published (store/weekly-notes.ts). */
  weekly_notes: {
    reading_date: string;
    model_version: string;
    published_at: string;
    text: string;
  };
}

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<Tables>;
  engine: Engine;
  /** The embedded store's one connection, for what must happen synchronously (store.ts abandonRun). */
  sqlite?: SQLite.Database;
}

/**
 * Opens `sqlite:<path>` (creating its folder), `sqlite::memory:`, or a `postgres://` / `postgresql://` URL.
 * The PostgreSQL driver is loaded only when a PostgreSQL URL is configured.
 */
export async function openDatabase(databaseUrl: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
    // An idle connection the server ends (a restart, an administrator, a network cut) is dropped by the pool and
    // replaced at the next query, whose own failure, if the server is really gone, is reported where it is made.
    // Without a listener the pool rethrows it, and an idle moment of the database would end the process.
    pool.on('error', () => {});
    return { db: new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  const path = databaseUrl.replace(/^sqlite:/, '');
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL keeps readers unblocked while a refresh writes; NORMAL sync is durable across process crashes.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return { db: new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) }), engine: 'sqlite', sqlite };
}
