import type { Kysely } from 'kysely';
import { type Engine, openDatabase, type Tables } from './database.ts';
import { migrate } from './migrations.ts';

export interface Store {
  db: Kysely<Tables>;
  engine: Engine;
  close(): Promise<void>;
  /**
   * For a process that must end now (its parent is gone): gives up what its connection has under way — a
   * transaction is rolled back, never committed half-done — and marks run `runId` aborted at `at` if it is still
   * running. The process exits right after: the store is not usable any more.
   */
  abandonRun(runId: number, at: string): Promise<void>;
}

const ABORT_RUN = "update refresh_runs set status = 'aborted', finished_at = $1 where id = $2 and status = 'running'";

/** Opens the configured database and brings its schema up to date. */
export async function openStore(databaseUrl: string): Promise<Store> {
  const { db, engine, sqlite } = await openDatabase(databaseUrl);
  await migrate(db as unknown as Kysely<unknown>, engine);
  return {
    db,
    engine,
    close: () => db.destroy(),
    async abandonRun(runId, at) {
      if (sqlite) {
        // Synchronous, on the one connection: a transaction the refresh had open would hold the write lock that
        // another connection would wait for. Its rollback is the same as the process dying mid-transaction.
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        sqlite.prepare(ABORT_RUN.replace('$1', '?').replace('$2', '?')).run(at, runId);
        return;
      }
      // PostgreSQL: on a session of its own (the pool's may be inside a transaction, which the server rolls back
      // when the process's connections close). No row lock is shared with a refresh's writes.
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(ABORT_RUN, [at, runId]);
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}
