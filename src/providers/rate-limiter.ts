import PQueue from 'p-queue';

/**
 * Per-provider pacing: request starts at least `minIntervalMs` apart (FRED enforces about 2 requests per second)
 * and at most `maxConcurrent` requests in flight; the rest wait their turn in order. Callers
 * `await limiter.schedule(fn)`. p-queue's strict interval (a sliding window of one start per `minIntervalMs`),
 * the limiter the service's MCP admission uses too (http/mcp/admission.ts).
 */
export interface RateLimiter {
  schedule<T>(work: () => Promise<T>): Promise<T>;
}

export function rateLimiter(opts: { minIntervalMs: number; maxConcurrent: number }): RateLimiter {
  const queue = new PQueue({
    concurrency: Math.max(1, opts.maxConcurrent),
    ...(opts.minIntervalMs > 0 ? { interval: opts.minIntervalMs, intervalCap: 1, strict: true } : {}),
  });
  return { schedule: (work) => queue.add(work) };
}
