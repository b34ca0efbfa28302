import type { Logger } from 'pino';
import { loadSeries } from '../store/observations.ts';
import { seriesRefreshStates } from '../store/runs.ts';
import type { Store } from '../store/store.ts';
import { buildPublication, type Publication } from './publication.ts';

/**
 * Holds the current Publication and replaces it atomically after each refresh. If a rebuild fails, the
 * previous publication keeps being served and the failure is logged.
 */
export class Publisher {
  #current: Publication | undefined;
  #version = 0;
  readonly #store: Store;
  readonly #now: () => Date;
  readonly #log: Logger | undefined;

  constructor(store: Store, now: () => Date = () => new Date(), log?: Logger) {
    this.#store = store;
    this.#now = now;
    this.#log = log;
  }

  get current(): Publication | undefined {
    return this.#current;
  }

  async rebuild(): Promise<Publication | undefined> {
    try {
      const [series, states] = await Promise.all([loadSeries(this.#store.db), seriesRefreshStates(this.#store.db)]);
      const started = performance.now();
      const next = buildPublication({ series, states, now: this.#now(), version: ++this.#version });
      this.#current = next;
      this.#log?.info(
        { version: next.version, series: next.series.size, ms: Math.round(performance.now() - started) },
        'published',
      );
      return next;
    } catch (error) {
      this.#log?.error({ err: error }, 'publication rebuild failed; serving the previous publication');
      return this.#current;
    }
  }
}
