import bounds from 'binary-search-bounds';
import { LENS_INPUTS } from '../../analytics/lens/lens.ts';
import { errorMessage } from '../../timeseries/error-message.ts';
import type { Locale } from '../../timeseries/locales.ts';
import { knowledgeInstants, type VintagedSeries } from '../../timeseries/vintages.ts';
import { CACHE_CONTROL } from '../cache-policy.ts';
import { keptAnswers, MIB, responseBytes } from '../kept.ts';
import type { ModelAsOf } from '../model/run.ts';
import { type Admit, BUSY_RETRY_SECONDS, type Busy, isBusy } from '../on-demand/gate.ts';
import { computeAsOfOffThread, lensAsOfOffThread } from '../on-demand/worker-pool.ts';
import type { AsOfOptions, AsOfTaskResult, LensBodies } from '../on-demand/worker-tasks.ts';
import { type PreparedResponse, withHeaders } from '../prepared-response.ts';
import type { Provenance } from '../provenance.ts';
import { onDemandJson } from '../resource.ts';
import { csvResponse, historyCsv, sliceHistory } from './csv.ts';
import { type HistoryBody, type RegimeBody, readingFreshness, withDriverUrls } from './model.ts';

/** Which instant an answer describes (publish/schemas/as-of.ts): asked, first load, newest vintage seen by then. */
export type AsOfMeta = NonNullable<RegimeBody['asOf']>;

/** Why no answer: nothing stored yet then, nothing scored from what was stored, too many computations running. */
export type AsOfOutcome =
  | PreparedResponse
  | { refused: 'before-first-load' | 'nothing-scored'; storeFirstLoadAt: string | null; reason?: string }
  | { busy: true }
  | { failed: string };

/**
 * Computes the model as of an instant, with its history or the regime alone; off the serving thread in the
 * service (on-demand/worker-pool.ts).
 */
export type AsOfCompute = (
  vintaged: ReadonlyMap<string, VintagedSeries>,
  instant: string,
  options: AsOfOptions,
) => Promise<AsOfTaskResult>;

/** What the answers are computed from. */
interface AsOfSources {
  vintaged: ReadonlyMap<string, VintagedSeries>;
  builtAt: string;
  /** Where the drivers' series are served (their `url`). */
  baseUrl: string;
  storeFirstLoadAt: () => string | null;
  provenance: (ids: readonly string[], asOf?: string) => Provenance;
  modelInputs: readonly string[];
  compute?: AsOfCompute | undefined;
}

/** A history's range of days (end null: to the last), or null for the whole history. */
type HistoryRange = { start: string; end: string | null } | null;

/** An instant reduced to what its answer depends on (AsOfAnswers #locate). */
type Where = { effective: string; key: string; meta: AsOfMeta };

/** A model run's outcome: the model, nothing scored, a failure, or no room to run. */
type RunOutcome = ModelAsOf | { unscored: string } | { failed: string } | { busy: true };

/** What an answer needs of a model run: the regime (a day), or the history (every day, and the regime). */
type Needs = 'regime' | 'history';

/** Distinct model computations running or queued at once; one more answers `busy` (503, Retry-After). */
export const MAX_PENDING_COMPUTATIONS = 2;
/** Model results kept, at their largest: each with a full history. */
const KEPT_MODELS = 8;
/**
 * What one kept model run and one kept lens hold, as budgeted (assumed, not measured per entry): a run's regime and
 * history, a regime alone, and a lens in every locale.
 */
const MODEL_BYTES = Math.ceil(1.2 * MIB);
const REGIME_BYTES = Math.ceil(0.1 * MIB);
const LENS_BYTES = Math.ceil(0.25 * MIB);

