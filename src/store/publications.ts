import type { Kysely } from 'kysely';
import type { Tables } from './database.ts';

/**
 * The publication log: one row per published model. Every API process builds the publication of the newest row
 * "as of" its `published_at`, so all processes serve identical bytes (and ETags) for the same publication id.
 */
export interface PublicationRecord {
  id: number;
  runId: number | null;
  publishedAt: string;
}

export async function recordPublication(
  db: Kysely<Tables>,
  runId: number | null,
  publishedAt: string,
): Promise<number> {
  const row = await db
    .insertInto('publications')
    .values({ run_id: runId, published_at: publishedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function latestPublication(db: Kysely<Tables>): Promise<PublicationRecord | undefined> {
  const row = await db.selectFrom('publications').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? { id: Number(row.id), runId: row.run_id, publishedAt: row.published_at } : undefined;
}
