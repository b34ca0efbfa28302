/**
 * Spaces request starts at least `minIntervalMs` apart (FRED: ≤ 2 requests/s → 500 ms) and caps how many
 * requests of one provider are in flight at once. Callers `await limiter.run(fn)`.
 */
export class RateLimiter {
  readonly #minIntervalMs: number;
  readonly #maxConcurrent: number;
  #nextStartAt = 0;
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(opts: { minIntervalMs: number; maxConcurrent: number }) {
    this.#minIntervalMs = opts.minIntervalMs;
    this.#maxConcurrent = Math.max(1, opts.maxConcurrent);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquireSlot();
    try {
      const now = Date.now();
      const startAt = Math.max(now, this.#nextStartAt);
      this.#nextStartAt = startAt + this.#minIntervalMs;
      if (startAt > now) await sleep(startAt - now);
      return await task();
    } finally {
      this.#release();
    }
  }

  async #acquireSlot(): Promise<void> {
    if (this.#active < this.#maxConcurrent) {
      this.#active++;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active--;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
