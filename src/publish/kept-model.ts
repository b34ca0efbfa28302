import { storeModelResult } from '../store/model-results.ts';
import { loadVintagedSeries } from '../store/observations.ts';
import type { PublicationRecord } from '../store/publications.ts';
import type { Store } from '../store/store.ts';
import { computeModelComputation, MODEL_SERIES, modelResultKey } from './model-computation.ts';

/**
 * Computes the model of a logged publication exactly as a Publisher rebuilding it would (the model's series as
 * seen by its instant, the model run as of that instant) and keeps it under the publication's key, where every
 * process serving that publication reads it instead of computing it (publisher.ts #model). The refresh process
 * calls it right after logging the publication, so the serving processes never run the model themselves.
 */
export async function computeAndKeepModel(store: Store, record: PublicationRecord, baseUrl: string): Promise<void> {
  const seenUpTo = record.context?.seenUpTo ?? undefined;
  const vintaged = await loadVintagedSeries(store.db, [...MODEL_SERIES], seenUpTo);
  const computation = computeModelComputation(vintaged, new Date(record.publishedAt), baseUrl);
  await storeModelResult(store.db, modelResultKey(record.id), JSON.stringify(computation));
}
