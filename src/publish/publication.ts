import { setImmediate as nextTurn } from 'node:timers/promises';
import { CORRELATION_INPUTS } from '../analytics/correlation/correlation.ts';
import { LENS_INPUTS } from '../analytics/lens/lens.ts';
import { CURRENT_MODEL } from '../analytics/model/versions.ts';
import type { PendingQuarantine } from '../store/observations.ts';
import type { SeriesRefreshState } from '../store/runs.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { isoDate } from '../timeseries/dates.ts';
import { licenseOf } from '../timeseries/licenses.ts';
import type { Locale } from '../timeseries/locales.ts';
import type { Observation } from '../timeseries/observation.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import type { VintagedSeries } from '../timeseries/vintages.ts';
import { CACHE_CONTROL } from './cache-policy.ts';
import type { PublicationContent } from './content.ts';
import { type SeriesFreshness, seriesFreshness } from './freshness.ts';
import { computeModelComputation, type ModelComputation, type ModelOutcome } from './model-computation.ts';
import { type PreparedResponse, prepareJson, withHeaders } from './prepared-response.ts';
import { type Provenance, provenanceBuilder } from './provenance.ts';
import { buildAllSeries, currentState } from './publication-series.ts';
import { BulkDownload } from './resources/bulk.ts';
import type { CorrelationBody } from './resources/correlation.ts';
import { CsvDownloads } from './resources/csv.ts';
import { responseExamples } from './resources/examples.ts';
import { type HealthBody, healthBody, type LastRun } from './resources/health.ts';
import { HistoryRanges } from './resources/history-ranges.ts';
import { type IndicatorSummary, indicatorSummaries } from './resources/indicators.ts';
import { type LensBody, lensBodies } from './resources/lens.ts';
import {
  type HistoryBody,
  type ModelBody,
  type ModelFreshness,
  type RegimeBody,
  readingFreshness,
} from './resources/model.ts';
import { AsOfAnswers, type AsOfCompute } from './resources/model-as-of.ts';
import type { SeriesResponses } from './resources/series.ts';
import { SeriesVintages } from './resources/series-vintages.ts';
import { type SnapshotBody, snapshotBody } from './resources/snapshot.ts';
import { SERVICE_VERSION } from './service-version.ts';
import type { SiteBuilder, SiteBundle } from './site-port.ts';

export interface ChangelogBody {
  apiVersion: string;
  api: PublicationContent['apiChangelog']['versions'];
  model: unknown[];
  deprecationPolicy: string;
  deprecations: PublicationContent['apiChangelog']['deprecations'];
}

/** A resource as typed object (for the site and other in-process readers) and as the bytes the API sends. */
export interface Resource<T> {
  readonly body: T;
  readonly response: PreparedResponse;
}

export interface ModelState {
  outputs: ModelComputation['outputs'];
  freshness: ModelFreshness;
}

/**
 * Everything the HTTP layer serves that depends on data, built once per refresh from stored series and swapped in
 * whole: a request reads one immutable Publication and never computes.
 */
export interface Publication {
  /** Monotonic per process, or the publication log's id when several processes share a store. */
  readonly version: number;
  readonly builtAt: string;
  readonly baseUrl: string;
  readonly content: PublicationContent | undefined;
  /** Every stored vintage it was built from, by series. */
  readonly vintaged: ReadonlyMap<string, VintagedSeries>;
  /** The current value of every stored series (newest vintage per date). */
  readonly current: ReadonlyMap<string, readonly Observation[]>;
  readonly series: ReadonlyMap<string, SeriesResponses>;
  /** CSV downloads of the series (whose values may be reproduced) and of the history, built on first request. */
  readonly csv: CsvDownloads;
  /** /api/history for a date range, built on first request. */
  readonly historyRanges: HistoryRanges;
  /** /api/bulk.zip: everything in one file, built on first request. */
  readonly bulk: BulkDownload;
  /** Point-in-time answers (`asOf`) and revision records, rebuilt from the stored vintages on demand. */
  readonly vintages: SeriesVintages;
  /** The regime, history and lens as known at an instant (`asOf`), computed on demand off the serving thread. */
  readonly asOf: AsOfAnswers;
  readonly indicators: readonly IndicatorSummary[];
  /** The model result served, or undefined when none was ever computed (then `errors.model` says why). */
  readonly modelState: ModelState | undefined;
  readonly regime: Resource<RegimeBody> | undefined;
  readonly history: Resource<HistoryBody> | undefined;
  readonly model: Resource<ModelBody> | undefined;
  /** One lens per locale; only the narrative differs between them. */
  readonly lens: ReadonlyMap<Locale, Resource<LensBody>> | undefined;
  readonly correlation: Resource<CorrelationBody> | undefined;
  /** Needs the site content (blog, directory); undefined without it. */
  readonly snapshot: Resource<SnapshotBody> | undefined;
  /** /api/changelog: the API's versions (from the content) and the model's; undefined without content. */
  readonly changelog: Resource<ChangelogBody> | undefined;
  readonly health: Resource<HealthBody>;
  /** Real responses, trimmed, by route path: the OpenAPI and documentation examples. */
  readonly examples: ReadonlyMap<string, unknown>;
  /** Why a resource could not be computed this time (the previous result, if any, is served meanwhile). */
  readonly errors: Readonly<Partial<Record<'model' | 'lens' | 'correlation' | 'snapshot' | 'site', string>>>;
  /** Pages, charts and site documents; undefined without a site builder or content. */
  readonly site: SiteBundle | undefined;
  /** Resolves when every response built at publish time has its gzip and brotli encodings. */
  readonly ready: Promise<void>;
}

