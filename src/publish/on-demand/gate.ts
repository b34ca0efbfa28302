import PQueue, { type Queue, type QueueAddOptions, type RunFunction } from 'p-queue';
import { keptAnswers } from '../kept.ts';
import type { PreparedResponse } from '../prepared-response.ts';

/**
 * The one gate of the work computed on demand for a client (transforms, many-series downloads, vintages, `asOf`,
 * workbooks, charts, and the MCP tools that need them): it runs off the serving thread (the worker pool,
 * on-demand/worker-pool.ts), at most `inFlight` at once, at most `queued` more waiting, and at most `perClientQueued` of
 * those from one client — so one client (a notebook looping over transforms, an agent calling tools in parallel)
 * can fill its own share of the queue, never the queue. Past that, the work is not started: `busy` (503 with
 * Retry-After). Waiting work is started in turn between clients (round robin), not in arrival order: a client
 * that queued four has the next turn after one that queued one. The same work asked again while it runs is
 * joined (single flight, counted once); answers are kept in an LRU bounded in bytes.
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
  memoBytes: 12 * 1024 * 1024,
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

/** p-queue's options for a task, with the client whose turn it takes. */
type TurnOptions = QueueAddOptions & { client?: string };

/**
 * p-queue's waiting tasks in turns between clients (round robin) instead of its priority order: each client's
 * tasks in arrival order, the next task from the client after the last one served. The one part of the gate that
 * p-queue has no option for; it takes a queue class for that (its `queueClass`).
 */
class ClientTurns implements Queue<RunFunction, TurnOptions> {
  /** Waiting tasks by client, each in arrival order; the Map's order is the round robin's. */
  readonly #byClient = new Map<string, Array<{ id: string | undefined; run: RunFunction }>>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  enqueue(run: RunFunction, options?: Partial<TurnOptions>): void {
    const client = options?.client ?? '';
    const queue = this.#byClient.get(client);
    const task = { id: options?.id, run };
    if (queue) queue.push(task);
    else this.#byClient.set(client, [task]);
    this.#size++;
  }

  /** The next client's oldest task; that client goes to the back of the round. */
  dequeue(): RunFunction | undefined {
    const next = this.#byClient.entries().next();
    if (next.done) return undefined;
    const [client, queue] = next.value;
    const task = queue.shift()!;
    this.#byClient.delete(client);
    if (queue.length > 0) this.#byClient.set(client, queue);
    this.#size--;
    return task.run;
  }

  /** A waiting task leaves (its signal aborted). */
  remove(id: string): void {
    for (const [client, queue] of this.#byClient) {
      const at = queue.findIndex((task) => task.id === id);
      if (at < 0) continue;
      queue.splice(at, 1);
      if (queue.length === 0) this.#byClient.delete(client);
      this.#size--;
      return;
    }
  }

  /** The waiting tasks, of one client when its options name one (p-queue's sizeBy: the gate's share per client). */
  filter(options: Readonly<Partial<TurnOptions>>): RunFunction[] {
    const tasks =
      options.client === undefined ? [...this.#byClient.values()].flat() : this.#byClient.get(options.client);
    return (tasks ?? []).map((task) => task.run);
  }

  setPriority(): void {
    throw new Error('on-demand work has no priorities: it is served in turns between clients');
  }
}

export class OnDemand {
  readonly limits: OnDemandLimits;
  readonly #queue: PQueue<ClientTurns, TurnOptions>;
  readonly #joined = new Map<string, Promise<unknown>>();
  readonly #memo: ReturnType<typeof keptAnswers<PreparedResponse>>;

  constructor(limits: OnDemandLimits = ON_DEMAND_LIMITS) {
    this.limits = limits;
    this.#queue = new PQueue({ concurrency: limits.inFlight, queueClass: ClientTurns });
    this.#memo = keptAnswers<PreparedResponse>('on-demand answers', {
      bytes: limits.memoBytes,
      sizeOf: (response) => Number(response.headers['content-length']),
    });
  }

  /** Computations running now. */
  get running(): number {
    return this.#queue.pending;
  }

  /** Computations waiting, over all clients. */
  get waiting(): number {
    return this.#queue.size;
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
    const waitsFor = this.#queue.pending >= this.limits.inFlight;
    const mine = this.#queue.sizeBy({ client });
    if (waitsFor && (this.#queue.size >= this.limits.queued || mine >= this.limits.perClientQueued)) {
      return Promise.resolve(busy());
    }
    let waiting = true;
    const settled = this.#queue
      .add(
        () => {
          waiting = false;
          // A work that throws at once is a rejection like any other (its place is freed the same way).
          return Promise.resolve().then(work);
        },
        { client, ...(signal ? { signal: onlyWhileWaiting(signal, () => waiting) } : {}) },
      )
      .catch((cause: unknown) => {
        if (!waiting) throw cause;
        // Its signal aborted while it waited: out of the queue, answered busy to no one.
        return busy() as T;
      })
      .finally(() => this.#joined.delete(key));
    this.#joined.set(key, settled);
    return settled;
  }
}

/** The refusal past the bound. */
const busy = (): Busy => ({ busy: true, retryAfterSeconds: BUSY_RETRY_SECONDS });

/**
 * A signal that aborts with `signal` while `waiting()`: p-queue would otherwise abort the work's promise when the
 * signal aborts after it started, and free its place while it still runs on the worker.
 */
function onlyWhileWaiting(signal: AbortSignal, waiting: () => boolean): AbortSignal {
  const controller = new AbortController();
  if (signal.aborted) controller.abort();
  else signal.addEventListener('abort', () => waiting() && controller.abort(), { once: true });
  return controller.signal;
}

export function isBusy(value: unknown): value is Busy {
  return typeof value === 'object' && value !== null && (value as { busy?: unknown }).busy === true;
}

function isResponse(value: unknown): value is PreparedResponse {
  return typeof value === 'object' && value !== null && 'etag' in value && 'headers' in value;
}
