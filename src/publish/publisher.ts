import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import { CURRENT_MODEL } from '../analytics/model/versions.ts';
import { loadVintagedSeries, type VintageBase } from '../store/observations.ts';
import { currentContext, latestPublication, type PublicationContext } from '../store/publications.ts';
import type { Store } from '../store/store.ts';
import { recordWeeklyNote, weeklyNotes } from '../store/weekly-notes.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import type { PublicationContent } from './content.ts';
import type { ModelOutcome } from './model/computation.ts';
import { publicationModel } from './model/kept.ts';
import { computeAsOfHere, workbook as workbookHere } from './on-demand/worker-tasks.ts';
import { buildPublication, type Publication } from './publication/build.ts';
import { resource } from './resource.ts';
import type { RefreshProgress } from './resources/health.ts';
import type { SiteBuilder } from './site-port.ts';

export interface PublisherOptions {
  now?: () => Date;
  log?: Logger;
  baseUrl?: string;
  content?: PublicationContent;
  site?: SiteBuilder;
  /**
   * Answer `asOf` on the model's worker thread (default true), so that requests keep being answered meanwhile;
   * false computes them on this thread (tests that follow one computation step by step).
   */
  offThread?: boolean;
}

/**
 * Holds the current Publication and replaces it atomically. If a rebuild fails, the previous publication keeps
 * being served and the failure is logged. `sync` serves the newest entry of the publication log, so that every
 * process sharing a store builds the same publication as of the same instant (identical bytes and ETags).
 */
export class Publisher {
  #current: Publication | undefined;
  #version = 0;
  #syncing: Promise<void> = Promise.resolve();
  /** The last load of the store's vintages, which the next one builds on (series without a new vintage kept). */
  #loaded: VintageBase | undefined;
  readonly #store: Store;
  readonly #opts: PublisherOptions & Required<Pick<PublisherOptions, 'now' | 'baseUrl' | 'offThread'>>;

