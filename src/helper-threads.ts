import { readdirSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { BACKGROUND_NICE_INCREMENT } from './timeseries/background-priority.ts';

/**
 * libuv's pool threads, by the name Node gives them: they compress responses, and the serving thread never waits
 * for them. V8's own helpers (V8Worker: concurrent marking, compilation) are left alone on purpose: the serving
 * thread does wait for them at a collection's pauses, so starving them behind a busy neighbour on the same core
 * would lengthen those pauses (a priority inversion; the one soak run with them lowered had a 558 ms stall, cause
 * not isolated).
 */
const HELPER_THREAD = /^libuv-worker$/;

/**
 * Lowers the scheduling priority of libuv's pool (where responses are compressed) below the serving thread's, as
 * the worker threads' is (piscina's niceIncrement): on a busy core they otherwise take turns with the serving
 * thread for whole time slices, and requests wait (see timeseries/background-priority.ts). On Linux a thread is a
 * task with its own nice value, so each is set by its id; elsewhere nothing is done. Returns how many threads were
 * lowered.
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
