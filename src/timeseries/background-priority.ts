import { readdirSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * How much lower than the serving thread the process's background threads run (a nice increment, Linux and other
 * Unix): the worker threads (model, charts), the refresh's own process and libuv's pool (compression). When they
 * share a core with the serving thread, the scheduler then lets a request preempt them. Measured with the soak's
 * load, the service on one core (90 s runs, 2026-11-23): the probe's p99 28.2 and 27.0 ms with every thread at one
 * priority; 27.5 and 21.2 ms with the worker threads at +10; 20.9 and 20.6 ms with V8's helpers lowered as well
 * (not kept: see src/helper-threads.ts).
 */
export const BACKGROUND_NICE_INCREMENT = 10;

/** The nice value of background work started by this thread: its own, lowered by the background increment. */
export function backgroundNice(): number {
  return Math.min(19, getPriority() + BACKGROUND_NICE_INCREMENT);
}

/**
 * Lowers a process just started (its main thread, whose nice value the threads it starts later inherit), from the
 * process that started it, before it has run much of its own code. Returns whether the system took it.
 */
export function lowerStartedProcess(pid: number | undefined, nice: number): boolean {
  if (pid === undefined) return false;
  try {
    setPriority(pid, nice);
    return true;
  } catch {
    return false; // it has ended already, or the system refuses: it lowers itself once it runs (lowerThisProcess)
  }
}

/**
 * Lowers every thread of this process to `target` (default: by the background increment): for a process that does background work only
 * (the refresh's). On Linux a thread is a task with its own nice value, and threads started before this call (V8's,
 * Node's) keep theirs unless each is set by its id; elsewhere only the calling thread is lowered. Returns how many
 * threads were lowered.
 */
export function lowerThisProcess(target = backgroundNice()): number {
  const tasks = process.platform === 'linux' ? readdirSync('/proc/self/task').map(Number) : [0];
  let lowered = 0;
  for (const task of tasks) {
    try {
      setPriority(task, target);
      lowered++;
    } catch {
      // The thread ended meanwhile, or the system refuses: it keeps its priority.
    }
  }
  return lowered;
}

/**
 * Makes this process the first the kernel's out-of-memory killer chooses (Linux: oom_score_adj 1000, which any
 * process may raise for itself): for the refresh's process, so that a memory-limited container short of memory
 * loses a refresh — which fails, is logged, and runs again at its next time — and not the API. Returns whether the
 * system took it.
 */
export function offerToOutOfMemoryKiller(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    writeFileSync('/proc/self/oom_score_adj', '1000');
    return true;
  } catch {
    return false; // no /proc, or a sandbox refuses it: the kernel chooses by size alone
  }
}