  constructor(store: Store, opts: PublisherOptions = {}) {
    this.#store = store;
    this.#opts = {
      ...opts,
      now: opts.now ?? (() => new Date()),
      baseUrl: opts.baseUrl ?? 'http://localhost:8080',
      offThread: opts.offThread ?? true,
    };
  }

  get current(): Publication | undefined {
    return this.#current;
  }

  /**
   * Shows a refresh's progress in the health resource of the publication served (null: none runs). Only health
   * is rebuilt — one small body per finished series — and the next publication starts without it.
   */
  showRefreshProgress(progress: RefreshProgress | null): void {
    const current = this.#current;
    if (!current) return;
    this.#current = { ...current, health: resource({ ...current.health.body, refreshing: progress }, 'health') };
  }

  /**
   * Serves the newest logged publication (rebuilt as of its logged instant), or, with nothing logged yet, what is
   * stored as version 0 (log ids start at 1). Serialized: a notice and a poll arriving together rebuild once.
   */
  sync(): Promise<void> {
    this.#syncing = this.#syncing.then(async () => {
      const record = await latestPublication(this.#store.db);
      if (!record) {
        if (!this.#current) await this.rebuild({ version: 0 });
        return;
      }
      if (this.#current?.version === record.id) return;
      await this.rebuild({ now: new Date(record.publishedAt), version: record.id, context: record.context });
      this.#opts.log?.info({ publication: record.id }, 'serving publication');
    });
    return this.#syncing.catch((error) => this.#opts.log?.error({ err: error }, 'publication sync failed'));
  }

  /**
   * Keeps the latest reading's note as first published (a logged publication only: one of the log's instants), so
   * that the archive says what was said that week even after revisions restate the history.
   */
  async #keepWeeklyNote(publication: Publication): Promise<void> {
    const note = publication.site?.latestWeeklyNote;
    if (!note || publication.version <= 0 || publication.weeklyNotes.has(note.readingDate)) return;
    await recordWeeklyNote(this.#store.db, CURRENT_MODEL.version, { ...note, publishedAt: publication.builtAt }).catch(
      (error: unknown) => this.#opts.log?.warn({ err: error }, 'could not keep the week’s note'),
    );
  }

  /**
   * Serves `next`. Replacing a publication: keep serving the old one until the new one's pages are rendered and
   * its encodings are ready, so that replicas switch with identical representations and no request waits for a
   * render. A cold start swaps at once: something beats nothing.
   */
  async #goLive(next: Publication, started: number): Promise<void> {
    const warmed = warmUp(next);
    if (this.#current) {
      await warmed;
      await next.ready;
    }
    this.#current = next;
    await this.#keepWeeklyNote(next);
    for (const failure of Object.values(next.errors)) {
      // With nothing stored yet, nothing can be computed: that is the state of a fresh install, not an error.
      if (next.current.size === 0) this.#opts.log?.info({ reason: failure }, 'not computed yet: nothing is stored');
      else this.#opts.log?.error({ error: failure }, 'recompute failed');
    }
    this.#opts.log?.info(
      {
        version: next.version,
        series: next.series.size,
        modelMs: next.modelState?.outputs.ms,
        ms: Math.round(performance.now() - started),
      },
      'published',
    );
  }

  /**
   * Rebuilds from the store. `now` and `version` come from the publication log when several processes share a
   * store; alone, the process uses its clock and a counter.
   */
  async rebuild(
    at: {
      now?: Date;
      version?: number;
      context?: PublicationContext | null;
      /**
       * Build from these series, context and model instead of the store (the bootstrap snapshot, served while it is
       * being stored: service.ts); they must be what the store will hold.
       */
      preloaded?: { vintaged: Map<string, VintagedSeries>; context: PublicationContext; computed: ModelOutcome };
    } = {},
  ): Promise<Publication | undefined> {
    try {
      // A logged publication is rebuilt from what it was logged with: the observations seen by its instant and
      // its frozen context. Otherwise (alone, or a row from before contexts were logged), from the store now.
      const seenUpTo = at.context?.seenUpTo ?? undefined;
      const [vintaged, context, notes] = await Promise.all([
        at.preloaded?.vintaged ?? loadVintagedSeries(this.#store.db, undefined, seenUpTo, this.#loaded),
        at.preloaded?.context ?? at.context ?? currentContext(this.#store.db),
        weeklyNotes(this.#store.db, CURRENT_MODEL.version),
      ]);
      // Only a load bounded by a logged instant can be built on: an unbounded one may have seen part of a write.
      this.#loaded = seenUpTo === undefined || at.preloaded ? undefined : { seenUpTo, series: vintaged };
      const states = new Map(context.states.map((s) => [s.seriesId, s]));
      const now = at.now ?? this.#opts.now();
      const computed =
        at.preloaded?.computed ??
        (await publicationModel(
          this.#store,
          { publicationId: at.version, vintaged, now, baseUrl: this.#opts.baseUrl },
          (error) => this.#opts.log?.warn({ err: error }, 'could not keep the model result for the next start'),
        ));
      const started = performance.now();
      const next = await buildPublication({
        vintaged,
        states,
        now,
        computed,
        version: at.version ?? ++this.#version,
        baseUrl: this.#opts.baseUrl,
        previous: this.#current,
        content: this.#opts.content,
        site: this.#opts.site,
        lastRun: context.lastRun ?? undefined,
        failedRunsInARow: context.failedRunsInARow,
        bootstrap: context.bootstrap,
        quarantine: context.quarantine,
        weeklyNotes: notes,
        ...(this.#opts.offThread ? {} : { asOfCompute: computeAsOfHere, workbookBuild: workbookHere }),
      });
      await this.#goLive(next, started);
      return next;
    } catch (error) {
      this.#opts.log?.error({ err: error }, 'publication rebuild failed; serving the previous publication');
      return this.#current;
    }
  }
}

/**
 * Runs the site's first renders one by one, yielding to requests between them. A render that fails is left to
 * its first request (which fails the same way, and is logged there).
 */
async function warmUp(publication: Publication): Promise<void> {
  for (const warm of publication.site?.warmups ?? []) {
    await nextTurn();
    try {
      await warm();
    } catch {
      // See above: the request path reports it.
    }
  }
}
