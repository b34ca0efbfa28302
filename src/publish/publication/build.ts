import { setImmediate as nextTurn } from 'node:timers/promises';
import { CORRELATION_INPUTS } from '../../analytics/correlation/correlation.ts';
import { LENS_INPUTS } from '../../analytics/lens/lens.ts';
import type { PendingQuarantine } from '../../store/observations.ts';
import type { SeriesRefreshState } from '../../store/runs.ts';
import type { StoredNote } from '../../store/weekly-notes.ts';
import type { Locale } from '../../timeseries/locales.ts';
import type { Observation } from '../../timeseries/observation.ts';
import { INDICATOR_IDS } from '../../timeseries/series.ts';
import type { VintagedSeries } from '../../timeseries/vintages.ts';
import type { PublicationContent } from '../content.ts';
import { catalogFreshness } from '../freshness.ts';
import type { ModelOutcome } from '../model/computation.ts';
import {
  type ModelResources,
  type ModelState,
  modelResources,
  modelState as modelStateOf,
} from '../model/resources.ts';
import { nextRefreshAt } from '../next-refresh.ts';
import { type Provenance, provenanceBuilder } from '../provenance.ts';
import { attempt, failed, type RecomputeErrors } from '../recompute.ts';
import { type Resource, resource, withProvenance } from '../resource.ts';
import { type ChangelogBody, changelogBody } from '../resources/changelog.ts';
import type { CorrelationBody, CorrelationHistoryBody } from '../resources/correlation.ts';
import { responseExamples } from '../resources/examples.ts';
import { type HealthBody, healthBody, type LastRun } from '../resources/health.ts';
import { type IndicatorSummary, indicatorSummaries } from '../resources/indicators.ts';
import { type LensBody, lensResources } from '../resources/lens.ts';
import type { HistoryBody, ModelBody, RegimeBody } from '../resources/model.ts';
import type { AsOfCompute } from '../resources/model-as-of.ts';
import { type CatalogBody, catalogBody } from '../resources/series/catalog.ts';
import type { SeriesResponses } from '../resources/series/responses.ts';
import { type SnapshotBody, snapshotBody } from '../resources/snapshot.ts';
import { SERVICE_VERSION } from '../service-version.ts';
import type { SiteBuilder, SiteBundle } from '../site-port.ts';
import type { WorkbookSpec } from '../workbook.ts';
import { type Downloads, downloadsOnDemand } from './downloads.ts';
import { buildAllSeries, currentState } from './series.ts';

export type { ChangelogBody, ModelState, Resource };

/**
 * Everything the HTTP layer serves that depends on data, built once per refresh from stored series and swapped in
 * whole: a request reads one immutable Publication and never computes.
 */
