/**
 * When an MCP exchange may start. MCP exchanges run on the serving thread (the SDK's server, transport and
 * JSON-RPC serialization: ~0.5–3 ms of CPU each, bench:mcp), so MCP gets a bounded share of it: at most `inFlight`
 * exchanges at once and `perSecond` started in any 1,000 ms. An exchange past either bound waits its turn, in
 * arrival order, instead of being refused: a client calling one tool after another (the SDK client sends 11
 * requests in its first second) was answered 503 and lost its call (issue 42). Only past `waiting` queued
 * exchanges, or after `maxWaitMs` in the queue, is one refused (`busy`): that bounds the memory and the delay a
 * flood can cause, while the thread's share stays the same.
 */
export interface AdmissionOptions {
  inFlight: number;
  perSecond: number;
  waiting: number;
  maxWaitMs: number;
  /** Milliseconds on a monotonic clock (performance.now in the service). */
  now: () => number;
  /** Calls `run` after `ms`; returns a cancel function. */
  schedule: (run: () => void, ms: number) => () => void;
}

/** A started exchange calls `done` exactly once, when its response has closed. */
export type Admitted = { done: () => void };

interface Waiter {
  admit: (ticket: Admitted | undefined) => void;
  since: number;
}

export class Admission {
  private readonly options: AdmissionOptions;
  private readonly starts: number[] = [];
  private readonly queue: Waiter[] = [];
  private running = 0;
  private cancelWake: (() => void) | undefined;

  constructor(options: AdmissionOptions) {
    this.options = options;
  }

  /** Exchanges started and not yet done. */
  get inFlight(): number {
    return this.running;
  }

  /** Exchanges waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Resolves with a ticket when the exchange may start, or undefined when it is refused (the queue is full, or
   * it waited maxWaitMs). `gone` (its client went away) takes it out of the queue.
   */
  enter(gone?: AbortSignal): Promise<Admitted | undefined> {
    if (this.queue.length === 0 && this.canStart()) return Promise.resolve(this.start());
    if (this.queue.length >= this.options.waiting) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiter: Waiter = { admit: resolve, since: this.options.now() };
      this.queue.push(waiter);
      gone?.addEventListener('abort', () => this.leaveQueue(waiter, undefined), { once: true });
      this.wakeLater();
    });
  }

  private canStart(): boolean {
    const now = this.options.now();
    while (this.starts.length > 0 && this.starts[0]! <= now - 1000) this.starts.shift();
    return this.running < this.options.inFlight && this.starts.length < this.options.perSecond;
  }

  private start(): Admitted {
    this.running++;
    this.starts.push(this.options.now());
    let finished = false;
    return {
      done: () => {
        if (finished) return;
        finished = true;
        this.running--;
        this.drain();
      },
    };
  }

  private leaveQueue(waiter: Waiter, ticket: Admitted | undefined) {
    const at = this.queue.indexOf(waiter);
    if (at < 0) return;
    this.queue.splice(at, 1);
    waiter.admit(ticket);
  }

  /** Starts the waiting exchanges that may start now, refuses those that waited too long, and sets the next wake. */
  private drain() {
    const now = this.options.now();
    while (this.queue.length > 0 && now - this.queue[0]!.since >= this.options.maxWaitMs)
      this.leaveQueue(this.queue[0]!, undefined);
    while (this.queue.length > 0 && this.canStart()) this.leaveQueue(this.queue[0]!, this.start());
    this.wakeLater();
  }

  /**
   * With exchanges waiting and none of them able to start on a `done`, only time frees a turn: wake when the
   * oldest start leaves the one-second window, or when the first waiter would have waited too long.
   */
  private wakeLater() {
    this.cancelWake?.();
    this.cancelWake = undefined;
    if (this.queue.length === 0) return;
    const now = this.options.now();
    const expiry = this.queue[0]!.since + this.options.maxWaitMs;
    const windowFrees =
      this.running < this.options.inFlight && this.starts.length > 0
        ? this.starts[0]! + 1000
        : Number.POSITIVE_INFINITY;
    const at = Math.min(expiry, windowFrees);
    this.cancelWake = this.options.schedule(
      () => {
        this.cancelWake = undefined;
        this.drain();
      },
      Math.max(0, at - now),
    );
  }
}
