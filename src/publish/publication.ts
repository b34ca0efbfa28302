import { computeCorrelations } from '../analytics/correlation/correlation.ts';
import { computeLens, flowEndDate, type Lens } from '../analytics/lens/lens.ts';
import { narrative } from '../analytics/lens/narrative/narrative.ts';
import type { SeriesRefreshState } from '../store/runs.ts';
import { seriesDef } from '../timeseries/catalog.ts';
import { isoDate } from '../timeseries/dates.ts';
import { LOCALES, type Locale } from '../timeseries/locales.ts';
import type { Observation } from '../timeseries/observation.ts';
import { INDICATOR_IDS } from '../timeseries/series.ts';
import { currentValue, type VintagedSeries } from '../timeseries/vintages.ts';
import { freshness } from './freshness.ts';
import { computeModelOutputs, type ModelOutputs } from './model-outputs.ts';
import { type PreparedResponse, prepareJson } from './prepared-response.ts';
import { buildSeriesResponses, DEFAULT_DAYS, type SeriesResponses } from './series-response.ts';
import { buildSitePublication, type SiteContent, type SitePublication } from './site-publication.ts';

export const REGIME_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=21600';
export const HISTORY_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=21600';
export const MODEL_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=21600';
export const LENS_CACHE_CONTROL = 'public, s-maxage=21600, stale-while-revalidate=86400';
export const CORRELATION_CACHE_CONTROL = 'public, s-maxage=900, stale-while-revalidate=1800';

export interface ModelFreshness {
  state: 'current' | 'last-good';
  reason: string | null;
}

export interface ModelState {
  outputs: ModelOutputs;
  freshness: ModelFreshness;
}

/**
 * Everything the HTTP layer serves that depends on data, built once per refresh from stored series and
 * swapped in whole: a request reads one immutable Publication and never computes.
 */
export interface Publication {
  /** Monotonic per process; tells clients and logs which build answered. */
  readonly version: number;
  readonly builtAt: string;
  readonly series: ReadonlyMap<string, SeriesResponses>;
  /** The model result served, or undefined when none was ever computed (then `modelError` says why). */
  readonly model: ModelState | undefined;
  readonly modelError: string | undefined;
  readonly regime: PreparedResponse | undefined;
  readonly history: PreparedResponse | undefined;
  readonly modelDescription: PreparedResponse | undefined;
  /** One pre-built lens response per locale; only the narrative differs between them. */
  readonly lens: ReadonlyMap<Locale, PreparedResponse> | undefined;
  readonly lensError: string | undefined;
  readonly correlation: PreparedResponse | undefined;
  readonly correlationError: string | undefined;
  /** Pages, charts, llms.txt, the API catalog, the snapshot and health; undefined without site content. */
  readonly site: SitePublication | undefined;
  readonly siteError: string | undefined;
  /** Resolves when every response built at publish time has its gzip and brotli encodings. */
  readonly ready: Promise<void>;
}

export interface PublicationInput {
  vintaged: ReadonlyMap<string, VintagedSeries>;
  states: ReadonlyMap<string, SeriesRefreshState>;
  now: Date;
  version: number;
  baseUrl: string;
  /** The publication being replaced: its model result is kept, marked last-good, if the recompute fails. */
  previous?: Publication | undefined;
  /** The repository's site content (blog, methodology, endpoint docs); without it no pages are built. */
  content?: SiteContent | undefined;
  lastRun?: { id: number; status: string; started_at: string; finished_at: string | null } | undefined;
}

export function buildPublication(input: PublicationInput): Publication {
  const current = currentValues(input.vintaged);
  const series = buildAllSeries(current, input.states, input.now);
  const { model, error } = buildModel(input);
  const lens = attempt('lens', input, () => buildLens(current, input.now), input.previous?.lens);
  const correlation = attempt(
    'correlation',
    input,
    () => {
      if (!model?.outputs.run || !model.outputs.inputs) throw new Error('the model has not been computed');
      const report = computeCorrelations(model.outputs.run, model.outputs.inputs);
      return prepareJson({ updatedAt: input.now.toISOString(), ...report }, CORRELATION_CACHE_CONTROL);
    },
    input.previous?.correlation,
  );
  // The model's working arrays were only needed for the correlations: keep just what is served.
  if (model) model.outputs = { ...model.outputs, run: undefined, inputs: undefined };
  const regimeBody = model && { ...model.outputs.regime, freshness: model.freshness };
  const historyBody = model && { ...model.outputs.history, freshness: model.freshness };
  const modelBody = model && { ...model.outputs.description, freshness: model.freshness };
  const site = input.content
    ? attempt(
        'site',
        input,
        () =>
          buildSitePublication({
            content: input.content!,
            baseUrl: input.baseUrl,
            now: input.now,
            publicationVersion: input.version,
            current,
            series,
            states: input.states,
            lastRun: input.lastRun,
            regime: regimeBody,
            history: historyBody,
            model: modelBody,
            lensEn: lens.value && JSON.parse(lens.value.get('en')!.body.toString()),
            correlation: correlation.value && JSON.parse(correlation.value.body.toString()),
          }),
        input.previous?.site,
      )
    : { value: undefined, error: undefined };
  const regime = regimeBody && prepareJson(regimeBody, REGIME_CACHE_CONTROL);
  const history = historyBody && prepareJson(historyBody, HISTORY_CACHE_CONTROL);
  const modelDescription = modelBody && prepareJson(modelBody, MODEL_CACHE_CONTROL);
  const built: Array<PreparedResponse | undefined> = [
    regime,
    history,
    modelDescription,
    correlation.value,
    ...(lens.value?.values() ?? []),
  ];
  built.push(site.value?.llms, site.value?.apiCatalog, site.value?.snapshot, site.value?.health);
  const ready = Promise.all([...built.map((r) => r?.ready), ...[...series.values()].map((s) => s.settled())]).then(
    () => undefined,
  );
  return {
    version: input.version,
    builtAt: input.now.toISOString(),
    series,
    model,
    modelError: error,
    regime,
    history,
    modelDescription,
    ready,
    site: site.value,
    siteError: site.error,
    lens: lens.value,
    lensError: lens.error,
    correlation: correlation.value,
    correlationError: correlation.error,
  };
}