export interface Publication extends Downloads {
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
  readonly indicators: readonly IndicatorSummary[];
  /** The model result served, or undefined when none was ever computed (then `errors.model` says why). */
  readonly modelState: ModelState | undefined;
  readonly regime: Resource<RegimeBody> | undefined;
  readonly history: Resource<HistoryBody> | undefined;
  readonly model: Resource<ModelBody> | undefined;
  /** One lens per locale; only the narrative differs between them. */
  readonly lens: ReadonlyMap<Locale, Resource<LensBody>> | undefined;
  readonly correlation: Resource<CorrelationBody> | undefined;
  readonly correlationHistory: Resource<CorrelationHistoryBody> | undefined;
  /** Needs the site content (blog, directory); undefined without it. */
  readonly snapshot: Resource<SnapshotBody> | undefined;
  /** /api/changelog: the API's versions (from the content) and the model's; undefined without content. */
  readonly changelog: Resource<ChangelogBody> | undefined;
  readonly health: Resource<HealthBody>;
  /** The provenance object of an answer reading these series (on-demand answers: /api/series.json). */
  readonly provenance: (ids: readonly string[], asOf?: string) => Provenance;
  /** GET /api/series: every series of the catalog, with its terms and how current it is. */
  readonly catalog: Resource<CatalogBody>;
  /** Real responses, trimmed, by route path: the OpenAPI and documentation examples. */
  readonly examples: ReadonlyMap<string, unknown>;
  /** Why a resource could not be computed this time (the previous result, if any, is served meanwhile). */
  readonly errors: Readonly<RecomputeErrors>;
  /** The week's note of each reading as first published (store/weekly-notes.ts), by reading date. */
  readonly weeklyNotes: ReadonlyMap<string, StoredNote>;
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
  /** The bootstrap snapshot's load, if the store began with one (provenance names it). */
  bootstrap?: { trigger: string; seenAt: string } | null | undefined;
  /** Failed or partial runs since the last successful one (for health's next try). */
  failedRunsInARow?: number | undefined;
  /** Values held out of the current state by the jump check, awaiting confirmation. */
  quarantine?: readonly PendingQuarantine[] | undefined;
  /** The publication's model, computed beforehand (publish/model/kept.ts): a publication never runs the model. */
  computed: ModelOutcome;
  /** The notes kept so far (the latest reading's is kept after this publication is built: publisher.ts). */
  weeklyNotes?: ReadonlyMap<string, StoredNote> | undefined;
  /** How `asOf` answers compute the model (default: on the worker thread). */
  asOfCompute?: AsOfCompute | undefined;
  /** Builds xlsx bytes; default: on the worker thread. */
  workbookBuild?: ((spec: WorkbookSpec) => Promise<Uint8Array>) | undefined;
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
  const errors: RecomputeErrors = {};
  const stamp = input.now.toISOString();
  // A series whose vintages are the previous publication's very own (the store gained none for it) keeps its
  // current state and its serialized points: most refreshes change few series.
  const current = await currentState(input.vintaged, previous);
  const freshness = catalogFreshness(current, input.states, input.now);
  const { state: modelState, correlationReport } = modelStateOf(
    input.computed,
    input.now,
    previous?.modelState,
    errors,
  );
  // Every data resource says where it comes from: service, model, publication, and each input's provider,
  // provider id, terms and the vintage read (publish/provenance.ts).
  const provenance = provenanceBuilder({
    vintaged: input.vintaged,
    serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    modelVersion: modelState?.outputs.description.version ?? null,
    publication: { id: input.version, builtAt: stamp },
    bootstrap: input.bootstrap,
  });
  const series = await buildAllSeries(current, freshness, provenance, previous?.series);
  const { lens, correlation, correlationHistory, model, indicators, snapshot, changelog, health, catalog, examples } =
    await resourcesOf({
      input,
      current,
      freshness,
      series,
      modelState,
      correlationReport,
      provenance,
      errors,
      previous,
    });

  const publication: Publication = {
    version: input.version,
    builtAt: stamp,
    baseUrl: input.baseUrl,
    content: input.content,
    vintaged: input.vintaged,
    current,
    series,
    ...downloadsOf(input, current, model, provenance),
    indicators,
    modelState,
    regime: model?.regime,
    history: model?.history,
    model: model?.description,
    lens,
    correlation,
    correlationHistory,
    snapshot,
    changelog,
    health,
    catalog,
    provenance: (ids, asOf) => provenance(ids, asOf),
    examples,
    errors,
    weeklyNotes: input.weeklyNotes ?? new Map(),
    site: undefined,
    ready: Promise.resolve(),
  };
  await nextTurn();
  const site =
    input.site && input.content
      ? attempt('site', errors, stamp, () => input.site!(publication), previous?.site)
      : undefined;
  const ready = encoded(publication, site);
  return { ...publication, site, ready };
}

/** What the publication computes on demand (publication/downloads.ts), from its input and its resources. */
function downloadsOf(
  input: Omit<PublicationInput, 'previous'>,
  current: Awaited<ReturnType<typeof currentState>>,
  model: Awaited<ReturnType<typeof modelResources>> | undefined | null,
  provenance: ReturnType<typeof provenanceBuilder>,
) {
  return downloadsOnDemand({
    vintaged: input.vintaged,
    current,
    model: model ?? undefined,
    provenance,
    version: input.version,
    builtAt: input.now.toISOString(),
    baseUrl: input.baseUrl,
    serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    asOfCompute: input.asOfCompute,
    workbookBuild: input.workbookBuild,
  });
}

