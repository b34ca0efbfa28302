import { getPriority } from 'node:os';

/** A worker thread's task for test/helper-threads.test.ts: the nice value the thread runs at. */
export default function priority(): number {
  return getPriority();
}
