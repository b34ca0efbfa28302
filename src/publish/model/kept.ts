import { storedModelResult, storeModelResult } from '../../store/model-results.ts';
import { loadVintagedSeries } from '../../store/observations.ts';
import { latestPublication } from '../../store/publications.ts';
import type { Store } from '../../store/store.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import { MODEL_SERIES, type ModelComputation, type ModelOutcome, modelOutcome, modelResultKey } from './computation.ts';

/**
 * The one place a publication's model is computed (the `asOf` worker aside, which computes past ones): read back
 * where it was kept under the publication's key, else computed now and kept there, so that every process serving
 * that publication reads the same result and computes it at most once. A publication not in the log (version 0:
 * nothing logged yet, or an in-memory store) is computed and not kept. `onKeepFailed` hears why it could not be kept.
 */
export async function publicationModel(
  store: Store,
  at: { publicationId: number | undefined; vintaged: ReadonlyMap<string, VintagedSeries>; now: Date; baseUrl: string },
  onKeepFailed: (error: unknown) => void,
): Promise<ModelOutcome> {
  const key = at.publicationId !== undefined && at.publicationId > 0 ? modelResultKey(at.publicationId) : undefined;
  const stored = key && (await storedModelResult(store.db, key));
  if (stored) return { ok: true, computation: JSON.parse(stored) as ModelComputation };
  const outcome = modelOutcome(at.vintaged, at.now, at.baseUrl);
  if (key) await keepModel(store, at.publicationId!, outcome).catch(onKeepFailed);
  return outcome;
}

/** Keeps a model computed elsewhere (a worker thread) for a logged publication: what publicationModel reads. */
export async function keepModel(store: Store, publicationId: number, outcome: ModelOutcome): Promise<void> {
  if (outcome.ok) await storeModelResult(store.db, modelResultKey(publicationId), JSON.stringify(outcome.computation));
}

/**
 * Keeps the model of a logged publication exactly as a Publisher rebuilding it would get it (the model's series as
 * seen by its instant, the model run as of that instant). Whatever refreshes (the service's refresh process,
 * `usd-liquidity refresh`) calls it right after logging the publication, so the serving processes only read it.
 * Nothing is done when a newer publication was logged meanwhile; throws when the model cannot be computed.
 */
export async function computeAndKeepModel(store: Store, publicationId: number, baseUrl: string): Promise<void> {
  const record = await latestPublication(store.db);
  if (record?.id !== publicationId) return;
  const seenUpTo = record.context?.seenUpTo ?? undefined;
  const vintaged = await loadVintagedSeries(store.db, [...MODEL_SERIES], seenUpTo);
  let keepError: unknown;
  const outcome = await publicationModel(
    store,
    { publicationId, vintaged, now: new Date(record.publishedAt), baseUrl },
    (error) => {
      keepError = error;
    },
  );
  if (!outcome.ok) throw new Error(outcome.error);
  if (keepError) throw keepError;
}
