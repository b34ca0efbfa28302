/**
 * How much lower than the serving thread the process's background threads run (a nice increment, Linux and other
 * Unix): worker threads (refresh, model), V8's collector and compiler helpers and libuv's pool (compression).
 * When they share a core with the serving thread, the scheduler then lets a request preempt them. Measured with the
 * soak's load on one core (artifacts of 2026-11-23, two runs each): probe p99 28.2 / 27.0 ms with every thread at
 * the same priority, 20.9 / 20.6 ms with these at +10; event-loop gaps over 15 ms 228 / 211 → 112 / 105.
 */
export const BACKGROUND_NICE_INCREMENT = 10;
