import { Piscina } from 'piscina';
import { BACKGROUND_NICE_INCREMENT } from '../timeseries/background-priority.ts';
import type { RefreshTask, RefreshTaskResult } from './refresh-worker.ts';

/**
 * One worker thread (piscina) for the service's refreshes: parsing provider files, checking and writing tens of
 * thousands of rows on the embedded store (whose driver is synchronous) would otherwise hold the serving thread
 * for up to a hundred milliseconds at a time (issue 13, finding 6). The thread exits as soon as the refresh is
 * done, so it never overlaps the model's worker at the publish that follows (soak: RSS peak 294 → 278 MB), and runs
 * at a lower scheduling priority than the serving thread (see src/helper-threads.ts).
 */
let pool: Piscina<RefreshTask, RefreshTaskResult> | undefined;

export function refreshOffThread(task: RefreshTask): Promise<RefreshTaskResult> {
  pool ??= new Piscina<RefreshTask, RefreshTaskResult>({
    filename: new URL('./refresh-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 0,
    niceIncrement: BACKGROUND_NICE_INCREMENT,
    // A small young generation: the refresh's garbage is collected sooner instead of growing the heap.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  return pool.run(task);
}

export async function closeRefreshPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
