import Bottleneck from 'bottleneck';

/**
 * Per-provider pacing by `bottleneck`: request starts at least `minIntervalMs` apart (FRED enforces about 2
 * requests per second → 500 ms) and at most `maxConcurrent` requests in flight. Callers `await limiter.schedule(fn)`.
 */
export type RateLimiter = Pick<Bottleneck, 'schedule'>;

export function rateLimiter(opts: { minIntervalMs: number; maxConcurrent: number }): RateLimiter {
  return new Bottleneck({ minTime: opts.minIntervalMs, maxConcurrent: Math.max(1, opts.maxConcurrent) });
}
