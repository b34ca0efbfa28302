import type { Logger } from 'pino';
import { loadVintagedSeries } from '../store/observations.ts';
import { recentRuns, seriesRefreshStates } from '../store/runs.ts';
import type { Store } from '../store/store.ts';
import { buildPublication, type Publication } from './publication.ts';
import type { SiteContent } from './site-publication.ts';

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

  readonly #baseUrl: string;
  readonly #content: SiteContent | undefined;

  constructor(store: Store, opts: { now?: () => Date; log?: Logger; baseUrl?: string; content?: SiteContent } = {}) {
    this.#content = opts.content;
    this.#store = store;
    this.#now = opts.now ?? (() => new Date());
    this.#log = opts.log;
    this.#baseUrl = opts.baseUrl ?? 'http://localhost:8080';
  }

  get current(): Publication | undefined {
    return this.#current;
  }

  /**
   * Rebuilds from the store. `now` and `version` come from the publication log when several processes share a
   * store, so that they all build identical bytes; alone, the process uses its clock and a counter.
   */
  async rebuild(at: { now?: Date; version?: number } = {}): Promise<Publication | undefined> {
    try {
      const [vintaged, states, runs] = await Promise.all([
        loadVintagedSeries(this.#store.db),
        seriesRefreshStates(this.#store.db),
        recentRuns(this.#store.db, 1),
      ]);
      const started = performance.now();
      const next = buildPublication({
        vintaged,
        states,
        now: at.now ?? this.#now(),
        version: at.version ?? ++this.#version,
        baseUrl: this.#baseUrl,
        previous: this.#current,
        content: this.#content,
        lastRun: runs[0],
      });
      // Replacing a publication: keep serving the old one until the new one's encodings are ready, so that
      // replicas switch with identical representations. A cold start swaps at once: something beats nothing.
      if (this.#current) await next.ready;
      this.#current = next;
      for (const failure of [next.modelError, next.lensError, next.correlationError, next.siteError]) {
        if (failure) this.#log?.error({ error: failure }, 'recompute failed');
      }
      this.#log?.info(
        {
          version: next.version,
          series: next.series.size,
          modelMs: next.model?.outputs.ms,
          ms: Math.round(performance.now() - started),
        },
        'published',
      );
      return next;
    } catch (error) {
      this.#log?.error({ err: error }, 'publication rebuild failed; serving the previous publication');
      return this.#current;
    }
  }
}
