import type { Logger } from 'pino';
import type { Coordination } from '../store/coordination.ts';
import { recordPublication } from '../store/publications.ts';
import type { Store } from '../store/store.ts';

/**
 * The one sequence after every refresh, for the service and the CLI alike: log a publication as of the
 * injected clock's instant, then tell every process sharing the store (each rebuilds it as of that instant, so
 * all answer with identical bytes). A failed notice only delays the others until their next poll.
 */
export async function announcePublication(
  deps: { store: Store; coordination: Coordination; now: () => Date; log?: Logger | undefined },
  runId: number | null,
  /** The publication already logged (by the refresh process), to be announced only. */
  recordedId?: number,
): Promise<number> {
  const id = recordedId ?? (await recordPublication(deps.store.db, runId, deps.now().toISOString()));
  await deps.coordination
    .notifyPublished(id)
    .catch((error) => deps.log?.warn({ err: error }, 'publication notice failed; others will poll'));
  return id;
}
