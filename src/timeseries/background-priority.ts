/**
 * How much lower than the serving thread the process's background threads run (a nice increment, Linux and other
 * Unix): the worker threads (refresh, model) and libuv's pool (compression). When they share a core with the
 * serving thread, the scheduler then lets a request preempt them. Measured with the soak's load, the service on one
 * core (90 s runs, 2026-11-23): the probe's p99 28.2 and 27.0 ms with every thread at one priority; 27.5 and
 * 21.2 ms with the worker threads at +10; 20.9 and 20.6 ms with V8's helpers lowered as well (not kept: see
 * src/helper-threads.ts).
 */
export const BACKGROUND_NICE_INCREMENT = 10;
