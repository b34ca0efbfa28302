import { Piscina } from 'piscina';
import type { RefreshTask, RefreshTaskResult } from './refresh-worker.ts';

/**
 * One worker thread (piscina) for the service's refreshes: parsing provider files, checking and writing tens of
 * thousands of rows on the embedded store (whose driver is synchronous) would otherwise hold the serving thread
 * for up to a hundred milliseconds at a time (issue 13, finding 6). The thread exits when idle.
 */
let pool: Piscina<RefreshTask, RefreshTaskResult> | undefined;

export function refreshOffThread(task: RefreshTask): Promise<RefreshTaskResult> {
  pool ??= new Piscina<RefreshTask, RefreshTaskResult>({
    filename: new URL('./refresh-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 5_000,
  });
  return pool.run(task);
}

export async function closeRefreshPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