export interface PublicationInput {
  vintaged: ReadonlyMap<string, VintagedSeries>;
  states: ReadonlyMap<string, SeriesRefreshState>;
  now: Date;
  version: number;
  baseUrl: string;
  /** The publication being replaced: its results are kept, marked last-good, where a recompute fails. */
  previous?: Publication | undefined;
  content?: PublicationContent | undefined;
  /** Renders the pages (the site); injected by the composition root. */
  site?: SiteBuilder | undefined;
  lastRun?: LastRun | undefined;
  /** Values held out of the current state by the jump check, awaiting confirmation. */
  quarantine?: readonly PendingQuarantine[] | undefined;
  /** The model, computed beforehand (kept by the refresh process, or by the publisher); computed here when absent. */
  computed?: ModelOutcome | undefined;
  /** How `asOf` answers compute the model (default: on the worker thread). */
  asOfCompute?: AsOfCompute | undefined;
}

/**
 * Builds a publication. Asynchronous only to yield to the event loop between series (each a millisecond or two)
 * so that requests keep being answered while a publication is built; the result depends on the input alone.
 */
export async function buildPublication(all: PublicationInput): Promise<Publication> {
  // The publication keeps closures made here (downloads, caches, the site). None may reach the previous
  // publication: a closure capturing `input` with it made every publication keep all the ones before it alive
  // (measured: +20 MB of heap per refresh, never collected). Only plain calls below see `all`.
  const { previous, ...input } = all;
  const errors: Partial<Record<'model' | 'lens' | 'correlation' | 'snapshot' | 'site', string>> = {};
  const stamp = input.now.toISOString();
  // A series whose vintages are the previous publication's very own (the store gained none for it) keeps its
  // current state and its serialized points: most refreshes change few series.
  const current = await currentState(input.vintaged, previous);
  const freshness = allFreshness(current, input.states, input.now);
  const { modelState, correlationReport } = buildModel(all, errors);
  // Every data resource says where it comes from: service, model, publication, and each input's provider,
  // provider id, terms and the vintage read (publish/provenance.ts).
  const provenance = provenanceBuilder({
    vintaged: input.vintaged,
    serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    modelVersion: modelState?.outputs.description.version ?? null,
    publication: { id: input.version, builtAt: stamp },
  });
  const modelInputs = modelState?.outputs.description.groups.flatMap((g) => g.indicators.map((i) => i.id)) ?? [];
  const series = await buildAllSeries(current, freshness, provenance, previous?.series);
  // From here each resource is serialized (and its encodings started) in a turn of its own, as each series above
  // is: together they held the serving thread for ~40 ms at a time (a CPU profile of the soak, 2026-11-24).
  // Not a promise callback: a closure naming `previous` puts it in the context that every closure made here shares
  // (V8), and the publication keeps some of them: each publication kept all the ones before (the retention test).
  let lens: Publication['lens'];
  try {
    lens = await lensResources(current, input.now, provenance(LENS_INPUTS));
  } catch (cause) {
    lens = failed('lens', errors, stamp, cause, previous?.lens);
  }
  await nextTurn();
  const correlation = attempt(
    'correlation',
    errors,
    stamp,
    () => {
      if (!correlationReport) throw new Error('the model has not been computed');
      if ('error' in correlationReport) throw new Error(correlationReport.error);
      return resource<CorrelationBody>(
        { updatedAt: stamp, ...correlationReport, provenance: provenance([...modelInputs, ...CORRELATION_INPUTS]) },
        'correlation',
      );
    },
    previous?.correlation,
  );
  const modelProvenance = provenance(modelInputs);
  const model = modelState && (await modelResources(modelState, modelProvenance));
  await nextTurn();
  const indicators = indicatorSummaries(current, series, freshness);
  const snapshot = input.content
    ? attempt(
        'snapshot',
        errors,
        stamp,
        () => {
          if (!model) throw new Error('the regime is not available, so the snapshot cannot be assembled');
          const body = snapshotBody({
            content: input.content!,
            baseUrl: input.baseUrl,
            now: input.now,
            regime: model.regime.body,
            model: model.description.body,
            indicators,
          });
          return resource({ ...body, provenance: provenance(INDICATOR_IDS) }, 'snapshot');
        },
        undefined,
      )
    : undefined;
  await nextTurn();
  const changelog = input.content
    ? resource<ChangelogBody>(
        {
          apiVersion: input.content.apiChangelog.versions[0]!.version,
          api: input.content.apiChangelog.versions,
          model: model?.description.body.versions ?? [],
          deprecationPolicy: input.content.apiChangelog.deprecationPolicy,
          deprecations: input.content.apiChangelog.deprecations,
        },
        'model',
      )
    : undefined;
  await nextTurn();
  const health = resource(
    withProvenance(
      healthBody({
        now: input.now,
        serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
        modelVersion: model?.description.body.version ?? null,
        publicationVersion: input.version,
        reading: modelState && { date: modelState.outputs.regime.date, freshness: modelState.freshness },
        lastRun: input.lastRun,
        states: input.states,
        current,
        indicators,
        quarantine: input.quarantine ?? [],
      }),
      provenance([...current.keys()]),
    ),
    'health',
  );
  await nextTurn();
  const examples = responseExamples({
    ...(input.content ? { '/api': input.content.directory } : {}),
    '/api/series/{id}': series.get('tga') && JSON.parse(series.get('tga')!.forDays(7).body.toString()),
    '/api/regime': model?.regime.body,
    '/api/history': model && model.history.body.count > 0 ? model.history.body : undefined,
    '/api/model': model?.description.body,
    '/api/lens': lens?.get('en')?.body,
    '/api/correlation': correlation?.body,
    '/api/snapshot': snapshot?.body,
    '/api/health': health.body,
  });

  const vintages = new SeriesVintages(input.vintaged, provenance);
  const publication: Publication = {
    version: input.version,
    builtAt: stamp,
    baseUrl: input.baseUrl,
    content: input.content,
    vintaged: input.vintaged,
    current,
    series,
    csv: new CsvDownloads(
      (id) => {
        const def = seriesDef(id);
        const observations = current.get(id);
        return def && observations && licenseOf(def).redistribution === 'full' ? { def, observations } : undefined;
      },
      () => model?.history.body,
    ),
    historyRanges: new HistoryRanges(() => model?.history.body),
    vintages,
    asOf: new AsOfAnswers({
      vintaged: input.vintaged,
      builtAt: stamp,
      storeFirstLoadAt: () => vintages.storeFirstLoadAt(),
      provenance,
      modelInputs: CURRENT_MODEL.scored.map((s) => s.id),
      compute: input.asOfCompute,
    }),
    bulk: new BulkDownload(() => ({
      current,
      history: model?.history.body,
      model: model?.description.body,
      publicationVersion: input.version,
      builtAt: stamp,
      baseUrl: input.baseUrl,
      serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    })),
    indicators,
    modelState,
    regime: model?.regime,
    history: model?.history,
    model: model?.description,
    lens,
    correlation,
    snapshot,
    changelog,
    health,
    examples,
    errors,
    site: undefined,
    ready: Promise.resolve(),
  };
  await nextTurn();
  const site =
    input.site && input.content
      ? attempt('site', errors, stamp, () => input.site!(publication), previous?.site)
      : undefined;
  const built = [
    model?.regime,
    model?.history,
    model?.description,
    correlation,
    snapshot,
    health,
    ...(lens?.values() ?? []),
  ].map((r) => r?.response);
  built.push(site?.llms, site?.apiCatalog);
  const ready = Promise.all([...built.map((r) => r?.ready), ...[...series.values()].map((s) => s.settled())]).then(
    () => undefined,
  );
  return { ...publication, site, ready };
}

