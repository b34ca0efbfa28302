import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { BACKGROUND_NICE_INCREMENT } from './timeseries/background-priority.ts';

/** The runtime's helper threads, by the names Node gives them (V8's platform workers, libuv's pool). */
const HELPER_THREAD = /^(V8Worker|libuv-worker)$/;

/**
 * Lowers the scheduling priority of the runtime's helper threads below the serving thread's: V8's collector and
 * compiler helpers and libuv's pool (where responses are compressed). On a busy core they otherwise take turns
 * with the serving thread for whole time slices, and requests wait (the soak's probe: p99 28 → 21 ms, see
 * timeseries/background-priority.ts). On Linux a thread is a task with its own nice value, so each is set by its
 * id; elsewhere nothing is done. The collector loses nothing it needs: the serving thread does the marking or
 * scavenging its helpers have not got to. Returns how many threads were lowered.
 */
export async function lowerHelperThreadPriority(): Promise<number> {
  if (process.platform !== 'linux') return 0;
  // libuv starts its pool on first use: use it once so that its threads exist to be lowered.
  await promisify(deflate)(Buffer.alloc(1));
  const target = Math.min(19, getPriority() + BACKGROUND_NICE_INCREMENT);
  let lowered = 0;
  for (const task of readdirSync('/proc/self/task')) {
    try {
      if (!HELPER_THREAD.test(readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim())) continue;
      setPriority(Number(task), target);
      lowered++;
    } catch {
      // The thread ended meanwhile, or the system refuses: it keeps its priority.
    }
  }
  return lowered;
}
