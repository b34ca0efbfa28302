import { storeModelResult } from '../store/model-results.ts';
import { loadVintagedSeries } from '../store/observations.ts';
import { latestPublication } from '../store/publications.ts';
import type { Store } from '../store/store.ts';
import { computeModelComputation, MODEL_SERIES, modelResultKey } from './model-computation.ts';

/**
 * Computes the model of a logged publication exactly as a Publisher rebuilding it would (the model's series as
 * seen by its instant, the model run as of that instant) and keeps it under the publication's key, where every
 * process serving that publication reads it instead of computing it (publisher.ts #model). Whatever refreshes (the
 * service's refresh process, `usd-liquidity refresh`) calls it right after logging the publication, so the serving
 * processes never run the model themselves. Nothing is done when a newer publication was logged meanwhile.
 */
export async function computeAndKeepModel(store: Store, publicationId: number, baseUrl: string): Promise<void> {
  const record = await latestPublication(store.db);
  if (record?.id !== publicationId) return;
  const seenUpTo = record.context?.seenUpTo ?? undefined;
  const vintaged = await loadVintagedSeries(store.db, [...MODEL_SERIES], seenUpTo);
  const computation = computeModelComputation(vintaged, new Date(record.publishedAt), baseUrl);
  await storeModelResult(store.db, modelResultKey(record.id), JSON.stringify(computation));
}
