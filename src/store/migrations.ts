import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { errorMessage } from '../timeseries/error-message.ts';
import type { Engine } from './database.ts';

/**
 * Schema migrations, in order; they run on every start and are no-ops once applied. A declarative table, one entry
 * per migration, longer than a function should be.
 */
function migrations(engine: Engine): Record<string, Migration> {
  return {
    '001_initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('observations')
          .addColumn('series_id', 'text', (c) => c.notNull())
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('value', 'double precision', (c) => c.notNull())
          .addColumn('seen_at', 'text', (c) => c.notNull())
          .addColumn('run_id', 'integer')
          .addPrimaryKeyConstraint('observations_pk', ['series_id', 'date', 'seen_at'])
          .execute();
        await db.schema
          .createTable('refresh_runs')
          .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
            engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('finished_at', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('trigger', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('refresh_sources')
          .addColumn('run_id', 'integer', (c) => c.notNull())
          .addColumn('series_id', 'text', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('points_added', 'integer', (c) => c.notNull())
          .addColumn('revisions', 'integer', (c) => c.notNull())
          .addColumn('error', 'text')
          .addColumn('finished_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('refresh_sources_pk', ['run_id', 'series_id'])
          .execute();
        await db.schema
          .createIndex('refresh_sources_series')
          .on('refresh_sources')
          .columns(['series_id', 'run_id'])
          .execute();
      },
    },
    '002_publications': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('publications')
          .addColumn('id', engine === 'postgres' ? 'serial' : 'integer', (c) =>
            engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('run_id', 'integer')
          .addColumn('published_at', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '003_error_kind': {
      async up(db: Kysely<unknown>) {
        // What kind of failure a series' refresh met (timeout, http, parse, …): shown in plain words to users,
        // while the full message (which may name internal hosts) stays in the log.
        await db.schema.alterTable('refresh_sources').addColumn('error_kind', 'text').execute();
      },
    },
    '004_observation_state': {
      async up(db: Kysely<unknown>) {
        // Withdrawn dates and quarantined values are vintages too (never a delete, never an update): null for a
        // published value, 'withdrawn' or 'quarantined' otherwise.
        await db.schema.alterTable('observations').addColumn('state', 'text').execute();
      },
    },
    '005_observation_state_index': {
      async up(db: Kysely<unknown>) {
        // Finding the values in quarantine must not scan every observation (a publish reads them each time).
        await db.schema
          .createIndex('observations_state')
          .on('observations')
          .columns(['state', 'series_id', 'date'])
          .where(sql.ref('state'), 'is not', null)
          .execute();
      },
    },
    '006_model_results': {
      async up(db: Kysely<unknown>) {
        // The model computed for a publication, kept so a restart serves at once instead of recomputing.
        await db.schema
          .createTable('model_results')
          .addColumn('publication_id', 'integer', (c) => c.notNull())
          .addColumn('model_version', 'text', (c) => c.notNull())
          .addColumn('service_version', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('model_results_pk', ['publication_id', 'model_version', 'service_version'])
          .execute();
      },
    },
    '007_publication_context': {
      async up(db: Kysely<unknown>) {
        // What a publication was built from besides the observations (refresh states, the last run, pending
        // quarantine), frozen when it is logged: a process that rebuilds it later sees the same, even while the
        // next refresh is writing.
        await db.schema.alterTable('publications').addColumn('context', 'text').execute();
      },
    },
    '008_observation_vintages_index': {
      async up(db: Kysely<unknown>) {
        // Every publish (and every start) reads each series' vintages in key order: with value and state in the
        // index, the read needs no lookup into the table per row (145k rows on the real files: 117–136 ms → 59–73
        // ms with better-sqlite3, for 9 MB more on disk).
        await db.schema
          .createIndex('observations_vintages')
          .on('observations')
          .columns(['series_id', 'date', 'seen_at', 'value', 'state'])
          .execute();
      },
    },
    '009_observation_seen_index': {
      async up(db: Kysely<unknown>) {
        // Vintages are only ever appended, each with the instant it was first seen: by this index a publish finds
        // which series gained a vintage since the previous one by reading only the new rows (and the newest
        // instant, which a publication log entry records, by one seek instead of a scan of every row).
        await db.schema.createIndex('observations_seen').on('observations').columns(['seen_at', 'series_id']).execute();
      },
    },
    '010_refresh_source_window': {
      async up(db: Kysely<unknown>) {
        // Routine refreshes ask only for recent observations (ingest/refresh/read-window.ts): each source row says which
        // window it read, so that the next refresh knows when each series last had its whole history re-read.
        await db.schema.alterTable('refresh_sources').addColumn('window_start', 'text').execute();
      },
    },
    '011_weekly_notes': {
      async up(db: Kysely<unknown>) {
        // The week's note of each reading as first published: the history is restated by revisions (inputs as
        // published today), the note keeps what was said on the day.
        await db.schema
          .createTable('weekly_notes')
          .addColumn('reading_date', 'text', (c) => c.notNull())
          .addColumn('model_version', 'text', (c) => c.notNull())
          .addColumn('published_at', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('weekly_notes_pk', ['reading_date', 'model_version'])
          .execute();
      },
    },
  };
}

export async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(engine) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${errorMessage(error)}`);
  }
}