function withProvenance<T extends object>(body: T, provenance: Provenance): T & { provenance: Provenance } {
  return { ...body, provenance };
}

function varyOnAccept<T>(r: Resource<T>): Resource<T> {
  return { body: r.body, response: withHeaders(r.response, { vary: 'Accept' }) };
}

function resource<T>(body: T, policy: keyof typeof CACHE_CONTROL): Resource<T> {
  return { body, response: prepareJson(body, CACHE_CONTROL[policy]) };
}

/** The lens in every locale, each serialized in a turn of its own. */
async function lensResources(
  current: ReadonlyMap<string, readonly Observation[]>,
  now: Date,
  provenance: Provenance,
): Promise<Map<Locale, Resource<LensBody>>> {
  const out = new Map<Locale, Resource<LensBody>>();
  for (const [locale, body] of lensBodies(current, now)) {
    await nextTurn();
    out.set(locale, resource({ ...body, provenance }, 'lens'));
  }
  return out;
}

/** The regime, the history and the model's description, each serialized in a turn of its own. */
async function modelResources(state: ModelState, provenance: Provenance) {
  const { outputs, freshness } = state;
  const regime = resource<RegimeBody>({ ...outputs.regime, freshness, provenance }, 'regime');
  await nextTurn();
  // The same URL answers CSV to `Accept: text/csv`: caches key on Accept.
  const history = varyOnAccept(resource<HistoryBody>({ ...outputs.history, freshness, provenance }, 'history'));
  await nextTurn();
  const description = resource<ModelBody>({ ...outputs.description, freshness, provenance }, 'model');
  return { regime, history, description };
}