/**
 * The publication's resources beside its series, each serialized (and its encodings started) in a turn of its own,
 * as each series is: together they held the serving thread for ~40 ms at a time (a CPU profile of the soak,
 * 2026-11-24). `previous` is read in plain calls only, never in a closure: a closure naming it puts it in the
 * context that every closure made here shares (V8), and the publication keeps some of them: each publication
 * kept all the ones before (the retention test).
 */
async function resourcesOf(parts: {
  input: Omit<PublicationInput, 'previous'>;
  current: Awaited<ReturnType<typeof currentState>>;
  freshness: ReturnType<typeof catalogFreshness>;
  series: Awaited<ReturnType<typeof buildAllSeries>>;
  modelState: ReturnType<typeof modelStateOf>['state'];
  correlationReport: ReturnType<typeof modelStateOf>['correlationReport'];
  provenance: ReturnType<typeof provenanceBuilder>;
  errors: RecomputeErrors;
  previous: Publication | undefined;
}) {
  const { input, current, freshness, series, modelState, correlationReport, provenance, errors, previous } = parts;
  const stamp = input.now.toISOString();
  const modelInputs = modelState?.outputs.description.groups.flatMap((g) => g.indicators.map((i) => i.id)) ?? [];
  let lens: Publication['lens'];
  try {
    lens = await lensResources(current, input.now, provenance(LENS_INPUTS));
  } catch (cause) {
    lens = failed('lens', errors, stamp, cause, previous?.lens);
  }
  await nextTurn();
  const { correlation, correlationHistory } = await correlationResources(
    correlationReport,
    provenance([...modelInputs, ...CORRELATION_INPUTS]),
    errors,
    stamp,
    previous?.correlation,
    previous?.correlationHistory,
  );
  const modelProvenance = provenance(modelInputs);
  const model = modelState && (await modelResources(modelState, modelProvenance, input.baseUrl));
  await nextTurn();
  const indicators = indicatorSummaries(current, series, freshness);
  const snapshot = input.content
    ? snapshotResource(input.content, input.baseUrl, input.now, model, indicators, provenance(INDICATOR_IDS), errors)
    : undefined;
  await nextTurn();
  const changelog = input.content && resource(changelogBody(input.content, model?.description.body), 'model');
  await nextTurn();
  const health = healthResource(input, modelState, current, indicators, provenance([...current.keys()]));
  await nextTurn();
  const catalog = resource(catalogBody(current, input.vintaged, input.baseUrl), 'series');
  await nextTurn();
  const examples = publicationExamples({
    content: input.content,
    catalog,
    series,
    model,
    lens,
    correlation,
    correlationHistory,
    snapshot,
    health,
  });
  return { lens, correlation, correlationHistory, model, indicators, snapshot, changelog, health, catalog, examples };
}

/**
 * The statistics and their weekly history: two resources of one computation, which fail and are kept together.
 * Each is serialized in a turn of its own.
 */
async function correlationResources(
  report: ReturnType<typeof modelStateOf>['correlationReport'],
  provenance: Provenance,
  errors: RecomputeErrors,
  stamp: string,
  previousCorrelation: Publication['correlation'],
  previousHistory: Publication['correlationHistory'],
): Promise<Pick<Publication, 'correlation' | 'correlationHistory'>> {
  const computed = () => {
    if (!report) throw new Error('the model has not been computed');
    if ('error' in report) throw new Error(report.error);
    return report;
  };
  const correlation = attempt(
    'correlation',
    errors,
    stamp,
    () => {
      const { rollingHistory: _history, ...statistics } = computed();
      return resource<CorrelationBody>({ updatedAt: stamp, ...statistics, provenance }, 'correlation');
    },
    previousCorrelation,
  );
  await nextTurn();
  const correlationHistory = attempt(
    'correlation',
    errors,
    stamp,
    () =>
      resource<CorrelationHistoryBody>({ updatedAt: stamp, ...computed().rollingHistory, provenance }, 'correlation'),
    previousHistory,
  );
  return { correlation, correlationHistory };
}

