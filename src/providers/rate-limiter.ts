/**
 * Per-provider pacing: request starts at least `minIntervalMs` apart (FRED enforces about 2 requests per second)
 * and at most `maxConcurrent` requests in flight; the rest wait their turn in order. Callers
 * `await limiter.schedule(fn)`. A small gate of our own: cockatiel (retry, breaker) has a bulkhead for the
 * concurrency but nothing that spaces starts.
 */
export interface RateLimiter {
  schedule<T>(work: () => Promise<T>): Promise<T>;
}

export function rateLimiter(opts: { minIntervalMs: number; maxConcurrent: number }): RateLimiter {
  const maxConcurrent = Math.max(1, opts.maxConcurrent);
  const waiting: Array<() => void> = [];
  let running = 0;
  let nextStartMs = 0;
  let timer: NodeJS.Timeout | undefined;
  const pump = () => {
    if (timer || running >= maxConcurrent || waiting.length === 0) return;
    const waitMs = nextStartMs - Date.now();
    if (waitMs > 0) {
      timer = setTimeout(() => {
        timer = undefined;
        pump();
      }, waitMs);
      return;
    }
    running++;
    nextStartMs = Date.now() + opts.minIntervalMs;
    waiting.shift()!();
    pump();
  };
  return {
    schedule<T>(work: () => Promise<T>): Promise<T> {
      return new Promise<void>((start) => {
        waiting.push(start);
        pump();
      }).then(() =>
        work().finally(() => {
          running--;
          pump();
        }),
      );
    },
  };
}
