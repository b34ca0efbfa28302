import type { RefreshObserver, RefreshSummary } from './run.ts';

/** Hears of every refresh a refresher runs, from before it starts to after it is published. */
export interface RefreshWatch extends RefreshObserver {
  opened(trigger: string): void;
  closed(): void;
}

/** What a refresher runs: one refresh, and the publication it logged if it logged one (the refresh process does). */
export type RefreshRun = (
  trigger: string,
  observer?: RefreshObserver,
) => Promise<{ summary: RefreshSummary; publicationId?: number | undefined }>;

/**
 * Serialises refreshes: a call while one runs joins it instead of starting another, so scheduled and on-start
 * refreshes never overlap. `onComplete` (the publisher) runs after each refresh. Where the refresh runs is the
 * composition root's choice, given as `run`: in this process (`refreshHere`: the CLI, an in-memory store, tests) or
 * in a process of its own (`refreshInOwnProcess`: the service on a file or PostgreSQL store).
 */
export class Refresher {
  #running: Promise<RefreshSummary> | undefined;
  readonly #run: RefreshRun;
  readonly #onComplete: (summary: RefreshSummary, publicationId?: number) => Promise<void> | void;
  readonly #watch: RefreshWatch;

  /** `watch` hears of every refresh besides the observer each call brings (the service's progress in health). */
  constructor(
    run: RefreshRun,
    onComplete: (summary: RefreshSummary, publicationId?: number) => Promise<void> | void = () => {},
    watch: RefreshWatch = { opened: () => {}, closed: () => {} },
  ) {
    this.#run = run;
    this.#onComplete = onComplete;
    this.#watch = watch;
  }

  get running(): boolean {
    return this.#running !== undefined;
  }

  /** Resolves when no refresh is running, or after `timeoutMs`, whichever comes first. */
  async idle(timeoutMs: number): Promise<void> {
    const running = this.#running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([running.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  refresh(trigger: string, observer?: RefreshObserver): Promise<RefreshSummary> {
    if (this.#running) return this.#running;
    this.#running = (async () => {
      this.#watch.opened(trigger);
      try {
        const { summary, publicationId } = await this.#run(trigger, both(this.#watch, observer ?? {}));
        await this.#onComplete(summary, publicationId);
        return summary;
      } finally {
        this.#running = undefined;
        this.#watch.closed();
      }
    })();
    return this.#running;
  }
}

/** The events one observer passes on to two (`runStarted` is the run's own, not passed on). */
const SHARED = ['begin', 'started', 'retrying', 'finished', 'end'] as const;

/** One observer telling two. */
function both(a: RefreshObserver, b: RefreshObserver): RefreshObserver {
  const tell = (event: (typeof SHARED)[number]) => (arg: never) => {
    (a[event] as ((arg: never) => void) | undefined)?.(arg);
    (b[event] as ((arg: never) => void) | undefined)?.(arg);
  };
  return Object.fromEntries(SHARED.map((event) => [event, tell(event)]));
}