/** /api/snapshot: everything in one call; it needs the regime. */
function snapshotResource(
  content: PublicationContent,
  baseUrl: string,
  now: Date,
  model: ModelResources | undefined,
  indicators: readonly IndicatorSummary[],
  provenance: Provenance,
  errors: RecomputeErrors,
): Publication['snapshot'] {
  return attempt(
    'snapshot',
    errors,
    now.toISOString(),
    () => {
      if (!model) throw new Error('the regime is not available, so the snapshot cannot be assembled');
      const body = snapshotBody({
        content,
        baseUrl,
        now,
        regime: model.regime.body,
        model: model.description.body,
        indicators,
      });
      return resource({ ...body, provenance }, 'snapshot');
    },
    undefined,
  );
}

/** /api/health: the last refresh, each source's outcome, the reading's freshness and the next try. */
function healthResource(
  input: Omit<PublicationInput, 'previous'>,
  modelState: ModelState | undefined,
  current: ReadonlyMap<string, readonly Observation[]>,
  indicators: readonly IndicatorSummary[],
  provenance: Provenance,
): Resource<HealthBody> {
  const body = healthBody({
    now: input.now,
    serviceVersion: input.content?.serviceVersion ?? SERVICE_VERSION,
    modelVersion: modelState?.outputs.description.version ?? null,
    publicationVersion: input.version,
    reading: modelState && { date: modelState.outputs.regime.date, freshness: modelState.freshness },
    lastRun: input.lastRun,
    states: input.states,
    current,
    indicators,
    quarantine: input.quarantine ?? [],
    nextRefreshAt: input.content
      ? nextRefreshAt(input.lastRun, input.failedRunsInARow ?? 0, input.content.refreshSchedule)
      : null,
  });
  return resource(withProvenance(body, provenance), 'health');
}

/** Real responses, trimmed, by route path: the OpenAPI document's and the documentation's examples. */
function publicationExamples(r: {
  content: PublicationContent | undefined;
  catalog: Resource<CatalogBody>;
  series: Publication['series'];
  model: ModelResources | undefined;
  lens: Publication['lens'];
  correlation: Publication['correlation'];
  correlationHistory: Publication['correlationHistory'];
  snapshot: Publication['snapshot'];
  health: Resource<HealthBody>;
}): ReadonlyMap<string, unknown> {
  const tga = r.series.get('tga');
  return responseExamples({
    '/api/series': r.catalog.body,
    ...(r.content ? { '/api': r.content.directory } : {}),
    '/api/series/{id}': tga && JSON.parse(tga.forDays(7).body.toString()),
    '/api/regime': r.model?.regime.body,
    '/api/history': r.model && r.model.history.body.count > 0 ? r.model.history.body : undefined,
    '/api/model': r.model?.description.body,
    '/api/lens': r.lens?.get('en')?.body,
    '/api/correlation': r.correlation?.body,
    '/api/correlation/history': r.correlationHistory?.body,
    '/api/snapshot': r.snapshot?.body,
    '/api/health': r.health.body,
  });
}

/** Resolves when every response built at publish time has its gzip and brotli encodings. */
function encoded(p: Publication, site: SiteBundle | undefined): Promise<void> {
  const built = [
    p.regime,
    p.history,
    p.model,
    p.correlation,
    p.correlationHistory,
    p.snapshot,
    p.health,
    ...(p.lens?.values() ?? []),
    p.catalog,
  ].map((r) => r?.response);
  built.push(site?.llms, site?.apiCatalog);
  return Promise.all([...built.map((r) => r?.ready), ...[...p.series.values()].map((s) => s.settled())]).then(
    () => undefined,
  );
}
