import PQueue from 'p-queue';

/**
 * When an MCP exchange may start. MCP exchanges run on the serving thread (the SDK's server, transport and
 * JSON-RPC serialization: milliseconds of CPU each), so MCP gets a bounded share of it: at most `inFlight`
 * exchanges at once and `perSecond` started in any 1,000 ms (p-queue, its strict sliding window: the limiter the
 * providers' pacing uses too). An exchange past either bound waits its turn, in arrival order, instead of being
 * refused: a client calling one tool after another (the SDK client sends a burst in its first second) would lose
 * its call. Only past `waiting` queued exchanges, or after `maxWaitMs` in the
 * queue, is one refused (`busy`): that bounds the memory and the delay a flood can cause, while the thread's share
 * stays the same.
 */
export interface AdmissionOptions {
  inFlight: number;
  perSecond: number;
  waiting: number;
  maxWaitMs: number;
}

/** A started exchange calls `done` exactly once, when its response has closed. */
export type Admitted = { done: () => void };

export class Admission {
  readonly #options: AdmissionOptions;
  readonly #queue: PQueue;

  constructor(options: AdmissionOptions) {
    this.#options = options;
    this.#queue = new PQueue({
      concurrency: options.inFlight,
      interval: 1000,
      intervalCap: options.perSecond,
      strict: true,
    });
  }

  /** Exchanges started and not yet done. */
  get inFlight(): number {
    return this.#queue.pending;
  }

  /** Exchanges waiting for their turn. */
  get waiting(): number {
    return this.#queue.size;
  }

  /**
   * Resolves with a ticket when the exchange may start, or undefined when it is refused (the queue is full, or
   * it waited maxWaitMs). `gone` (its client went away) takes it out of the queue.
   */
  enter(gone?: AbortSignal): Promise<Admitted | undefined> {
    if (this.#queue.size >= this.#options.waiting) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      // Aborts only while the exchange waits: once started, it holds its place until `done`, whatever happens.
      const waiting = new AbortController();
      const leave = () => waiting.abort();
      const expiry = setTimeout(leave, this.#options.maxWaitMs);
      expiry.unref?.();
      gone?.addEventListener('abort', leave, { once: true });
      const started = () => {
        clearTimeout(expiry);
        gone?.removeEventListener('abort', leave);
      };
      this.#queue
        .add(
          () =>
            new Promise<void>((release) => {
              started();
              let finished = false;
              resolve({
                done: () => {
                  if (finished) return;
                  finished = true;
                  release();
                },
              });
            }),
          { signal: waiting.signal },
        )
        .catch(() => {
          started();
          resolve(undefined);
        });
    });
  }
}
