/**
 * Loaded into the benchmarked service by the soak (`--import`, main thread only): notes every moment its serving
 * thread's event loop ran late, so that the soak can tell a slow probe the service caused from one the client's
 * shared core caused (on two cores the probe shares its core with the load generator). A timer due every 5 ms that
 * fires more than 5 ms late marks a stall of that length; each is appended to LOOP_GAPS_FILE as
 * `<epoch ms when it began> <ms>`.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const EVERY_MS = 5;
const file = process.env.LOOP_GAPS_FILE;
// The refresh's own process (forked with an IPC channel) loads the same flags: only the serving process counts.
if (file && isMainThread && !process.send) {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const lateMs = now - last - EVERY_MS;
    last = now;
    if (lateMs > EVERY_MS) appendFileSync(file, `${Math.round(Date.now() - lateMs)} ${lateMs.toFixed(1)}\n`);
  }, EVERY_MS).unref();
}
