import type { Kysely } from 'kysely';
import { type Engine, openDatabase, type Tables } from './database.ts';
import { migrate } from './migrations.ts';

export interface Store {
  db: Kysely<Tables>;
  engine: Engine;
  close(): Promise<void>;
}

/** Opens the configured database and brings its schema up to date. */
export async function openStore(databaseUrl: string): Promise<Store> {
  const { db, engine } = await openDatabase(databaseUrl);
  await migrate(db as unknown as Kysely<unknown>, engine);
  return { db, engine, close: () => db.destroy() };
}
