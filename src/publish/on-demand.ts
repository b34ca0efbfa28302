import { keptAnswers } from './kept.ts';
import type { PreparedResponse } from './prepared-response.ts';

/**
 * The one gate of the work computed on demand for a client (transforms, many-series downloads, vintages, `asOf`,
 * workbooks, charts, and the MCP tools that need them): it runs off the serving thread (the worker pool,
 * worker-pool.ts), at most `inFlight` at once, at most `queued` more waiting, and at most `perClientQueued` of
 * those from one client — so one client (a notebook looping over transforms, an agent calling tools in parallel)
 * can fill its own share of the queue, never the queue. Past that, the work is not started: `busy` (503 with
 * Retry-After). Waiting work is started in turn between clients (round robin), not in arrival order: a client
 * that queued four has the next turn after one that queued one. The same work asked again while it runs is
 * joined (single flight, counted once); answers are kept in an LRU bounded in bytes (issue 41).
 */
export interface OnDemandLimits {
  /** Computations running at once (the worker thread takes them one after the other; one waits ready). */
  inFlight: number;
  /** Computations waiting, over all clients. */
  queued: number;
  /** Computations waiting from one client (its address: http/client-address.ts). */
  perClientQueued: number;
  /** Bytes of answers kept (their bodies), over all publications. */
  memoBytes: number;
}

export const ON_DEMAND_LIMITS: OnDemandLimits = {
  inFlight: 2,
  queued: 32,
  perClientQueued: 4,
  memoBytes: 24 * 1024 * 1024,
};

/** The refusal past the bound: how long the client is asked to wait (about what the queue takes to drain). */
export interface Busy {
  busy: true;
  retryAfterSeconds: number;
}

/** How long a refused client waits: a full queue of typical computations (10–70 ms each) drains within it. */
export const BUSY_RETRY_SECONDS = 2;

/**
 * Runs `work` within the bound, as one client's (the caller names the client and the publication), or answers
 * busy without starting it: what a resource that computes on demand is given (model-as-of.ts, workbooks, charts).
 */
export type Admit = <T>(key: string, work: () => Promise<T>, signal?: AbortSignal) => Promise<T | Busy>;

interface Waiting {
  start: () => void;
}

export class OnDemand {
  readonly limits: OnDemandLimits;
  #running = 0;
  /** Waiting work by client, each in arrival order; the Map's order is the round robin's. */
  readonly #waiting = new Map<string, Waiting[]>();
  #waitingCount = 0;
  readonly #joined = new Map<string, Promise<unknown>>();
  readonly #memo: ReturnType<typeof keptAnswers<PreparedResponse>>;

  constructor(limits: OnDemandLimits = ON_DEMAND_LIMITS) {
    this.limits = limits;
    this.#memo = keptAnswers<PreparedResponse>('on-demand answers', {
      bytes: limits.memoBytes,
      sizeOf: (response) => Number(response.headers['content-length']),
    });
  }

  /** Computations running now. */
  get running(): number {
    return this.#running;
  }

  /** Computations waiting, over all clients. */
  get waiting(): number {
    return this.#waitingCount;
  }

  /** An answer kept under `key`, if any (no work, no quota). */
  kept(key: string): PreparedResponse | undefined {
    return this.#memo.get(key);
  }

  /**
   * An answer: kept under `key`, or computed by `work` within the bound and kept (when it is a response). `key`
   * names the answer completely (its publication included): the same key is the same bytes.
   */
  answer<T extends PreparedResponse | object>(
    client: string,
    key: string,
    work: () => Promise<T>,
  ): PreparedResponse | Promise<T | Busy> {
    const hit = this.#memo.get(key);
    if (hit) return hit;
    return this.admit(client, key, async () => {
      const result = await work();
      if (isResponse(result)) this.#memo.set(key, result);
      return result;
    });
  }

  /**
   * Runs `work` within the bound (joined if the same key runs or waits), or answers busy without starting it.
   * `signal` aborted while the work waits (every client that asked for it went away: a chart's drawing) takes it
   * out of the queue at once, freeing its client's share; it is then answered busy, to no one.
   */
  admit<T>(client: string, key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T | Busy> {
    const joined = this.#joined.get(key);
    if (joined) return joined as Promise<T>;
    if (this.#running >= this.limits.inFlight) {
      const mine = this.#waiting.get(client)?.length ?? 0;
      if (this.#waitingCount >= this.limits.queued || mine >= this.limits.perClientQueued) {
        return Promise.resolve({ busy: true, retryAfterSeconds: BUSY_RETRY_SECONDS });
      }
    }
    const settled = new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#running++;
        // A work that throws at once is a rejection like any other (its place is freed the same way).
        Promise.resolve()
          .then(work)
          .then(resolve, reject)
          .finally(() => {
            this.#running--;
            this.#joined.delete(key);
            this.#next();
          });
      };
      if (this.#running < this.limits.inFlight) return start();
      const waiting = { start };
      this.#enqueue(client, waiting);
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.#dequeue(client, waiting)) return;
          this.#joined.delete(key);
          resolve({ busy: true, retryAfterSeconds: BUSY_RETRY_SECONDS } as T);
        },
        { once: true },
      );
    });
    this.#joined.set(key, settled);
    return settled;
  }

  #enqueue(client: string, waiting: Waiting): void {
    const queue = this.#waiting.get(client);
    if (queue) queue.push(waiting);
    else this.#waiting.set(client, [waiting]);
    this.#waitingCount++;
  }

  /** Takes waiting work out of its client's queue; false when it was no longer waiting (it started). */
  #dequeue(client: string, waiting: Waiting): boolean {
    const queue = this.#waiting.get(client);
    const at = queue?.indexOf(waiting) ?? -1;
    if (at < 0) return false;
    queue!.splice(at, 1);
    if (queue!.length === 0) this.#waiting.delete(client);
    this.#waitingCount--;
    return true;
  }

  /** Starts the next client's oldest work; that client goes to the back of the round. */
  #next(): void {
    while (this.#running < this.limits.inFlight && this.#waitingCount > 0) {
      const [client, queue] = this.#waiting.entries().next().value as [string, Waiting[]];
      const waiting = queue.shift()!;
      this.#waiting.delete(client);
      if (queue.length > 0) this.#waiting.set(client, queue);
      this.#waitingCount--;
      waiting.start();
    }
  }
}

export function isBusy(value: unknown): value is Busy {
  return typeof value === 'object' && value !== null && (value as { busy?: unknown }).busy === true;
}

function isResponse(value: unknown): value is PreparedResponse {
  return typeof value === 'object' && value !== null && 'etag' in value && 'headers' in value;
}
