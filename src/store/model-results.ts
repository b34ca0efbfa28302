import type { Kysely } from 'kysely';
import type { Tables } from './database.ts';

/**
 * The model computed for a publication, as JSON: a restart of the same code on the same publication reads it
 * back instead of recomputing (the model is the slow part of a start). A cache, not a record: only the newest
 * KEEP publications' results are kept.
 */
const KEEP = 3;

export interface ModelResultKey {
  publicationId: number;
  modelVersion: string;
  serviceVersion: string;
}

/** The key's columns: a result is one publication's, computed by one model and service version. */
function columns(key: ModelResultKey) {
  return { publication_id: key.publicationId, model_version: key.modelVersion, service_version: key.serviceVersion };
}

export async function storedModelResult(db: Kysely<Tables>, key: ModelResultKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('model_results')
    .select('body')
    .where((eb) => eb.and(columns(key)))
    .executeTakeFirst();
  return row?.body;
}

export async function storeModelResult(db: Kysely<Tables>, key: ModelResultKey, body: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('model_results')
      .where((eb) => eb.and(columns(key)))
      .execute();
    await trx
      .insertInto('model_results')
      .values({ ...columns(key), body })
      .execute();
    await trx
      .deleteFrom('model_results')
      .where('publication_id', '<=', key.publicationId - KEEP)
      .execute();
  });
}