/**
 * The regime, the history and the lens as this service knew them at an instant (`asOf`), rebuilt from the stored
 * vintages with the current model. An answer depends only on the vintages seen by the instant and on the day
 * it falls on (later instants than the publication count as the publication's), so instants are reduced to that
 * key: a flood of unique instants costs at most two model runs per refresh per day (the regime's alone, and one
 * with the history), on the worker thread. Runs are single-flight, at most MAX_PENDING_COMPUTATIONS at once, kept
 * in an LRU; serialized answers are kept in an LRU bounded in bytes (unique URLs cannot grow memory).
 */
export class AsOfAnswers {
  readonly #opts: AsOfSources;
  readonly #compute: AsOfCompute;
  #instants: string[] | undefined;
  readonly #models = keptAnswers<ModelAsOf | { unscored: string }>('point-in-time models', {
    bytes: KEPT_MODELS * MODEL_BYTES,
    sizeOf: (model) => ('historyJson' in model && model.historyJson !== null ? MODEL_BYTES : REGIME_BYTES),
  });
  readonly #lenses = keptAnswers<LensBodies | { unscored: string }>('point-in-time lenses', {
    bytes: KEPT_MODELS * LENS_BYTES,
    sizeOf: () => LENS_BYTES,
  });
  readonly #running = new Map<string, Promise<RunOutcome>>();
  readonly #answers = keptAnswers<PreparedResponse>('point-in-time answers', {
    bytes: 16 * MIB,
    sizeOf: responseBytes,
  });

  constructor(opts: AsOfSources) {
    this.#opts = opts;
    this.#compute = opts.compute ?? computeAsOfOffThread;
  }

  /** /api/regime?asOf=…: the regime a publication at that instant would have served. */
  regime(instant: string, admit?: Admit): Promise<AsOfOutcome> {
    return this.#answer(instant, `regime|${instant}`, async (where) => {
      const model = await this.#model(where, admit, 'regime');
      if (!('regime' in model)) return model;
      const body: RegimeBody = { ...withDriverUrls(model.regime, this.#opts.baseUrl), ...this.#stamp(where, model) };
      return json(body, CACHE_CONTROL.regime);
    });
  }

  /** /api/history?asOf=… (and its CSV): the history as a publication at that instant would have served it. */
  history(instant: string, range: HistoryRange, csv: boolean, admit?: Admit): Promise<AsOfOutcome> {
    return this.#history(instant, `history|${instant}`, range, csv, admit);
  }

  /**
   * /api/history?model=… (and its CSV): an earlier model version's history, computed with that version's spec over
   * the data this publication was built from (earlier models' histories stay available). Dated and
   * described like the current history; provenance names the version.
   */
  earlierHistory(version: string, range: HistoryRange, csv: boolean, admit?: Admit): Promise<AsOfOutcome> {
    return this.#history(this.#opts.builtAt, `model|${version}`, range, csv, admit, version);
  }

  #history(
    instant: string,
    prefix: string,
    range: HistoryRange,
    csv: boolean,
    admit: Admit | undefined,
    version?: string,
  ): Promise<AsOfOutcome> {
    const key = `${prefix}|${range ? `${range.start}..${range.end ?? ''}` : 'all'}|${csv ? 'csv' : 'json'}`;
    return this.#answer(instant, key, async (where) => {
      const model = await this.#model(where, admit, 'history', version);
      if (!('regime' in model)) return model;
      const stamp = this.#stamp(where, model, version);
      const response =
        range || csv
          ? historyResponse({ ...(JSON.parse(model.historyJson!) as HistoryBody), ...stamp }, range, csv)
          : onDemandJson(stampedHistory(model, stamp), CACHE_CONTROL.history);
      // The same URL answers JSON or CSV by Accept: caches key on it.
      return withHeaders(response, { vary: 'Accept' });
    });
  }

  /**
   * /api/lens?asOf=…: the lens from the series as known then, computed once per key on the worker thread within
   * the bound (a few milliseconds for every locale, and the series cut to the instant); each instant then only
   * serializes.
   */
  lens(instant: string, locale: Locale, admit?: Admit): Promise<AsOfOutcome> {
    return this.#answer(instant, `lens|${instant}|${locale}`, async (where) => {
      const bodies = await this.#lensBodies(where, admit);
      if ('busy' in bodies) return bodies;
      if ('unscored' in bodies) return nothingScored(where, bodies.unscored);
      const body = {
        ...bodies.get(locale)!,
        updatedAt: where.effective,
        provenance: this.#opts.provenance(LENS_INPUTS, where.effective),
        asOf: where.meta,
      };
      return json(body, CACHE_CONTROL.lens);
    });
  }

  async #lensBodies(
    where: Where,
    admit: Admit | undefined,
  ): Promise<LensBodies | { unscored: string } | { busy: true }> {
    const kept = this.#lenses.get(where.key);
    if (kept) return kept;
    const series = new Map(
      LENS_INPUTS.flatMap((id) => (this.#opts.vintaged.has(id) ? [[id, this.#opts.vintaged.get(id)!]] : [])),
    );
    const work = () => lensAsOfOffThread({ series, instant: where.effective });
    const result = admit ? await admit(`as-of-lens|${where.key}`, work) : await work();
    if (isBusy(result)) return { busy: true };
    const bodies = result.ok ? result.bodies : { unscored: result.error };
    this.#lenses.set(where.key, bodies);
    return bodies;
  }

  /**
   * The instant reduced to what the answer depends on: refused before the store's first load; otherwise the
   * effective instant (never after the publication) and the newest vintage seen by then.
   */
  #locate(instant: string): { refused: 'before-first-load'; storeFirstLoadAt: string | null } | Where {
    const first = this.#opts.storeFirstLoadAt();
    if (first === null || instant < first) return { refused: 'before-first-load', storeFirstLoadAt: first };
    const effective = instant < this.#opts.builtAt ? instant : this.#opts.builtAt;
    this.#instants ??= knowledgeInstants(this.#opts.vintaged.values());
    const knowledgeAt = this.#instants[bounds.le(this.#instants, effective, byText)] ?? first;
    return {
      effective,
      key: `${effective.slice(0, 10)}|${knowledgeAt}`,
      meta: { instant, storeFirstLoadAt: first, knowledgeAt },
    };
  }

  /**
   * The model for a key, with what the answer needs: kept, already running (joined: a run with the history serves
   * a regime too), or started when fewer than the limit run. A regime asked for after a history is read from it;
   * a history asked for after a regime alone is a run of its own.
   */
  async #model(
    where: Where,
    admit: Admit | undefined,
    needs: Needs,
    version?: string,
  ): Promise<ModelAsOf | Exclude<AsOfOutcome, PreparedResponse>> {
    const kept = this.#models.get(modelKey(where.key, version));
    const outcome = kept && serves(kept, needs) ? kept : await this.#run(where, admit, needs, version);
    if ('busy' in outcome || 'failed' in outcome) return outcome;
    return 'unscored' in outcome ? nothingScored(where, outcome.unscored) : outcome;
  }

  #run(where: Where, admit: Admit | undefined, needs: Needs, version?: string): Promise<RunOutcome> {
    const key = modelKey(where.key, version);
    const running =
      this.#running.get(`history|${key}`) ?? (needs === 'regime' ? this.#running.get(`regime|${key}`) : undefined);
    if (running) return running;
    const work = () =>
      this.#compute(this.#opts.vintaged, where.effective, {
        version,
        withHistory: needs === 'history',
        publishedAt: this.#opts.builtAt,
      });
    const gate: Admit =
      admit ??
      (<T>(_key: string, run: () => Promise<T>) =>
        this.#running.size >= MAX_PENDING_COMPUTATIONS
          ? Promise.resolve<Busy>({ busy: true, retryAfterSeconds: BUSY_RETRY_SECONDS })
          : run());
    const started = gate(`as-of-model|${needs}|${key}`, work)
      .then((result): RunOutcome => {
        if (isBusy(result)) return { busy: true };
        if (!result.ok) return { failed: result.error };
        const model = result.model ?? { unscored: 'not enough stored history to score a day' };
        // A regime alone never replaces a kept run with the history.
        const kept = this.#models.get(key);
        if (!kept || !serves(kept, 'history')) this.#models.set(key, model);
        return model;
      })
      .catch((cause: unknown) => ({ failed: errorMessage(cause) }))
      .finally(() => this.#running.delete(`${needs}|${key}`));
    this.#running.set(`${needs}|${key}`, started);
    return started;
  }

  /**
   * What an answer of the model says about its instant: when, how fresh, from which vintages, as of what. An
   * earlier version's history is the publication's, not an instant's: no asOf, its version in provenance.
   */
  #stamp(where: Where, model: ModelAsOf, version?: string) {
    const provenance = this.#opts.provenance(this.#opts.modelInputs, where.effective);
    return {
      updatedAt: where.effective,
      freshness: readingFreshness(model.regime.date, new Date(where.effective), model.regime.coverage),
      ...(version ? { provenance: { ...provenance, modelVersion: version } } : { provenance, asOf: where.meta }),
    };
  }

  /** An answer as of `instant`: refused before the store's first load, else kept under `key`, or made and kept. */
  async #answer(instant: string, key: string, make: (where: Where) => Promise<AsOfOutcome>): Promise<AsOfOutcome> {
    const where = this.#locate(instant);
    if ('refused' in where) return where;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    const outcome = await make(where);
    if ('body' in outcome) this.#answers.set(key, outcome);
    return outcome;
  }
}

