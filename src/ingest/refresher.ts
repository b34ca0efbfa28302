import type { RefreshObserver, RefreshSummary } from './refresh.ts';

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

  constructor(
    run: RefreshRun,
    onComplete: (summary: RefreshSummary, publicationId?: number) => Promise<void> | void = () => {},
  ) {
    this.#run = run;
    this.#onComplete = onComplete;
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
      try {
        const { summary, publicationId } = await this.#run(trigger, observer);
        await this.#onComplete(summary, publicationId);
        return summary;
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }
}