type Recomputed = 'lens' | 'correlation' | 'snapshot' | 'site';

/** Runs one independent computation; on failure keeps the previous publication's result (if any) and the error. */
function attempt<T>(
  what: Recomputed,
  errors: Partial<Record<string, string>>,
  stamp: string,
  build: () => T,
  previous: T | undefined,
): T | undefined {
  try {
    return build();
  } catch (cause) {
    return failed(what, errors, stamp, cause, previous);
  }
}

/** Records why a computation failed and keeps the previous publication's result (if any). */
function failed<T>(
  what: Recomputed,
  errors: Partial<Record<string, string>>,
  stamp: string,
  cause: unknown,
  previous: T | undefined,
): T | undefined {
  errors[what] = `${what} recompute failed at ${stamp}: ${(cause as Error).message ?? cause}`;
  return previous;
}

function buildModel(
  input: PublicationInput,
  errors: Partial<Record<string, string>>,
): { modelState: ModelState | undefined; correlationReport: ModelComputation['correlation'] | undefined } {
  try {
    const computation = computedModel(input);
    const { outputs } = computation;
    return {
      modelState: { outputs, freshness: readingFreshness(outputs.regime.date, input.now, outputs.regime.coverage) },
      correlationReport: computation.correlation,
    };
  } catch (cause) {
    const error = `model recompute failed at ${input.now.toISOString()}: ${(cause as Error).message ?? cause}`;
    errors.model = error;
    const previous = input.previous?.modelState;
    // Keep serving the last good result, and say so: never a silent neutral value.
    return {
      modelState: previous && { outputs: previous.outputs, freshness: { state: 'last-good', reason: error } },
      correlationReport: undefined,
    };
  }
}

function computedModel(input: PublicationInput): ModelComputation {
  if (!input.computed) return computeModelComputation(input.vintaged, input.now, input.baseUrl);
  if (!input.computed.ok) throw new Error(input.computed.error);
  return input.computed.computation;
}

/** Every indicator's freshness, stored data or not. */
function allFreshness(
  current: ReadonlyMap<string, readonly Observation[]>,
  states: ReadonlyMap<string, SeriesRefreshState>,
  now: Date,
): Map<string, SeriesFreshness> {
  const today = isoDate(now);
  return new Map(
    INDICATOR_IDS.map((id) => [
      id,
      seriesFreshness(seriesDef(id)!, current.get(id)?.at(-1)?.date ?? null, states, today),
    ]),
  );
}