/** Whether a kept outcome answers what is needed: an unscored day answers anything; a regime alone, no history. */
const serves = (kept: ModelAsOf | { unscored: string }, needs: Needs) =>
  'unscored' in kept || needs === 'regime' || kept.historyJson !== null;

/** The refusal when nothing could be scored from what was stored by the instant, and why. */
const nothingScored = (where: Where, reason: string): Extract<AsOfOutcome, { refused: string }> => ({
  refused: 'nothing-scored',
  storeFirstLoadAt: where.meta.storeFirstLoadAt,
  reason,
});

/** A model run's key: the instant's, and the version when it is not the current one. */
const modelKey = (key: string, version: string | undefined) => (version ? `${version}|${key}` : key);

/** ISO instants order as text (binary-search-bounds would otherwise subtract them). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function json(body: unknown, cacheControl: string): PreparedResponse {
  return onDemandJson(JSON.stringify(body), cacheControl);
}

/**
 * The whole history's JSON text with its stamp: the text JSON.stringify({ ...history, ...stamp }) gives, without
 * parsing the history the worker serialized. Its updatedAt is the instant of the run, which instants of the same
 * day and knowledge share: replaced by the answer's (the history's second key, after modelVersion, as History
 * declares them); the other fields of the stamp are new to a history, appended.
 */
export function stampedHistory(model: ModelAsOf, stamp: { updatedAt: string } & Record<string, unknown>): string {
  const text = model.historyJson!;
  const { updatedAt, ...appended } = stamp;
  const ran = `"updatedAt":${JSON.stringify(model.regime.updatedAt)}`;
  const at = text.indexOf(ran);
  if (at < 0 || !text.startsWith('{"modelVersion":')) throw new Error('the history text is not stamped as a run is');
  const restamped = `${text.slice(0, at)}"updatedAt":${JSON.stringify(updatedAt)}${text.slice(at + ran.length)}`;
  const more = JSON.stringify(appended);
  return more === '{}' ? restamped : `${restamped.slice(0, -1)},${more.slice(1)}`;
}

/**
 * A range of the history and/or its CSV. The stamp's asOf and provenance are not per-day columns: a range keeps
 * them whole (sliceHistory).
 */
function historyResponse(whole: HistoryBody, range: HistoryRange, csv: boolean): PreparedResponse {
  const body = range ? sliceHistory(whole, range.start, range.end) : whole;
  return csv ? csvResponse(historyCsv(body)) : json(body, CACHE_CONTROL.history);
}