/** Runs one independent computation; on failure keeps the previous publication's result (if any) and the error. */
function attempt<T>(what: string, input: PublicationInput, build: () => T, previous: T | undefined) {
  try {
    return { value: build(), error: undefined };
  } catch (cause) {
    return {
      value: previous,
      error: `${what} recompute failed at ${input.now.toISOString()}: ${(cause as Error).message ?? cause}`,
    };
  }
}

function buildLens(current: ReadonlyMap<string, readonly Observation[]>, now: Date): Map<Locale, PreparedResponse> {
  const lens = withheldRestricted(computeLens(current));
  if (lens.dataAsOf === null) throw new Error('none of the lens inputs has data yet');
  const flowDate = flowEndDate(current);
  const responses = new Map<Locale, PreparedResponse>();
  for (const locale of LOCALES) {
    const body = {
      quantity: lens.quantity,
      price: lens.price,
      structure: lens.structure,
      synthesis: { ...lens.synthesis, narrative: narrative(lens, locale, flowDate) },
      dataAsOf: lens.dataAsOf,
      updatedAt: now.toISOString(),
      lang: locale,
    };
    responses.set(locale, prepareJson(body, LENS_CACHE_CONTROL));
  }
  return responses;
}

/**
 * The HY − IG tiering is computed from two ICE BofA indices whose terms prohibit reproduction in any form: its
 * numbers are withheld, its classification (state, direction) is published.
 */
function withheldRestricted(lens: Lens): Lens {
  const tier = lens.structure.hyIgTiering;
  return { ...lens, structure: { ...lens.structure, hyIgTiering: { ...tier, spreadBps: null, trendBps: null } } };
}

function buildModel(input: PublicationInput): { model: ModelState | undefined; error: string | undefined } {
  try {
    const outputs = computeModelOutputs(input.vintaged, input.now, input.baseUrl);
    return { model: { outputs, freshness: { state: 'current', reason: null } }, error: undefined };
  } catch (cause) {
    const error = `model recompute failed at ${input.now.toISOString()}: ${(cause as Error).message ?? cause}`;
    const previous = input.previous?.model;
    // Keep serving the last good result, and say so: never a silent neutral value.
    return {
      model: previous && { outputs: previous.outputs, freshness: { state: 'last-good', reason: error } },
      error,
    };
  }
}

/** The newest vintage of every date: the current state of each series. */
export function currentValues(vintaged: ReadonlyMap<string, VintagedSeries>): Map<string, Observation[]> {
  const out = new Map<string, Observation[]>();
  for (const [id, series] of vintaged) {
    out.set(
      id,
      series.dates.map((date, i) => ({ date, value: currentValue(series, i) })),
    );
  }
  return out;
}

function buildAllSeries(
  current: ReadonlyMap<string, readonly Observation[]>,
  states: ReadonlyMap<string, SeriesRefreshState>,
  now: Date,
): Map<string, SeriesResponses> {
  const today = isoDate(now);
  const series = new Map<string, SeriesResponses>();
  for (const id of INDICATOR_IDS) {
    const def = seriesDef(id)!;
    const observations = current.get(id) ?? [];
    const last = observations[observations.length - 1];
    if (!last) continue;
    const state = states.get(id);
    const responses = buildSeriesResponses(def, observations, freshness(def, last.date, states, today), {
      lastRefreshAt: state?.lastAttemptAt ?? null,
      lastSuccessAt: state?.lastSuccessAt ?? null,
    });
    if (!responses) continue;
    // The default window is built (and compressed) at publish time; other windows on first request.
    responses.forDays(DEFAULT_DAYS);
    series.set(id, responses);
  }
  return series;
}
