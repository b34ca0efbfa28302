import { type ChildProcess, type Serializable, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Tables } from '../../store/database.ts';
import { abortDanglingRuns } from '../../store/runs.ts';
import type { RefreshRun } from './queue.ts';
import type { RefreshObserver } from './run.ts';
import { type RefreshChildMessage, type RefreshProgressMessage, type RefreshTaskResult, retryNotice } from './task.ts';

/**
 * Each refresh of the service runs in a process of its own (src/processes/refresh.ts, the composition root's
 * `entry`), started for it and gone when it ends. Not a worker thread, as it was: V8's compiler and collector helper
 * threads are shared process-wide at the serving thread's priority, and a refresh kept them busy (~2 s of CPU per
 * refresh on the real files, measured per thread from /proc during the soak) while requests waited on a shared core.
 * A process lowers all its threads and runs V8 `--single-threaded` (no helpers); and its memory is its own, not the
 * API's, which bounds what a hostile provider can do to the service.
 */
/** The refresh process ended without answering (it crashed, or was stopped past its deadline). */
export class RefreshChildFailed extends Error {}

/** Time a refresh process is given beyond the refresh's own budget (its start, the last writes) before it is killed. */
const DEADLINE_GRACE_MS = 30_000;

const running = new Set<ChildProcess>();
let niceOnPath = true;

/** How far below this process the refresh process runs (nice's increment; the worker threads' too). */
export const NICE_INCREMENT = 10;

/** What starts a refresh process: its entry module and the task sent to it (`budgetMs`: the refresh's budget). */
export interface RefreshProcess {
  entry: URL;
  task: Serializable;
  budgetMs: number;
}

export function refreshInChildProcess(
  { entry, task, budgetMs }: RefreshProcess,
  onProgress: (message: RefreshProgressMessage) => void = () => {},
): Promise<RefreshTaskResult> {
  return new Promise((resolve, reject) => {
    // This process's flags (the young generation's size), not a debugger's port. `--optimize-for-size`: a smaller
    // heap, collected more often — a refresh and its model on the real files peaked at 229–231 MB resident without
    // it, 134–154 MB with it, for ~0.5–1 s more of (lowered) CPU (2026-11-24); the refresh's memory is the service's.
    const node = [
      process.execPath,
      ...process.execArgv.filter((flag) => !flag.startsWith('--inspect')),
      '--single-threaded',
      '--optimize-for-size',
      fileURLToPath(entry),
    ];
    // Started through `nice`, so every thread runs below the serving thread from its first instruction (lowered once
    // running, it loaded its modules at full priority and stalled the serving loop 6–16 ms ~100 times per refresh;
    // 2026-11-24). Without `nice` (Windows; ENOENT: not on PATH) it runs at normal priority rather than not at all.
    const niced = process.platform !== 'win32' && niceOnPath;
    const [command, ...args] = niced ? ['nice', '-n', String(NICE_INCREMENT), ...node] : node;
    // A synchronous throw (bad arguments) rejects the promise: this is its executor.
    const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    running.add(child);
    let answer: RefreshChildMessage | undefined;
    let spawned = false;
    const deadline = setTimeout(() => child.kill('SIGKILL'), budgetMs + DEADLINE_GRACE_MS);
    child.once('spawn', () => {
      spawned = true;
      child.send(task);
    });
    child.on('message', (message) => {
      if (message && typeof message === 'object' && 'progress' in message)
        onProgress(message as RefreshProgressMessage);
      else answer = message as RefreshChildMessage;
    });
    child.once('error', (cause: NodeJS.ErrnoException) => {
      if (spawned) return;
      clearTimeout(deadline);
      running.delete(child);
      if (niced && cause.code === 'ENOENT') {
        niceOnPath = false;
        refreshInChildProcess({ entry, task, budgetMs }, onProgress).then(resolve, reject);
      } else reject(cause);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(deadline);
      running.delete(child);
      if (!spawned) return;
      if (answer?.ok) resolve(answer.result);
      else if (answer) reject(new Error(answer.error));
      else reject(new RefreshChildFailed(`the refresh process ended without an answer (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Lets go of a refresh process still running (at shutdown, after the refresher was given time to finish): its IPC
 * channel is closed, on which it rolls back what is under way, marks its run aborted and exits (src/processes/refresh.ts)
 * — what it does too when this process dies without a word. One that can no longer hear it is killed.
 */
export function stopRefreshChildren(): void {
  for (const child of running) {
    if (child.connected) child.disconnect();
    else child.kill('SIGKILL');
  }
}

/**
 * A refresh run in a process of its own (see above), started as `processFor` says for the trigger. The observer
 * hears of its start and of each outcome as it happens, of its retries when it ends. A process that started and died
 * (a crash, its memory, its deadline) is never run again here, where the same input would take the API down with it:
 * its run is closed as aborted and the refresh fails (the scheduler retries later).
 */
export function refreshInOwnProcess(
  processFor: (trigger: string) => RefreshProcess,
  store: { db: Kysely<Tables>; now: () => Date },
): RefreshRun {
  return async (trigger: string, observer: RefreshObserver = {}) => {
    let result: RefreshTaskResult;
    try {
      result = await refreshInChildProcess(processFor(trigger), (message) => {
        if (message.progress === 'begin') observer.begin?.(message.labels);
        else observer.finished?.(message.outcome);
      });
    } catch (error) {
      await abortDanglingRuns(store.db, store.now().toISOString());
      throw error;
    }
    for (const record of result.retries) observer.retrying?.(retryNotice(record));
    observer.end?.(result.summary);
    return result;
  };
}
